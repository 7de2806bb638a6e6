import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import { proposalMilestones } from '@cr/core/db/schema/milestone.schema';
import { proposalVotes } from '@cr/core/db/schema/proposal.schema';
import type { Db } from '@cr/core/db/db-client';
import { launchBrowser, newPage, shot } from './browser';
import {
  call,
  councilMember,
  didMember,
  openAs,
  passByApi,
  postSuggestion,
  signedByWallet,
  until,
  walletLogin,
  type Member,
} from './proposal-flow';
import { runId } from './qr';
import { startE2eSite, type E2eSite } from './site';

/**
 * Issue 16, "Verify it yourself": a proposal that went through voting and a payment (advance withdrawn, stage 2
 * requested and approved). Its archive, downloaded through the page's "Download archive" link, passes the offline
 * verifier (alone and against the site's RPC proxy); one byte of a vote reason flipped in the file fails it,
 * naming the vote. Every integrity badge on the page (draft hash, vote reason, request message, review opinion,
 * withdrawal) is verified on chain; after the vote reason and the request message are changed in the database,
 * their badges report the mismatch, naming the item.
 *
 * This file starts its own site (not the shared one of the browser run): it changes rows behind the api, which
 * needs the site's database handle in this process.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let site: E2eSite;
let db: Db;
let changedBehindApi: (scope: 'proposals') => Promise<void>;
let stopSite: () => Promise<void>;
let browser: Browser;
let dir: string;
let council: Member[];
let number: number;
let proposalId: string;
const REASON = `Milestones are concrete — 里程碑清楚 ${runId()}`;
const MESSAGE = 'Beta build published with release notes.';
const OPINION = '交付物已核实，同意付款。';

const flip = (text: string, at = 3) =>
  `${text.slice(0, at)}${text[at] === 'x' ? 'y' : 'x'}${text.slice(at + 1)}`;
const payments = () => call<ProposalPayments>(site, `/api/proposals/${number}/payments`);

/** The verifier CLI as a third party runs it (`npx tsx scripts/src/verify/verify-archive.ts`). */
function verifier(file: string, rpc?: string) {
  const args = ['tsx', 'scripts/src/verify/verify-archive.ts', file, ...(rpc ? ['--rpc', rpc] : [])];
  return new Promise<{ code: number; out: string }>((done) =>
    execFile('npx', args, { cwd: ROOT }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cr-badges-'));
  const started = await startE2eSite();
  site = started.site;
  db = started.db;
  changedBehindApi = started.changedBehindApi;
  stopSite = started.stop;
  browser = await launchBrowser();
  council = await Promise.all(Array.from({ length: 8 }, (_, i) => councilMember(site, i + 1)));
  const author = await didMember(site, 'badges');
  const s = await postSuggestion(site, author, `Integrity badges ${runId()}`);
  ({ number, id: proposalId } = await passByApi(site, author, council, s, REASON));
  const stage = (i: number, status: string) =>
    until(`stage ${i} ${status}`, payments, (p) => p.milestones[i]?.status === status, 60_000);
  await stage(0, 'WAITING_FOR_WITHDRAWAL');
  await signedByWallet(site, author, 'withdraw', { proposalId });
  await stage(0, 'WITHDRAWN');
  await signedByWallet(site, author, 'request-payment', { proposalId, stage: 1, message: MESSAGE });
  await stage(1, 'WAITING_FOR_APPROVAL');
  const secretary = {
    token: String((await walletLogin(site, 'secretary')).result.token),
    wallet: 'secretary',
  };
  await signedByWallet(site, secretary, 'review-payment', {
    proposalId,
    stage: 1,
    approve: true,
    opinion: OPINION,
  });
  await until(
    'review indexed',
    payments,
    (p) => !!p.milestones[1]?.reviewTxHash && !!p.milestones[1]?.requestTxHash && p.withdrawals.length === 1,
    60_000,
  );
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await stopSite?.();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const voteRow = (page: Page, did: string) => page.locator(`[data-testid="vote-row"][data-did="${did}"]`);

/** Clicks the badge's "Check on chain" inside `scope` and waits for its answer. */
async function check(scope: ReturnType<Page['locator']>, kind: string) {
  await scope.locator(`[data-testid="proof-check"][data-kind="${kind}"]`).first().click();
  const badge = scope.locator(`[data-testid="proof"][data-kind="${kind}"]`).first();
  await badge.waitFor({ timeout: 15_000 });
  await expect.poll(() => badge.getAttribute('data-state')).not.toBeNull();
  return badge;
}

describe('integrity badges and the archive of a proposal that was voted and paid', () => {
  it('the archive downloaded from the page passes the verifier; a flipped byte of a vote reason fails it, naming the vote', async () => {
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site, null, 'en', `/proposals/${number}`);
    const link = page.locator('[data-testid="proposal-archive"]');
    await link.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`proposal-${number}.json`);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);

    const ok = await verifier(file, `${site.url}/api/rpc`);
    expect(ok.out).not.toContain('MISMATCH');
    expect(ok.out).toMatch(new RegExp(`all \\d+ checks passed for proposal #${number}`));
    expect(ok.code).toBe(0);

    // One byte of the third vote's reason, flipped in the file as downloaded.
    const raw = await readFile(file, 'utf8');
    const archive = JSON.parse(raw) as { votes: Array<{ memberDid: string; reason: string }> };
    expect(archive.votes).toHaveLength(8);
    const vote = archive.votes[2]!;
    vote.reason = flip(vote.reason);
    const flipped = join(dir, 'flipped.json');
    await writeFile(flipped, JSON.stringify(archive));
    const bad = await verifier(flipped);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`MISMATCH vote of ${vote.memberDid}: reason: hash mismatch`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('every badge verifies on chain; a vote reason and a payment message changed in the database show as mismatches', async () => {
    const member = council[5]!;
    for (const lang of ['en', 'zh'] as const) {
      const { page, context, errors } = await newPage(browser, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await openAs(page, site, null, lang, `/proposals/${number}`);
      const stage2 = page.locator('[data-testid="milestone"][data-stage="1"]');
      await stage2.waitFor({ timeout: 15_000 });
      const body = page.locator('body');
      for (const [scope, kind] of [
        [page.locator('[data-testid="proposal-preamble"]'), 'draft'],
        [voteRow(page, member.did), 'vote'],
        [stage2, 'request'],
        [stage2, 'review'],
        [page.locator('[data-testid="withdrawal"]').first(), 'withdrawal'],
      ] as const) {
        const badge = await check(scope, kind);
        expect(`${kind}: ${await badge.getAttribute('data-state')}`).toBe(`${kind}: verified`);
      }
      await page.locator('[data-testid="payments-card"]').scrollIntoViewIfNeeded();
      await shot(page, `integrity-badges-verified-${lang}`, { fullPage: false });
      expect(await body.locator('[data-testid="proof"][data-state="mismatch"]').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }

    // The server's copy changed behind the chain's back: one vote reason and stage 2's request message.
    await db
      .update(proposalVotes)
      .set({ reason: flip(REASON) })
      .where(and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberDid, member.did)));
    await db
      .update(proposalMilestones)
      .set({ message: flip(MESSAGE) })
      .where(and(eq(proposalMilestones.proposalId, proposalId), eq(proposalMilestones.stage, 1)));
    // The api's cached detail (renewed by every change the api makes) is renewed for this one too; without it the
    // page showed the cached copy, which still matched the chain, whenever no other change came in between.
    await changedBehindApi('proposals');

    const name = (
      await call<{ votes: Array<{ member: { did: string; name: string } }> }>(
        site,
        `/api/proposals/${number}`,
      )
    ).votes.find((v) => v.member.did === member.did)!.member.name;
    for (const [lang, texts] of [
      [
        'en',
        {
          bad: 'Does not match the chain',
          vote: `the reason of ${name}'s vote`,
          request: 'stage 2 payment request message',
        },
      ],
      ['zh', { bad: '与链上记录不一致', vote: `${name} 的投票理由`, request: '第 2 期付款申请说明' }],
    ] as const) {
      const { page, context, errors } = await newPage(browser, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await openAs(page, site, null, lang, `/proposals/${number}`);
      const stage2 = page.locator('[data-testid="milestone"][data-stage="1"]');
      await stage2.waitFor({ timeout: 15_000 });
      const vote = await check(voteRow(page, member.did), 'vote');
      expect(await vote.getAttribute('data-state')).toBe('mismatch');
      await expect.poll(() => vote.textContent()).toContain(texts.bad);
      expect(await vote.textContent()).toContain(texts.vote);
      const voteTag = vote.locator('.ant-tag');
      expect(await voteTag.getAttribute('aria-label')).toMatch(/0x[0-9a-f]{64}.*0x[0-9a-f]{64}/);
      expect(await voteTag.getAttribute('aria-label')).toContain(texts.bad);
      const request = await check(stage2, 'request');
      expect(await request.getAttribute('data-state')).toBe('mismatch');
      await expect.poll(() => request.textContent()).toContain(texts.request);
      // The rest still agree with the chain.
      expect(await (await check(stage2, 'review')).getAttribute('data-state')).toBe('verified');
      await voteRow(page, member.did).scrollIntoViewIfNeeded();
      await shot(page, `integrity-badges-vote-mismatch-${lang}`, { fullPage: false });
      await stage2.scrollIntoViewIfNeeded();
      await shot(page, `integrity-badges-payment-mismatch-${lang}`, { fullPage: false });
      // A mismatch stays: nothing resets it.
      await page.waitForTimeout(500);
      expect(await request.getAttribute('data-state')).toBe('mismatch');
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
