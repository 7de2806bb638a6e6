import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../src/app/routes';
import { baseUrl, launchBrowser, newPage, shot, useSite, waitForPage, clickWhenStill } from './browser';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for the page heading to become `title` and checks the tab title follows it. */
async function expectPage(page: Page, title: string, path: string) {
  await page.locator('main h1', { hasText: title }).first().waitFor({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await page.title()).toBe(`${title} · Cyber Republic`);
}

describe('main navigation (desktop)', () => {
  it('every menu entry opens its page', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();

    const direct: Array<[string, string, string]> = [
      ['Whitepaper', 'Whitepaper', '/whitepaper'],
      ['Funding', 'Funding', '/funding'],
      ['Suggestions', 'Suggestions', '/suggestion'],
      ['ELIPs', 'ELIPs', '/elips'],
      ['Proposals', 'Proposals', '/proposals'],
      ["What's New", "What's New", '/whats-new'],
      // Logged out, My Republic leads to the login page.
      ['My Republic', 'Log in', '/login'],
    ];
    for (const [label, title, path] of direct) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectPage(page, title, path);
      await shot(page, `nav-${path.slice(1).replace(/\//g, '-')}`);
    }

    for (const [label, title, path] of [
      ['Council & Secretariat', 'Council', '/council'],
      ['Candidates', 'Candidates', '/candidates'],
    ] as const) {
      // A dropdown opened while the previous page is still switching can close under the click: open it again
      // until the click lands (the same as logOutThroughMenu).
      for (let attempt = 1; ; attempt++) {
        await nav.getByText('Council', { exact: true }).click();
        await page.getByRole('link', { name: label, exact: true }).click();
        const landed = await page
          .waitForURL((u) => u.pathname === path, { timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
        if (landed || attempt === 3) break;
      }
      await expectPage(page, title, path);
    }
    await shot(page, 'nav-candidates');

    await nav.getByText('Resources', { exact: true }).click();
    for (const name of ['Validators', 'News', 'Forum', 'Blog', 'Docs']) {
      const link = page.getByRole('menu').getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('target'), name).toBe('_blank');
      expect(await link.getAttribute('rel'), name).toContain('noopener');
      expect(await link.getAttribute('href'), name).toMatch(/^https:\/\//);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the footer links open the terms, privacy and forum login pages', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    for (const [label, title, path] of [
      ['Terms of use', 'Terms of use', '/terms'],
      ['Privacy', 'Privacy', '/privacy'],
      ['Forum login', 'Forum login', '/sso/login'],
    ] as const) {
      await page.locator('footer').getByRole('link', { name: label, exact: true }).click();
      await expectPage(page, title, path);
    }
    await context.close();
  });
});

describe('main navigation (375 px drawer)', () => {
  it('every menu entry opens its page from the drawer', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    for (const [label, title, path] of [
      ['Council & Secretariat', 'Council', '/council'],
      ['Candidates', 'Candidates', '/candidates'],
      ['Whitepaper', 'Whitepaper', '/whitepaper'],
      ['Funding', 'Funding', '/funding'],
      ['Suggestions', 'Suggestions', '/suggestion'],
      ['ELIPs', 'ELIPs', '/elips'],
      ['Proposals', 'Proposals', '/proposals'],
      ["What's New", "What's New", '/whats-new'],
      ['My Republic', 'Log in', '/login'],
    ] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await clickWhenStill(page, page.getByRole('dialog').getByRole('link', { name: label, exact: true }));
      await expectPage(page, title, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await shot(page, 'login-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('every route', () => {
  it('loads its page (guarded ones lead to the login page), none is the 404 page', async () => {
    const { page, context, errors } = await newPage(browser);
    const seen: string[] = [];
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    for (const route of PAGE_ROUTES) {
      const path = route.path.replace(/:(id|userId)/g, '7');
      // Client-side navigation (as a link click does), so each page's chunk is loaded on demand.
      await page.evaluate((p) => {
        window.history.pushState(null, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page
        .waitForFunction(
          (expected) => window.location.pathname === expected && !document.querySelector('main .cr-loading'),
          route.access ? '/login' : path,
        )
        .catch(async (err: Error) => {
          const at = await page.evaluate(() => window.location.pathname);
          throw new Error(`${path} did not settle (now at ${at}): ${err.message}`, { cause: err });
        });
      const title = await waitForPage(page);
      expect(title, path).not.toBe('404, not found');
      expect(title, path).not.toBe('This page could not be loaded');
      if (route.access) expect(title, path).toBe('Log in');
      seen.push(`${path} → ${title}`);
    }
    expect(seen.length).toBe(PAGE_ROUTES.length);
    // Pages of records that do not exist (id 7) get the API's 404 or 400, which the browser logs; nothing else may fail.
    expect(errors.filter((e) => !/status of 40[04] .*\/api\//.test(e))).toEqual([]);
    await context.close();
  });
});
