import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { call, openAs } from './proposal-flow';

/**
 * Issue 6 council pages against the running stack (dev council of 12 seated on chain, a secretary general): the
 * current term with its clock by block height, members and secretariat, previous terms, a member's page with
 * the voting record, the secretariat position and the candidates page (no election running), in English,
 * Chinese and at 375 px.
 */

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Overview {
  members: Array<{ did: string; userId: string | null; name: string }>;
  secretariat: { secretaryGeneral: { did: string; userId: string | null } | null };
  current: { term: number; end: { height: number }; electionStart: { height: number } } | null;
}

describe('council pages', () => {
  it('shows the current term with its clock, twelve members and the secretariat; a member page with the voting record', async () => {
    const overview = await call<Overview>(site.site, '/api/council');
    expect(overview.members.length).toBe(12);
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, null, 'en', '/council');
    await page.locator('main h1', { hasText: 'Council' }).waitFor();
    await expect
      .poll(() => page.locator('[data-testid="council-members"] [data-testid="council-member"]').count())
      .toBe(12);
    const clock = page.locator('[data-testid="term-clock"]');
    await clock.waitFor();
    expect(await clock.innerText()).toContain('Election starts');
    expect(await clock.innerText()).toContain(
      `Block ${overview.current!.end.height.toLocaleString('en-US')}`,
    );
    await page.locator('[data-testid="secretariat"]').first().waitFor();
    await shot(page, 'council-en');

    // Previous terms tab (the dev chain has only the first term).
    await page.getByRole('tab', { name: 'Previous terms' }).click();
    await page.getByText('There is no previous council term yet.').waitFor();

    // A member's page.
    await openAs(page, site.site, null, 'en', '/council');
    await page.locator('[data-testid="council-member"] h3 a').first().click();
    await page.locator('[data-testid="member-profile"]').waitFor();
    await page.locator('[data-testid="voting-record"]').waitFor();
    await shot(page, 'council-member-en');

    // The secretariat position.
    const sg = overview.secretariat.secretaryGeneral!;
    await openAs(
      page,
      site.site,
      null,
      'en',
      `/position/secretariat/${encodeURIComponent(sg.userId ?? sg.did)}`,
    );
    await page
      .locator('[data-testid="secretariat-position"]')
      .getByText('Secretary General', { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('candidates: a clear "no election running" with the next election block and ETA', async () => {
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, null, 'en', '/candidates');
    const none = page.locator('[data-testid="no-election"]');
    await none.waitFor();
    expect(await none.innerText()).toContain('No election is running');
    await none.locator('[data-testid="block-eta"]').waitFor();
    await shot(page, 'candidates-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Chinese and on a 375 px phone', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812, locale: 'zh-CN' });
    await openAs(page, site.site, null, 'zh', '/council');
    await page.locator('main h1', { hasText: '委员会' }).waitFor();
    await expect
      .poll(() => page.locator('[data-testid="council-member"]').count())
      .toBeGreaterThanOrEqual(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'council-zh-375', { fullPage: false });
    await openAs(page, site.site, null, 'zh', '/candidates');
    await page.getByText('当前没有进行中的选举').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await context.close();
  });
});
