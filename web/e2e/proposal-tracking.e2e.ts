import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite } from './browser';
import {
  call,
  councilMember,
  didMember,
  openAs,
  passByApi,
  postSuggestion,
  until,
  walletLogin,
  type Member,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 10, tracking: on a proposal made ACTIVE on the local chain (the stack's dev wallets, short windows), the
 * owner submits a tracking message on the page, the secretary general rejects it with a comment, the owner edits
 * and resubmits it, the secretary general approves it, and a visitor sees it — each page updated live. The
 * secretary general also writes the secretariat notes. Screenshots in English and Chinese, desktop and 375 px.
 */

const site = useSite();
let browser: Browser;
let owner: Member;
let secretaryToken: string;
let number: number;

/**
 * A member's suggestion, signed, made a proposal by council-01 and passed by eight yes votes posted on chain, its
 * windows mined through (passByApi) rather than waited for.
 */
async function activeProposal(council: Member[]): Promise<number> {
  const s = await postSuggestion(site.site, owner, `Community hardware lab ${runId()}`);
  return (await passByApi(site.site, owner, council, s, 'Yes: a sound plan.')).number;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const council = await Promise.all(Array.from({ length: 8 }, (_, i) => councilMember(site.site, i + 1)));
  owner = await didMember(site.site, 'owner');
  secretaryToken = String((await walletLogin(site.site, 'secretary')).result.token);
  number = await activeProposal(council);
}, 480_000);
afterAll(async () => {
  await browser?.close();
});

const entry = (page: Page) =>
  page.locator('[data-testid="proposal-tracking"] [data-testid="tracking-entry"]');
async function waitEntry(page: Page, status: string, timeout = 15_000) {
  await page
    .locator(`[data-testid="proposal-tracking"] [data-testid="tracking-entry"][data-status="${status}"]`)
    .first()
    .waitFor({ timeout });
}
async function confirm(page: Page, testId: string) {
  await page.locator(`[data-testid="${testId}"]`).click();
}

describe('tracking messages on an ACTIVE proposal', () => {
  it('owner submits, secretary general rejects with a comment, owner edits and resubmits, secretary general approves, the public sees it', async () => {
    const o = await newPage(browser);
    const s = await newPage(browser);
    const path = `/proposals/${number}`;

    // The owner writes a message and submits it.
    await openAs(o.page, site.site, owner.token, 'en', path);
    const section = o.page.locator('[data-testid="proposal-tracking"]');
    await section.scrollIntoViewIfNeeded();
    await section.locator('[data-testid="tracking-add"]').click();
    await section
      .locator('[data-testid="tracking-content"]')
      .fill('## Month 1\nThe lab space is **rented**. <script>window.__xss = 1</script>');
    await section.locator('[data-testid="tracking-save-submit"]').click();
    await waitEntry(o.page, 'REVIEWING');
    expect(await o.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await entry(o.page).first().locator('.pr-markdown strong').innerText()).toBe('rented');
    await shot(o.page, 'tracking-owner-submitted-en');

    // The public does not see it under review.
    const v = await newPage(browser);
    await openAs(v.page, site.site, null, 'en', path);
    await v.page.locator('[data-testid="proposal-tracking"] .cr-empty').waitFor({ timeout: 15_000 });

    // The secretary general rejects it with a comment, after confirming.
    await openAs(s.page, site.site, secretaryToken, 'en', path);
    await waitEntry(s.page, 'REVIEWING');
    await s.page.locator('[data-testid="tracking-reject"]').click();
    await s.page
      .locator('[data-testid="tracking-reject-comment"]')
      .fill('Please add the lease and the receipts.');
    await s.page.locator('[data-testid="tracking-reject-send"]').click();
    await confirm(s.page, 'tracking-reject-confirm');
    await waitEntry(s.page, 'REJECT');
    await shot(s.page, 'tracking-secretary-rejected-en');

    // The owner's page (not reloaded) shows the rejection and its comment; the owner edits and resubmits.
    await waitEntry(o.page, 'REJECT');
    expect(await o.page.locator('[data-testid="tracking-review"]').innerText()).toContain(
      'Please add the lease and the receipts.',
    );
    await shot(o.page, 'tracking-owner-rejected-en');
    await o.page.locator('[data-testid="tracking-edit"]').click();
    await o.page
      .locator('[data-testid="tracking-entry"] [data-testid="tracking-content"]')
      .fill(
        '## Month 1\nThe lab space is **rented**; lease and receipts are [here](https://example.org/lab).',
      );
    await o.page.locator('[data-testid="tracking-entry"] [data-testid="tracking-save-submit"]').click();
    await waitEntry(o.page, 'REVIEWING');

    // The secretary general's page updates live; approval after confirming.
    await waitEntry(s.page, 'REVIEWING');
    await s.page.locator('[data-testid="tracking-approve"]').click();
    await confirm(s.page, 'tracking-approve-confirm');
    await waitEntry(s.page, 'PUBLISHED');
    expect(await s.page.locator('[data-testid="tracking-status"]').first().innerText()).toBe('Approved');

    // Secretariat notes, edited twice: the earlier text stays in the history.
    for (const text of ['Lease checked.', 'Lease and receipts checked; next review in a month.']) {
      await s.page.locator('[data-testid="notes-edit"]').click();
      await s.page.locator('[data-testid="notes-content"]').fill(text);
      await s.page.locator('[data-testid="notes-save"]').click();
      await s.page.locator('[data-testid="secretariat-notes"]', { hasText: text }).waitFor();
    }
    await shot(s.page, 'tracking-secretary-approved-en');

    // The visitor's page (not reloaded) now shows the approved message and the notes.
    await waitEntry(v.page, 'PUBLISHED');
    expect(await entry(v.page).count()).toBe(1);
    expect(await entry(v.page).locator('a[href="https://example.org/lab"]').getAttribute('rel')).toMatch(
      /noopener/,
    );
    await v.page
      .locator('[data-testid="secretariat-notes"]', { hasText: 'next review in a month' })
      .waitFor({ timeout: 15_000 });
    await shot(v.page, 'tracking-public-en');

    for (const p of [o, s, v]) expect(p.errors).toEqual([]);
    for (const p of [o, s, v]) await p.context.close();
  }, 180_000);

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const)
    it(`shows the approved message to the public in ${lang}, desktop and 375 px`, async () => {
      await until(
        'approved message',
        () => call<{ messages: { status: string }[] }>(site.site, `/api/proposals/${number}/tracking`),
        (l) => l.messages.some((m) => m.status === 'PUBLISHED'),
        200_000,
        1_000,
      );
      for (const width of [1280, 375]) {
        const { page, context, errors } = await newPage(browser, { width, height: 860, locale });
        await openAs(page, site.site, null, lang, `/proposals/${number}`);
        await waitEntry(page, 'PUBLISHED');
        expect(await page.locator('[data-testid="tracking-status"]').first().innerText()).toBe(
          lang === 'en' ? 'Approved' : '已批准',
        );
        const tracking = page.locator('[data-testid="proposal-tracking"]');
        await tracking.scrollIntoViewIfNeeded();
        if (width === 375) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
          await shot(page, `tracking-public-${lang}-375`, { fullPage: false });
        } else await shot(page, `tracking-public-${lang}-desktop`, { fullPage: false });
        // The summary tab: nothing approved yet.
        await page.locator('[data-testid="tab-summary"]').click();
        await page.locator('[data-testid="summary-panel"] .cr-empty').waitFor();
        expect(errors).toEqual([]);
        await context.close();
      }
    }, 240_000);
});
