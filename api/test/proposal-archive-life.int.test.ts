import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textHash } from '@cr/contracts-abi/statements';
import { checkArchive } from '../../scripts/src/verify/archive-checks';
import { proposalArchiveSchema, type ProposalArchive } from '@cr/contract/proposal-archive.contract';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import { proposalTracking } from '@cr/core/db/schema/proposal-tracking.schema';
import {
  settled,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
  passedProposal,
} from './proposal-harness';
import { requestWallet } from './wallet-harness';

/**
 * The whole life of a proposal in its archive (version 2, docs/verify.md "Archive"), on a real chain with the real
 * api and worker: a proposal passed, paid stage by stage, reported on in two tracking messages and a final
 * summary that the secretary general reviewed, and concluded FINAL by the owner and the secretary general. The
 * verifier (`npm run verify -- file --rpc`) checks the conclusion's two signatures and its Concluded event and
 * every message and review; one byte changed in a message in the file, or in the database (against --rpc, which
 * reads what the site serves), is named.
 */
const V = 20;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let env: ProposalEnv;
let proposalId: string;
let number: number;
let dir: string;
const SUMMARY = 'We delivered everything we promised: beta, release and documentation.';
const MESSAGES = [
  'Milestone one: the beta is out for testing.',
  'Milestone two: the release candidate is tagged.',
];

const payments = async () =>
  (await env.t.call<ProposalPayments>('GET', `/proposals/${proposalId}/payments`)).body.data!;
const waitStage = (stage: number, status: string) =>
  waitUntil(`stage ${stage} ${status}`, async () => {
    const m = (await payments()).milestones[stage];
    return m?.status === status && settled(m) ? true : undefined;
  });
