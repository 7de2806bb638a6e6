import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchive } from '../../scripts/src/verify/archive-checks';
import { proposalArchiveSchema, type ProposalArchive } from '@cr/contract/proposal-archive.contract';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import { proposalVotes } from '@cr/core/db/schema/proposal.schema';
import {
  startProposalEnv,
  waitUntil,
  type Person,
  settled,
  type ProposalEnv,
  passedProposal,
  detail,
} from './proposal-harness';
import { requestWallet } from './wallet-harness';

/**
 * The proposal archive and its offline verifier (docs/verify.md "Archive") on a real chain: a proposal passed by
 * 8 council votes, then paid its advance and a requested, approved stage. The downloaded file passes every check,
 * alone and against the chain (the CLI, `npm run verify -- file --rpc`); one byte of a vote reason flipped in the
 * file, or the reason changed in the database, is reported naming that vote.
 */
const V = 20;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let env: ProposalEnv;
let proposalId: string;
let number: number;
let dir: string;

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

async function download(ref: string | number) {
  return fetch(`${env.t.url}/api/proposals/${ref}/archive`);
}
async function archiveOf(ref: string | number): Promise<ProposalArchive> {
  const res = await download(ref);
  expect(res.status).toBe(200);
  return proposalArchiveSchema.parse(await res.json());
}

/** The CLI as a third party runs it; resolves with its exit code and output. */
function runVerifier(archive: ProposalArchive, name: string, rpc?: string) {
  const file = join(dir, name);
  return writeFile(file, JSON.stringify(archive)).then(
    () =>
      new Promise<{ code: number; out: string }>((done) => {
        const args = ['run', '--silent', 'verify', '--', file, ...(rpc ? ['--rpc', rpc] : [])];
        execFile('npm', args, { cwd: ROOT }, (err, stdout, stderr) =>
          done({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out: `${stdout}${stderr}` }),
        );
      }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cr-archive-'));
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  ({ id: proposalId, number } = await passedProposal(env, env.owner));
  // Payments: the advance withdrawn, then stage 2 requested and approved by the secretary general.
  await waitStage(0, 'WAITING_FOR_WITHDRAWAL');
  await sign(env.owner, 'withdraw', {});
  await waitStage(0, 'WITHDRAWN');
  await sign(env.owner, 'request-payment', { stage: 1, message: 'Beta build published.' });
  await waitStage(1, 'WAITING_FOR_APPROVAL');
  await sign(env.secretary, 'review-payment', { stage: 1, approve: true, opinion: 'Approved: beta works.' });
  await waitStage(1, 'WAITING_FOR_WITHDRAWAL');
}, 300_000);
afterAll(async () => {
  await env?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the proposal archive and the offline verifier', () => {
  it('downloads one JSON file whose every check passes, from the file alone and against the chain', async () => {
    // The detail page offers the download.
    expect((await detail(env, proposalId)).archivable).toBe(true);
    const res = await download(number);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="proposal-${number}.json"`);
    const archive = proposalArchiveSchema.parse(await res.json());
    expect(archive.chain).toMatchObject({ chainId: 31337, governance: env.deployment.addresses.governance });
    expect(archive.votes).toHaveLength(8);
    expect(archive.payments.map((p) => [p.action, p.stage])).toEqual([
      ['withdrawal', null],
      ['request', 1],
      ['review', 1],
    ]);
    expect(archive.signers.every((s) => s.didDocument !== null)).toBe(true);
    // By uuid too, and a proposal that does not exist is a 404.
    expect((await archiveOf(proposalId)).proposal.draftHash).toBe(archive.proposal.draftHash);
    expect((await download(99_999)).status).toBe(404);

    const results = checkArchive(archive);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    // 2 hashes + 2×2 registration + 8×3 votes + payments (withdrawal 2, request 4, review 4) + signers.
    expect(results.length).toBe(2 + 4 + 24 + 10 + archive.signers.length);

    const cli = await runVerifier(archive, 'ok.json', env.anvil.rpcUrl);
    expect(cli.out).not.toContain('MISMATCH');
    expect(cli.out).toContain(`all ${results.length + 2 + 8 + 3} checks passed for proposal #${number}`);
    expect(cli.code).toBe(0);
  }, 120_000);

  it('names the vote whose reason lost one byte in the file', async () => {
    const archive = await archiveOf(number);
    const vote = archive.votes[3]!;
    vote.reason = `${vote.reason.slice(0, 5)}${vote.reason[5] === 'x' ? 'y' : 'x'}${vote.reason.slice(6)}`;
    const failed = checkArchive(archive).filter((r) => !r.ok);
    expect(failed.map((r) => `${r.item}: ${r.detail}`)).toEqual([
      expect.stringMatching(new RegExp(`^vote of ${vote.memberDid}: reason: hash mismatch`)),
    ]);
    const cli = await runVerifier(archive, 'flipped.json');
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`MISMATCH vote of ${vote.memberDid}: reason: hash mismatch`);
  }, 60_000);

  it('reports a reason changed in the database against the chain', async () => {
    const member = env.council[5]!;
    await env.t.deps.database.db
      .update(proposalVotes)
      .set({ reason: 'A reason rewritten after the vote.' })
      .where(and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberDid, member.wallet.did)));
    const archive = await archiveOf(number);
    const cli = await runVerifier(archive, 'db-changed.json', env.anvil.rpcUrl);
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(
      new RegExp(
        `MISMATCH vote of ${member.wallet.did} on chain: reason: hash mismatch \\(chain 0x[0-9a-f]{64}`,
      ),
    );
    // Only that vote: every other member's line still passes.
    const chainLines = cli.out
      .split('\n')
      .filter((l) => / on chain: /.test(l) && l.startsWith('MISMATCH vote'));
    expect(chainLines).toHaveLength(1);
  }, 60_000);
});
