import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { launchBrowser, newPage, shot, useSite } from './browser';
import {
  approveDialogQr,
  call,
  councilMember,
  didMember,
  openAs,
  postSuggestion,
  type Member,
  passByApi,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 10, a TERMINATE proposal on the local chain with the dev wallets and short windows: a funding proposal
 * passes, a termination of it passes (council votes, windows mined through); the terminating proposal shows its
 * effect applied with a link to the target, the target shows TERMINATED with a link back, no payment request is
 * offered to its owner (with the reason), and the server refuses one. Screenshots en / zh, desktop / 375 px.
 */
const site = useSite();
let browser: Browser;
let council: Member[] = [];
let owner: Member;
let target: number;
let terminator: number;

/** A wallet action through the api, answered by the dev wallet like a phone. */

/** Signs, registers and passes the suggestion through the api (eight yes votes, both windows mined through). */
const pass = async (s: { _id: string; number: number }) =>
  (await passByApi(site.site, owner, council, s, 'Reviewed.')).number;

const narrowEnough = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  browser = await launchBrowser();
  council = await Promise.all(Array.from({ length: 8 }, (_, i) => councilMember(site.site, i + 1)));
  owner = await didMember(site.site, 'terminated');
  target = await pass(await postSuggestion(site.site, owner, `Terminate me ${runId()}`));
  const s = await call<{ _id: string; number: number }>(site.site, '/api/suggestion', {
    method: 'POST',
    token: owner.token,
    body: newMotion({
      title: `Terminate #${target} ${runId()}`,
      type: 'TERMINATE_PROPOSAL',
      closeProposalNumber: target,
    }),
  });
  terminator = await pass(s);
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

describe('a TERMINATE proposal', () => {
  it('terminates its target: linked both ways, no further payment', async () => {
    // The terminating proposal: its effect, applied, with a link to the target.
    const { page, errors } = await newPage(browser);
    await openAs(page, site.site, owner.token, 'en', `/proposals/${terminator}`);
    const effect = page.locator('[data-testid="proposal-effect"]');
    await effect.waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="proposal-effect"][data-status="applied"]').waitFor({ timeout: 30_000 });
    await expect(effect.innerText()).resolves.toContain(`Terminates #${target}`);
    await effect.scrollIntoViewIfNeeded();
    await shot(page, 'terminate-effect-en', { fullPage: false });

    // Follow the link to the target: TERMINATED, "Terminated by #M", and no payment to request.
    await effect.locator(`a:has-text("#${target}")`).click();
    await page
      .locator('[data-testid="proposal-head"][data-status="TERMINATED"]')
      .waitFor({ timeout: 15_000 });
    const changedBy = page.locator('[data-testid="changed-by"][data-kind="TERMINATE"]');
    await expect(changedBy.innerText()).resolves.toContain(`Terminated by #${terminator}`);
    await expect(page.locator('[data-testid="terminated-note"]').innerText()).resolves.toContain(
      'no further payment can be requested',
    );
    await expect(page.locator('[data-testid="milestone-request"]').count()).resolves.toBe(0);
    await page.locator('[data-testid="proposal-changed-by"]').scrollIntoViewIfNeeded();
    await shot(page, 'terminate-target-en', { fullPage: false });

    // The server refuses the owner's next payment request too.
    const refused = await fetch(`${site.site.url}/api/wallet/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-token': owner.token },
      body: JSON.stringify({
        action: 'request-payment',
        params: { proposalId: String(target), stage: 1, message: 'Milestone two delivered.' },
      }),
    });
    const body = (await refused.json()) as { error?: { type: string } };
    expect(refused.status).toBe(409);
    expect(body.error?.type).toBe('milestone.closed');

    // The link back, in Chinese.
    await changedBy.locator('a').click();
    await page.locator('[data-testid="proposal-effect"]').waitFor({ timeout: 15_000 });
    await openAs(page, site.site, owner.token, 'zh', `/proposals/${target}`);
    await page.locator('[data-testid="proposal-changed-by"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('[data-testid="changed-by"]').innerText()).resolves.toContain(
      `已被 #${terminator} 终止`,
    );
    await page.locator('[data-testid="proposal-changed-by"]').scrollIntoViewIfNeeded();
    await shot(page, 'terminate-target-zh', { fullPage: false });
    await openAs(page, site.site, null, 'zh', `/proposals/${terminator}`);
    await page.locator('[data-testid="proposal-effect"]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-testid="proposal-effect"]').innerText()).resolves.toContain(
      `终止 #${target}`,
    );
    await shot(page, 'terminate-effect-zh', { fullPage: false });

    // Phone-sized, both languages: nothing wider than the screen.
    const narrow = await newPage(browser, { width: 375, height: 812 });
    for (const lang of ['en', 'zh'] as const) {
      await openAs(narrow.page, site.site, owner.token, lang, `/proposals/${target}`);
      await narrow.page.locator('[data-testid="proposal-changed-by"]').scrollIntoViewIfNeeded();
      expect(await narrowEnough(narrow.page)).toBeLessThanOrEqual(375);
      await shot(narrow.page, `terminate-target-${lang}-375`, { fullPage: false });
      await openAs(narrow.page, site.site, null, lang, `/proposals/${terminator}`);
      await narrow.page.locator('[data-testid="proposal-effect"]').scrollIntoViewIfNeeded();
      expect(await narrowEnough(narrow.page)).toBeLessThanOrEqual(375);
      await shot(narrow.page, `terminate-effect-${lang}-375`, { fullPage: false });
    }
    expect([...errors, ...narrow.errors]).toEqual([]);
  }, 240_000);

  it('collects the nominee co-signature of a change of secretary general on the suggestion page', async () => {
    const nominee = await didMember(site.site, 'nominee');
    const s = await call<{ _id: string; number: number }>(site.site, '/api/suggestion', {
      method: 'POST',
      token: owner.token,
      body: newMotion({
        title: `New secretary ${runId()}`,
        type: 'CHANGE_SECRETARY',
        newSecretaryDid: nominee.did,
      }),
    });
    const { page, errors } = await newPage(browser);
    await openAs(page, site.site, nominee.token, 'en', `/suggestion/${s.number}`);
    const panel = page.locator('[data-testid="cosign-panel"]');
    await panel.waitFor({ timeout: 15_000 });
    await expect(
      page.locator('[data-testid="cosigner"][data-role="NOMINEE"]').getAttribute('data-signed'),
    ).resolves.toBe('false');
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'cosign-before-en', { fullPage: false });
    await page.locator('[data-testid="cosign-button"]').click();
    await page.locator('.cr-wallet-dialog [data-testid="wallet-qr"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('.cr-wallet-dialog').innerText()).resolves.toContain(
      `Cyber Republic nomination: ${nominee.did} accepts to become secretary general`,
    );
    await approveDialogQr(page, site.site, nominee.wallet);
    await page.locator('[data-testid="cosign-complete"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('[data-testid="cosign-button"]').count()).resolves.toBe(0);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'cosign-done-en', { fullPage: false });

    // Someone else sees who signed, and no button; in Chinese at 375 px.
    const narrow = await newPage(browser, { width: 375, height: 812 });
    await openAs(narrow.page, site.site, owner.token, 'zh', `/suggestion/${s.number}`);
    await narrow.page.locator('[data-testid="cosign-complete"]').waitFor({ timeout: 15_000 });
    await expect(narrow.page.locator('[data-testid="cosign-button"]').count()).resolves.toBe(0);
    await narrow.page.locator('[data-testid="cosign-panel"]').scrollIntoViewIfNeeded();
    expect(await narrowEnough(narrow.page)).toBeLessThanOrEqual(375);
    await shot(narrow.page, 'cosign-done-zh-375', { fullPage: false });
    expect([...errors, ...narrow.errors]).toEqual([]);
  }, 120_000);
});
