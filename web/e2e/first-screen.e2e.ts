import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot, useSite, waitForApp } from './browser';
import { unexpected } from './page-helpers';
import { councilMember, didMember, postSuggestion, proposeByApi } from './proposal-flow';

/**
 * The first screen of the main pages comes as HTML from the server (api's prerender-pages.ts): painted before
 * the app's code runs, in the reader's language, and taken over by the app (hydrated: the same nodes, so nothing
 * moves or is painted twice). A proposal's page comes with the proposal (its title, status and windows).
 */
const site = useSite();
let browser: Browser;
let proposalPath: string;
const proposalTitle = 'First screen: a solar-powered node';
beforeAll(async () => {
  browser = await launchBrowser();
  const author = await didMember(site.site, 'firstscreen');
  const member = await councilMember(site.site, 8);
  const s = await postSuggestion(site.site, author, proposalTitle);
  proposalPath = `/proposals/${(await proposeByApi(site.site, author, member, s)).number}`;
});
afterAll(async () => {
  await browser?.close();
});

const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl(site)}${path}`, { headers });
  return { status: res.status, text: await res.text() };
};

/** Where the header, the notices, the breadcrumbs and the title sit (and a proposal's status note and windows). */
const positions = (page: Page) =>
  page.evaluate(
    (selectors) =>
      selectors.map((sel) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r
          ? [sel, Math.round(r.top), Math.round(r.left), Math.round(r.width), Math.round(r.height)]
          : [sel];
      }),
    [
      'header.cr-header',
      '.cr-notices',
      'main nav[aria-label]',
      'main h1',
      '[data-testid="status-note"]',
      '[data-testid="block-timeline"] .ant-steps-item:last-child',
    ],
  );

describe('first screen from the server', () => {
  it('sends the page in the reader language, with its title, inert until the app runs', async () => {
    const en = await html('/suggestion');
    expect(en.status).toBe(200);
    expect(en.text).toContain('<div id="root" data-prerendered="en" inert>');
    expect(en.text).toContain('<title>Suggestions · Cyber Republic</title>');
    expect(en.text).toMatch(/<h1[^>]*>Suggestions<\/h1>/);
    expect(en.text).toContain('id="cr-boot"');

    const zh = await html('/', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' });
    expect(zh.text).toContain('<html lang="zh-CN">');
    expect(zh.text).toContain('共同治理与资助亦来云生态');
    // The language the reader chose (its cookie) wins over the browser's.
    const chosen = await html('/', { 'accept-language': 'zh-CN', cookie: 'cr_lang=en' });
    expect(chosen.text).toContain('Govern and fund the Elastos ecosystem together');

    // A parameter is put in as text, escaped.
    const odd = await html('/proposals/%3Cb%3Ex');
    expect(odd.text).toContain('#&#60;b&#62;x');
    expect(odd.text).not.toContain('<b>x');
    // With a query the plain app is sent (the page's state is in the URL); statuses stay as they were.
    expect((await html('/suggestion?page=2')).text).not.toContain('data-prerendered');
    expect((await html('/no-such-page')).status).toBe(404);
    expect((await html('/unsubscribe')).status).toBe(400);
  });

  it('paints the page without its code, and the app takes it over without moving anything', async () => {
    for (const width of [375, 1280]) {
      for (const path of ['/', '/suggestion', proposalPath]) {
        const still = await browser.newContext({
          javaScriptEnabled: false,
          viewport: { width, height: 800 },
        });
        const before = await still.newPage();
        await before.goto(`${baseUrl(site)}${path}`);
        expect(await before.locator('main h1').first().isVisible(), path).toBe(true);
        const isProposal = path === proposalPath;
        if (isProposal) {
          // The proposal itself is in the HTML: its title, its status and what that status means.
          expect(await before.locator('main h1').innerText()).toBe(proposalTitle);
          expect(await before.locator('[data-testid="proposal-head"]').getAttribute('data-status')).toBe(
            'PROPOSED',
          );
          await before.locator('[data-testid="status-note"]').waitFor();
        }
        const served = await positions(before);
        if (path === '/suggestion' || isProposal)
          await shot(before, `first-screen-${isProposal ? 'proposal-' : ''}${width}-html`);
        await still.close();

        const { page, context, errors } = await newPage(browser, { width, height: 800 });
        // The server's header and status note, as parsed before the app's code runs (module scripts run after
        // 'interactive').
        await page.addInitScript(() =>
          document.addEventListener('readystatechange', () => {
            const w = window as unknown as { servedHeader?: Element | null; servedNote?: Element | null };
            w.servedHeader ??= document.querySelector('header.cr-header');
            w.servedNote ??= document.querySelector('[data-testid="status-note"]');
          }),
        );
        await page.goto(`${baseUrl(site)}${path}`);
        await waitForApp(page);
        expect(await page.locator('#root').getAttribute('data-prerendered')).toBeNull();
        // Hydrated: the app kept the server's nodes (a mismatch would draw new ones and log an error).
        const kept = await page.evaluate(() => {
          const w = window as unknown as { servedHeader?: Element | null; servedNote?: Element | null };
          return [w.servedHeader?.isConnected, w.servedNote?.isConnected ?? null];
        });
        expect(kept, path).toEqual([true, isProposal ? true : null]);
        if (isProposal) await page.locator('[data-testid="council-votes"]').waitFor();
        expect(await positions(page), `${path} at ${width} px`).toEqual(served);
        if (path === '/suggestion' || isProposal)
          await shot(page, `first-screen-${isProposal ? 'proposal-' : ''}${width}-app`);
        expect(unexpected(errors), path).toEqual([]);
        await context.close();
      }
    }
  });
});
