import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEB_DIST,
  baseUrl,
  launchBrowser,
  newPage,
  shot,
  useSite,
  expectPageTitle,
  waitForPage,
} from './browser';
import { startStaticSite } from './static-server';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('error pages', () => {
  it('any unknown path shows "404, not found" with the site around it', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto(`${baseUrl(site)}/this/page/does-not-exist`);
    // The server answers with the app (its 404 page) and the status a crawler or link checker needs.
    expect(res?.status()).toBe(404);
    await expectPageTitle(page, '404, not found');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).first().isVisible()).toBe(true);
    await shot(page, '404');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.locator('main h1', { hasText: 'Govern and fund the Elastos ecosystem together' }).waitFor();
    await context.close();
  });

  it('shows the maintenance page when the api cannot be reached', async () => {
    const offline = await startStaticSite(WEB_DIST, 'drop');
    try {
      const { page, context } = await newPage(browser);
      await page.goto(`${offline.url}/proposals`);
      await expectPageTitle(page, 'Maintenance Mode');
      expect(
        await page.getByText('Sorry our website is currently down due to maintenance.').isVisible(),
      ).toBe(true);
      expect(await page.getByRole('navigation').count()).toBe(0);
      await shot(page, 'maintenance');
      await context.close();

      const zh = await newPage(browser, { locale: 'zh-CN' });
      await zh.page.goto(`${offline.url}/`);
      await expectPageTitle(zh.page, '维护模式');
      await shot(zh.page, 'maintenance-zh');
      await zh.context.close();
    } finally {
      await offline.stop();
    }
  });

  it('shows the maintenance page when a proxy answers 502 for the api', async () => {
    const gateway = await startStaticSite(WEB_DIST, 'bad-gateway');
    try {
      const { page, context } = await newPage(browser);
      await page.goto(`${gateway.url}/`);
      await expectPageTitle(page, 'Maintenance Mode');
      await context.close();
    } finally {
      await gateway.stop();
    }
  });

  it('a page chunk that fails to load shows an error with Retry, and Retry loads it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    const block = (route: { abort(): Promise<void> }) => route.abort();
    await page.route(/\/assets\/whitepaper-page-[^/]+\.js$/, block);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: 'Whitepaper' })
      .click();
    await expectPageTitle(page, 'This page could not be loaded');
    await shot(page, 'chunk-error');
    await page.unroute(/\/assets\/whitepaper-page-[^/]+\.js$/, block);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('main h1', { hasText: 'Whitepaper' }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});
