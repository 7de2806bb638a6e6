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
  walletLogin,
  type Member,
  chainRpc,
  passByApi,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 10, milestone payments on the proposal page with the dev wallets on the local chain: a proposal passes
 * (prepared through the api, the windows mined through), the owner withdraws the advance, requests stage 2 with
 * a progress message, the secretary general approves it (in Chinese), and the owner withdraws it: the
 * recipient's balance rises by exactly the stage amount. Each step's statement is shown in the QR dialog before
 * signing; statuses change on pages that are never reloaded.
 */
const site = useSite();
let browser: Browser;
let council: Member[] = [];
let author: Member;
let secretaryToken: string;
let number: number;
let recipient: string;

const rpc = <T>(method: string, params: unknown[]) => chainRpc<T>(site.site, method, params);
const balanceWei = async () => BigInt(await rpc<string>('eth_getBalance', [recipient, 'latest']));
/** A wallet action through the api, answered by the dev wallet like a phone. */

/** The QR dialog fully drawn (its opening animation over), for a screenshot that shows it as the member sees it. */
const dialogSettled = (page: Page) =>
  page.waitForFunction(() => {
    const m = document.querySelector('.cr-wallet-dialog');
    return (
      !!m &&
      getComputedStyle(m).opacity === '1' &&
      ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(m).transform)
    );
  });
const milestone = (page: Page, stage: number) =>
  page.locator(`[data-testid="milestone"][data-stage="${stage}"]`);
const waitMilestone = (page: Page, stage: number, status: string) =>
  page
    .locator(`[data-testid="milestone"][data-stage="${stage}"][data-status="${status}"]`)
    .waitFor({ timeout: 60_000 });