async function sign(who: Person, action: string, params: Record<string, unknown>) {
  const req = await requestWallet(env.t, action, who.token, { proposalId, ...params });
  if (req.status !== 200) throw new Error(`${action} ${req.status} ${JSON.stringify(req.body)}`);
  const res = await env.approve(req.body.data!.url, who.name);
  if (res.status !== 200) throw new Error(`${action} ${res.status} ${JSON.stringify(res.body)}`);
}
/** The owner writes and submits; the secretary general approves with `comment`. */
async function published(kind: 'TRACKING' | 'SUMMARY', content: string, comment: string) {
  const w = await env.t.call<{ entry: { _id: string } }>('POST', `/proposals/${proposalId}/tracking`, {
    token: env.owner.token,
    body: { kind, content, submit: true },
  });
  expect(w.status).toBe(200);
  const id = w.body.data!.entry._id;
  const r = await env.t.call('POST', `/proposals/${proposalId}/tracking/${id}/review`, {
    token: env.secretary.token,
    body: { decision: 'approve', comment },
  });
  expect(r.status).toBe(200);
  return id;
}
async function archiveOf(): Promise<ProposalArchive> {
  const res = await fetch(`${env.t.url}/api/proposals/${number}/archive`);
  expect(res.status).toBe(200);
  return proposalArchiveSchema.parse(await res.json());
}
/** The CLI as a third party runs it; resolves with its exit code and output. */
async function runVerifier(archive: ProposalArchive, name: string, rpc?: string) {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(archive));
  return new Promise<{ code: number; out: string }>((done) => {
    const args = ['run', '--silent', 'verify', '--', file, ...(rpc ? ['--rpc', rpc] : [])];
    execFile('npm', args, { cwd: ROOT }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cr-archive-life-'));
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  ({ id: proposalId, number } = await passedProposal(env, env.owner));
  // Every stage paid, two tracking messages and the summary published, then the conclusion co-signed.
  await waitStage(0, 'WAITING_FOR_WITHDRAWAL');
  await sign(env.owner, 'withdraw', {});
  await waitStage(0, 'WITHDRAWN');
  await published('TRACKING', MESSAGES[0]!, 'Thanks, the beta works.');
  await sign(env.owner, 'request-payment', { stage: 1, message: 'Beta done.' });
  await waitStage(1, 'WAITING_FOR_APPROVAL');
  await sign(env.secretary, 'review-payment', { stage: 1, approve: true, opinion: 'Fine.' });
  await waitStage(1, 'WAITING_FOR_WITHDRAWAL');
  await sign(env.owner, 'withdraw', {});
  await waitStage(1, 'WITHDRAWN');
  await published('TRACKING', MESSAGES[1]!, '');
  await published('SUMMARY', SUMMARY, 'Approved: a complete report.');
  await sign(env.owner, 'request-payment', { stage: 2, message: 'Completed.' });
  await waitStage(2, 'WAITING_FOR_APPROVAL');
  await sign(env.secretary, 'review-payment', { stage: 2, approve: true, opinion: 'Complete.' });
  await waitStage(2, 'WAITING_FOR_WITHDRAWAL');
  await sign(env.owner, 'withdraw', {});
  await waitStage(2, 'WITHDRAWN');
  await sign(env.owner, 'conclude', { outcome: 'FINAL' });
  await sign(env.secretary, 'conclude', { outcome: 'FINAL' });
  await waitForProposal(env, proposalId, 'FINAL', (d) => d.status === 'FINAL');
  await waitUntil('the conclusion on chain in the archive', async () => {
    const a = await archiveOf();
    return a.conclusion?.txHash ? true : undefined;
  });
}, 420_000);
afterAll(async () => {
  await env?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the archive of a FINAL proposal', () => {
  it('holds the conclusion and every published message with its review, and every check passes', async () => {
    const a = await archiveOf();
    expect(a.version).toBe(2);
    expect(a.site).toBe(new URL(env.t.deps.config.PUBLIC_URL).origin);
    expect(a.conclusion).toMatchObject({
      outcome: 'FINAL',
      text: SUMMARY,
      summaryHash: textHash(SUMMARY),
      ownerDid: env.owner.wallet.did,
      secretaryDid: env.secretary.wallet.did,
    });
    expect(a.tracking.map((t) => [t.kind, t.content, t.contentHash, t.reviewerDid])).toEqual([
      ['TRACKING', MESSAGES[0], textHash(MESSAGES[0]!), env.secretary.wallet.did],
      ['TRACKING', MESSAGES[1], textHash(MESSAGES[1]!), env.secretary.wallet.did],
      ['SUMMARY', SUMMARY, textHash(SUMMARY), env.secretary.wallet.did],
    ]);
    expect(a.tracking[0]!.reviewHash).toBe(textHash('Thanks, the beta works.'));
    expect(a.related).toEqual([]);
    expect(a.elip).toBeNull();
    expect(a.signers.map((s) => s.did)).toContain(env.secretary.wallet.did);

    const results = checkArchive(a);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const cli = await runVerifier(a, 'final.json', env.anvil.rpcUrl);
    expect(cli.out).not.toContain('MISMATCH');
    expect(cli.code).toBe(0);
    for (const line of [
      'ok       conclusion: summary: hash ok',
      `ok       conclusion by the owner ${env.owner.wallet.did}: signature ok`,
      `ok       conclusion by the secretary general ${env.secretary.wallet.did}: signature ok`,
      'ok       conclusion on chain: Concluded FINAL ok',
      `ok       tracking message #1 ${a.tracking[0]!.id}: message: hash ok`,
      `ok       tracking message #2 ${a.tracking[1]!.id}: review: hash ok`,
      `ok       final summary ${a.tracking[2]!.id} on the site: message and review hash ok`,
    ])
      expect(cli.out).toContain(line);
    // Every message and review, from the file and against the site.
    expect(
      cli.out.match(/^ok {7}(tracking message|final summary) .*: (message|review): hash ok$/gm),
    ).toHaveLength(6);
    expect(cli.out.match(/^ok {7}(tracking message|final summary) .* on the site: /gm)).toHaveLength(3);
  }, 120_000);

  it('names the tracking message that lost one byte in the file', async () => {
    const a = await archiveOf();
    const t = a.tracking[1]!;
    t.content = `${t.content.slice(0, 5)}${t.content[5] === 'x' ? 'y' : 'x'}${t.content.slice(6)}`;
    const cli = await runVerifier(a, 'flipped-message.json');
    expect(cli.code).toBe(1);
    const mismatches = cli.out.split('\n').filter((l) => l.startsWith('MISMATCH'));
    expect(mismatches).toEqual([
      expect.stringMatching(new RegExp(`^MISMATCH tracking message #2 ${t.id}: message: hash mismatch`)),
    ]);
  }, 60_000);

  it('names a published message changed by one byte in the database, against --rpc and in a new archive', async () => {
    const before = await archiveOf();
    const t = before.tracking[0]!;
    const edited = `${t.content.slice(0, 5)}${t.content[5] === 'x' ? 'y' : 'x'}${t.content.slice(6)}`;
    await env.t.deps.database.db
      .update(proposalTracking)
      .set({ content: edited })
      .where(eq(proposalTracking.id, t.id));
    // The file made before the edit: the site now serves other words than were published.
    const cli = await runVerifier(before, 'before-edit.json', env.anvil.rpcUrl);
    expect(cli.code).toBe(1);
    expect(cli.out.split('\n').filter((l) => l.startsWith('MISMATCH'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^MISMATCH tracking message #1 ${t.id} on the site: message: hash mismatch \\(site 0x[0-9a-f]{64}`,
        ),
      ),
    ]);
    // A file made after the edit carries the hash stored when it was published: the file alone names it.
    const after = await archiveOf();
    expect(after.tracking[0]!.contentHash).toBe(t.contentHash);
    const failed = checkArchive(after).filter((r) => !r.ok);
    expect(failed.map((r) => `${r.item}: ${r.detail}`)).toEqual([
      expect.stringMatching(new RegExp(`^tracking message #1 ${t.id}: message: hash mismatch`)),
    ]);
  }, 60_000);
});
