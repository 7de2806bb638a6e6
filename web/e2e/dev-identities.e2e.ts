import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectPageTitle, launchBrowser, newPage, shot, useSite } from './browser';
import { openAs } from './proposal-flow';

/**
 * Issue 18: what someone trying the product locally meets first. The QR dialog's dev approver offers an ordinary
 * member (not the admin), and the dev identities have real names and avatars in both languages, while the dev
 * wallet keeps its own names (council-01 …, secretary, admin, member).
 */

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('dev identities', () => {
  it('the dev approver of the login QR offers an ordinary member first, who signs in with a name and avatar', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/login`);
    await expectPageTitle(page, 'Log in');
    const approver = page.getByTestId('dev-wallet');
    await approver.waitFor({ timeout: 20_000 });
    const picked = approver.locator('.ant-select-content, .ant-select-selection-item').first();
    await expect.poll(() => picked.innerText()).toMatch(/^member · did:elastos:/);
    await shot(page, 'dev-wallet-default-member-en');
    await approver.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Account menu for member' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/profile/info');
    await page.locator('main').getByText('Mia Novak').first().waitFor();
    const avatar = page.locator('main img[src^="/uploads/"]').first();
    await avatar.waitFor();
    expect(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'dev-member-profile-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const lang of ['en', 'zh'] as const)
    for (const width of [1280, 375])
      it(`the council page shows real names and avatars (${lang}, ${width} px)`, async () => {
        const { page, context, errors } = await newPage(browser, { width, height: 900 });
        await openAs(page, site.site, null, lang, '/council');
        const cards = page.locator('[data-testid="council-members"] [data-testid="council-member"]');
        await expect.poll(() => cards.count()).toBe(12);
        const names = await cards.locator('h3').allInnerTexts();
        expect(names).toContain('Daniel Weber');
        // Chinese names family name first, without a space.
        expect(names).toContain('陈嘉怡');
        expect(names.filter((n) => /^council-\d+/.test(n))).toEqual([]);
        await expect.poll(() => cards.locator('img[src^="/uploads/"]').count(), { timeout: 10_000 }).toBe(12);
        await page.locator('[data-testid="secretariat"]').first().getByText('周婉清').first().waitFor();
        await shot(page, `dev-council-names-${lang}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      });
});