beforeAll(async () => {
  browser = await launchBrowser();
  council = await Promise.all(Array.from({ length: 8 }, (_, i) => councilMember(site.site, i + 1)));
  author = await didMember(site.site, 'payee');
  secretaryToken = String((await walletLogin(site.site, 'secretary')).result.token);
  // A passed proposal, prepared through the api: signed suggestion, registration, eight yes votes, windows mined.
  const s = await postSuggestion(site.site, author, `Payments ${runId()}`);
  number = (await passByApi(site.site, author, council, s)).number;
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('milestone payments on the proposal page', () => {
  it('owner withdraws the advance, requests stage 2, the secretary approves, the owner withdraws it', async () => {
    const owner = await newPage(browser);
    await openAs(owner.page, site.site, author.token, 'en', `/proposals/${number}`);
    const card = owner.page.locator('[data-testid="payments-card"]');
    await card.waitFor({ timeout: 15_000 });
    await waitMilestone(owner.page, 0, 'WAITING_FOR_WITHDRAWAL');
    await owner.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const payments = await call<{ recipient: string }>(site.site, `/api/proposals/${number}/payments`);
    recipient = payments.recipient;
    // The owner sees request (stage 2) and withdraw (the advance); nothing for the secretary's review.
    await expect(milestone(owner.page, 1).locator('[data-testid="milestone-request"]').count()).resolves.toBe(
      1,
    );
    await expect(owner.page.locator('[data-testid="milestone-approve"]').count()).resolves.toBe(0);

    // The advance: payable at once.
    const before0 = await balanceWei();
    await milestone(owner.page, 0).locator('[data-testid="milestone-withdraw"]').click();
    await owner.page.locator('.cr-wallet-dialog [data-testid="wallet-qr"]').waitFor({ timeout: 15_000 });
    await expect(owner.page.locator('.cr-wallet-dialog').innerText()).resolves.toContain('pays 300 ELA to');
    await approveDialogQr(owner.page, site.site, author.wallet);
    await waitMilestone(owner.page, 0, 'WITHDRAWN');
    expect((await balanceWei()) - before0).toBe(300n * 10n ** 18n);

    // Stage 2: the progress message, then the statement shown before signing.
    await milestone(owner.page, 1).locator('[data-testid="milestone-request"]').click();
    await owner.page.locator('[data-testid="payment-text"]').fill('Beta build published with release notes.');
    await clickWhenStill(owner.page, owner.page.locator('[data-testid="payment-continue"]'));
    await owner.page.locator('.cr-wallet-dialog [data-testid="wallet-qr"]').waitFor({ timeout: 15_000 });
    await expect(owner.page.locator('.cr-wallet-dialog').innerText()).resolves.toContain(
      'payment request: stage 2 of 3 of proposal',
    );
    await dialogSettled(owner.page);
    await shot(owner.page, 'payments-request-dialog-en', { fullPage: false });
    await approveDialogQr(owner.page, site.site, author.wallet);
    await waitMilestone(owner.page, 1, 'WAITING_FOR_APPROVAL');

    // The secretary general approves, in Chinese, on a phone-sized screen.
    const sec = await newPage(browser, { width: 375, height: 812, locale: 'zh-CN' });
    await openAs(sec.page, site.site, secretaryToken, 'zh', `/proposals/${number}`);
    await waitMilestone(sec.page, 1, 'WAITING_FOR_APPROVAL');
    await expect(sec.page.locator('[data-testid="milestone-request"]').count()).resolves.toBe(0);
    await milestone(sec.page, 1).locator('[data-testid="milestone-approve"]').click();
    await sec.page.locator('[data-testid="payment-text"]').fill('交付物已核实，同意付款。');
    await clickWhenStill(sec.page, sec.page.locator('[data-testid="payment-continue"]'));
    await sec.page.locator('.cr-wallet-dialog [data-testid="wallet-qr"]').waitFor({ timeout: 15_000 });
    await expect(sec.page.locator('.cr-wallet-dialog').innerText()).resolves.toContain(
      'payment review: APPROVE',
    );
    await dialogSettled(sec.page);
    await shot(sec.page, 'payments-review-dialog-zh-375', { fullPage: false });
    await approveDialogQr(sec.page, site.site, 'secretary');
    await waitMilestone(sec.page, 1, 'WAITING_FOR_WITHDRAWAL');

    // The owner's page followed without a reload; the withdrawal pays exactly the stage amount.
    await waitMilestone(owner.page, 1, 'WAITING_FOR_WITHDRAWAL');
    const before1 = await balanceWei();
    await milestone(owner.page, 1).locator('[data-testid="milestone-withdraw"]').click();
    await approveDialogQr(owner.page, site.site, author.wallet);
    await waitMilestone(owner.page, 1, 'WITHDRAWN');
    expect((await balanceWei()) - before1).toBe(300n * 10n ** 18n);
    await owner.page.locator('[data-testid="withdrawal"]').nth(1).waitFor({ timeout: 30_000 });
    await expect(owner.page.locator('[data-testid="balance-change"]').nth(1).innerText()).resolves.toMatch(
      /→/,
    );
    expect(await owner.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(
      true,
    );
    // The completion payment waits for the approved summary, and the owner is told so.
    await milestone(owner.page, 2).locator('[data-testid="milestone-waiting"]').waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await shot(owner.page, 'payments-done-en', { fullPage: false });
    await waitMilestone(sec.page, 1, 'WITHDRAWN');
    await sec.page.locator('[data-testid="payments-card"]').scrollIntoViewIfNeeded();
    await shot(sec.page, 'payments-done-zh-375', { fullPage: false });

    // The other two views: Chinese on desktop, English at 375 px.
    await openAs(owner.page, site.site, author.token, 'zh', `/proposals/${number}`);
    await waitMilestone(owner.page, 1, 'WITHDRAWN');
    await owner.page.locator('[data-testid="payments-card"]').scrollIntoViewIfNeeded();
    await shot(owner.page, 'payments-done-zh', { fullPage: false });
    const narrow = await newPage(browser, { width: 375, height: 812 });
    await openAs(narrow.page, site.site, null, 'en', `/proposals/${number}`);
    await waitMilestone(narrow.page, 1, 'WITHDRAWN');
    await narrow.page.locator('[data-testid="payments-card"]').scrollIntoViewIfNeeded();
    // Nothing wider than the phone.
    const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(375);
    await shot(narrow.page, 'payments-done-en-375', { fullPage: false });
    expect([...owner.errors, ...sec.errors, ...narrow.errors]).toEqual([]);
  }, 240_000);
});
