import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickWhenStill, launchBrowser, newPage, shot, useSite } from './browser';
import {
  approveDialogQr,
  call,
  councilMember,
  didMember,
  openAs,
  postSuggestion,
  proposal,
  until,
  walletLogin,
  type Member,
  chainRpc,
  passByApi,
  signedByWallet,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 10 to the end, on the local chain with the dev wallets and short windows: a passed proposal (prepared
 * through the api) is carried to FINAL on its page. The owner requests stage 2, the secretary general approves it,
 * the owner withdraws it (the recipient's balance, read from the chain, rises by exactly the stage amount); a
 * tracking message is submitted, rejected with a comment, edited, resubmitted and approved; the final summary is
 * submitted and approved; the completion payment is requested, approved and withdrawn; the owner and the
 * secretary general both sign the conclusion, and the proposal is FINAL. The owner works in English at 1280 px,
 * the secretary general in Chinese at 375 px; the final state is shot in both languages at both sizes. Pages are
 * never reloaded while the other party acts.
 */
const site = useSite();
let browser: Browser;
let author: Member;
let secretaryToken: string;
let number: number;
let recipient: string;
const ELA = 10n ** 18n;

const rpc = <T>(method: string, params: unknown[]) => chainRpc<T>(site.site, method, params);
const balanceWei = async () => BigInt(await rpc<string>('eth_getBalance', [recipient, 'latest']));
const signed = (token: string, wallet: string, action: string, params: Record<string, unknown>) =>
  signedByWallet(site.site, { token, wallet }, action, params);

const milestone = (page: Page, stage: number) =>
  page.locator(`[data-testid="milestone"][data-stage="${stage}"]`);
const waitMilestone = (page: Page, stage: number, status: string) =>
  page
    .locator(`[data-testid="milestone"][data-stage="${stage}"][data-status="${status}"]`)
    .waitFor({ timeout: 60_000 });
const waitEntry = (page: Page, scope: string, status: string) =>
  page
    .locator(`[data-testid="${scope}"] [data-testid="tracking-entry"][data-status="${status}"]`)
    .first()
    .waitFor({ timeout: 30_000 });
const qrShown = (page: Page) =>
  page.locator('.cr-wallet-dialog [data-testid="wallet-qr"]').waitFor({ timeout: 30_000 });
const dialogText = (page: Page) => page.locator('.cr-wallet-dialog').innerText();

/** The owner requests `stage` with a message; the secretary approves with an opinion; the owner withdraws it. */
async function payStage(owner: Page, sec: Page, stage: number, amount: bigint) {
  await milestone(owner, stage).locator('[data-testid="milestone-request"]').click();
  await owner.locator('[data-testid="payment-text"]').fill(`Stage ${stage + 1} delivered: see the tracking.`);
  await clickWhenStill(owner, owner.locator('[data-testid="payment-continue"]'));
  await qrShown(owner);
  await expect(dialogText(owner)).resolves.toContain(`payment request: stage ${stage + 1} of 3 of proposal`);
  await approveDialogQr(owner, site.site, author.wallet);
  await waitMilestone(owner, stage, 'WAITING_FOR_APPROVAL');

  await waitMilestone(sec, stage, 'WAITING_FOR_APPROVAL');
  await milestone(sec, stage).locator('[data-testid="milestone-approve"]').click();
  await sec.locator('[data-testid="payment-text"]').fill('交付物已核实，同意付款。');
  await clickWhenStill(sec, sec.locator('[data-testid="payment-continue"]'));
  await qrShown(sec);
  await expect(dialogText(sec)).resolves.toContain('payment review: APPROVE');
  await approveDialogQr(sec, site.site, 'secretary');
  await waitMilestone(sec, stage, 'WAITING_FOR_WITHDRAWAL');

  await waitMilestone(owner, stage, 'WAITING_FOR_WITHDRAWAL');
  const before = await balanceWei();
  await milestone(owner, stage).locator('[data-testid="milestone-withdraw"]').click();
  await qrShown(owner);
  await expect(dialogText(owner)).resolves.toContain(`pays ${amount} ELA to`);
  await approveDialogQr(owner, site.site, author.wallet);
  await waitMilestone(owner, stage, 'WITHDRAWN');
  // Read from the chain: exactly the stage amount reached the recipient.
  expect((await balanceWei()) - before).toBe(amount * ELA);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const council = await Promise.all(Array.from({ length: 8 }, (_, i) => councilMember(site.site, i + 1)));
  author = await didMember(site.site, 'finisher');
  secretaryToken = String((await walletLogin(site.site, 'secretary')).result.token);
  const s = await postSuggestion(site.site, author, `Open data portal ${runId()}`);
  const passed = await passByApi(site.site, author, council, s, 'A clear plan with a fair budget.');
  number = passed.number;
  recipient = (await call<{ recipient: string }>(site.site, `/api/proposals/${number}/payments`)).recipient;
  // The advance is approved by the activation; withdrawn here so each later withdrawal pays one stage.
  await until(
    'advance payable',
    () => call<{ withdrawable: string }>(site.site, `/api/proposals/${number}/payments`),
    (p) => p.withdrawable === '300',
    60_000,
  );
  await signed(author.token, author.wallet, 'withdraw', { proposalId: passed.id });
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

describe('a passed proposal carried to FINAL', () => {
  it('pays stage 2, tracks, summarises, pays the completion, and is concluded by owner and secretary general', async () => {
    const path = `/proposals/${number}`;
    const o = await newPage(browser);
    const s = await newPage(browser, { width: 375, height: 812, locale: 'zh-CN' });
    await openAs(o.page, site.site, author.token, 'en', path);
    await openAs(s.page, site.site, secretaryToken, 'zh', path);
    const owner = o.page;
    const sec = s.page;
    await waitMilestone(owner, 0, 'WITHDRAWN');
    for (const p of [owner, sec])
      await p.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // Before the work is done only "close as incomplete" is offered, with the reason FINAL is not.
    await owner.locator('[data-testid="conclusion-final-hint"]').waitFor({ timeout: 15_000 });
    await expect(owner.locator('[data-testid="conclusion-final"]').count()).resolves.toBe(0);

    // Stage 2: requested, approved, withdrawn.
    await payStage(owner, sec, 1, 300n);

    // A tracking message: submitted, rejected with a comment, edited, resubmitted, approved.
    const tracking = owner.locator('[data-testid="proposal-tracking"]');
    await tracking.scrollIntoViewIfNeeded();
    await tracking.locator('[data-testid="tracking-add"]').click();
    await tracking.locator('[data-testid="tracking-content"]').fill('## Month 1\nThe portal is **online**.');
    await tracking.locator('[data-testid="tracking-save-submit"]').click();
    await waitEntry(owner, 'proposal-tracking', 'REVIEWING');
    await waitEntry(sec, 'proposal-tracking', 'REVIEWING');
    await sec.locator('[data-testid="tracking-reject"]').click();
    await sec.locator('[data-testid="tracking-reject-comment"]').fill('请附上访问统计。');
    await sec.locator('[data-testid="tracking-reject-send"]').click();
    await clickWhenStill(sec, sec.locator('[data-testid="tracking-reject-confirm"]'));
    await waitEntry(sec, 'proposal-tracking', 'REJECT');
    await waitEntry(owner, 'proposal-tracking', 'REJECT');
    await expect(owner.locator('[data-testid="tracking-review"]').innerText()).resolves.toContain(
      '请附上访问统计。',
    );
    await owner.locator('[data-testid="tracking-edit"]').click();
    await owner
      .locator('[data-testid="tracking-entry"] [data-testid="tracking-content"]')
      .fill('## Month 1\nThe portal is **online**: 1,200 visitors in the first month.');
    await owner.locator('[data-testid="tracking-entry"] [data-testid="tracking-save-submit"]').click();
    await waitEntry(owner, 'proposal-tracking', 'REVIEWING');
    await waitEntry(sec, 'proposal-tracking', 'REVIEWING');
    await sec.locator('[data-testid="tracking-approve"]').click();
    await clickWhenStill(sec, sec.locator('[data-testid="tracking-approve-confirm"]'));
    await waitEntry(sec, 'proposal-tracking', 'PUBLISHED');
    await waitEntry(owner, 'proposal-tracking', 'PUBLISHED');

    // The final summary: submitted and approved.
    await owner.locator('[data-testid="tab-summary"]').click();
    await owner.locator('[data-testid="summary-add"]').click();
    await owner
      .locator('[data-testid="summary-panel"] [data-testid="tracking-content"]')
      .fill('## Summary\nThe open data portal is live with 40 data sets; all milestones delivered.');
    await owner.locator('[data-testid="summary-panel"] [data-testid="tracking-save-submit"]').click();
    await waitEntry(owner, 'summary-panel', 'REVIEWING');
    await sec.locator('[data-testid="tab-summary"]').click();
    await waitEntry(sec, 'summary-panel', 'REVIEWING');
    await sec.locator('[data-testid="summary-panel"] [data-testid="tracking-approve"]').click();
    await clickWhenStill(sec, sec.locator('[data-testid="tracking-approve-confirm"]'));
    await waitEntry(sec, 'summary-panel', 'PUBLISHED');
    await waitEntry(owner, 'summary-panel', 'PUBLISHED');

    // The completion payment: requested, approved, withdrawn.
    await milestone(owner, 2).locator('[data-testid="milestone-request"]').waitFor({ timeout: 30_000 });
    await payStage(owner, sec, 2, 400n);

    // The owner completes the proposal: confirmation, then the statement in the QR dialog.
    const final = owner.locator('[data-testid="conclusion-final"]');
    await final.waitFor({ timeout: 30_000 });
    await final.scrollIntoViewIfNeeded();
    await final.click();
    await clickWhenStill(owner, owner.locator('[data-testid="conclusion-continue"]'));
    await qrShown(owner);
    await expect(dialogText(owner)).resolves.toContain('conclusion: proposal');
    await expect(dialogText(owner)).resolves.toContain('is FINAL, summary');
    await shot(owner, 'final-owner-sign-dialog-en', { fullPage: false });
    await approveDialogQr(owner, site.site, author.wallet);
    await owner.locator('[data-testid="conclusion-owner"][data-signed="yes"]').waitFor({ timeout: 15_000 });
    await owner.locator('[data-testid="conclusion-card"]').scrollIntoViewIfNeeded();
    await shot(owner, 'final-owner-signed-en', { fullPage: false });

    // The secretary general's page (not reloaded) offers the co-signature of the same words.
    const cosign = sec.locator('[data-testid="conclusion-cosign"]');
    await cosign.waitFor({ timeout: 30_000 });
    await sec.locator('[data-testid="conclusion-card"]').scrollIntoViewIfNeeded();
    await shot(sec, 'final-secretary-cosign-zh-375', { fullPage: false });
    await cosign.click();
    await clickWhenStill(sec, sec.locator('[data-testid="conclusion-continue"]'));
    await qrShown(sec);
    await expect(dialogText(sec)).resolves.toContain('is FINAL, summary');
    await approveDialogQr(sec, site.site, 'secretary');

    // On chain: both pages show FINAL.
    for (const p of [owner, sec]) {
      await p
        .locator('[data-testid="proposal-status"]', { hasText: p === owner ? 'Final' : '已完成' })
        .first()
        .waitFor({ timeout: 60_000 });
      await p
        .locator('[data-testid="conclusion-pending"][data-status="SIGNED"]')
        .waitFor({ timeout: 30_000 });
    }
    const done = await proposal(site.site, number);
    expect(done.status).toBe('FINAL');
    for (const p of [owner, sec])
      expect(await p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    // The final state in both languages and both sizes.
    const views: [Page, string][] = [];
    await sec.locator('[data-testid="conclusion-card"]').scrollIntoViewIfNeeded();
    await owner.locator('[data-testid="conclusion-card"]').scrollIntoViewIfNeeded();
    views.push([owner, 'final-done-en'], [sec, 'final-done-zh-375']);
    const zh = await newPage(browser);
    await openAs(zh.page, site.site, null, 'zh', path);
    const en375 = await newPage(browser, { width: 375, height: 812 });
    await openAs(en375.page, site.site, null, 'en', path);
    // A fresh page loads the app, the proposal and its conclusion before the panel shows: under a loaded machine
    // that took over 15 s once (the conclusion's answer came at 7.9 s), so the same bound as the pages above.
    for (const p of [zh.page, en375.page]) {
      await p
        .locator('[data-testid="conclusion-pending"][data-status="SIGNED"]')
        .waitFor({ timeout: 30_000 });
      await p.locator('[data-testid="conclusion-card"]').scrollIntoViewIfNeeded();
    }
    views.push([zh.page, 'final-done-zh'], [en375.page, 'final-done-en-375']);
    for (const [p, name] of views) await shot(p, name, { fullPage: false });
    await shot(en375.page, 'final-page-en-375');
    for (const p of [sec, en375.page])
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect([...o.errors, ...s.errors, ...zh.errors, ...en375.errors]).toEqual([]);
  }, 420_000);
});
