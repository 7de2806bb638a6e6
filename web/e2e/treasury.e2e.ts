import { Contract, Wallet, parseEther } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treasuryInterface } from '@cr/contracts-abi/artifacts';
import { createProvider } from '@cr/contracts-abi/provider';
import { weiToEla } from '../../api/src/modules/proposal-record/proposal-terms';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { brokenWords, scrollersWithoutHint } from './layout-checks';
import {
  call,
  councilMember,
  didMember,
  makeProposalOnPage,
  openAs,
  postSuggestion,
  signSuggestionOnPage,
  waitRegistered,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 10 treasury page against the running stack (the dev chain's deployed, funded treasury): the balance the
 * page shows equals the contract's balance read from the chain at the block the page names, before and after a
 * funding transaction, which then appears in the page's transaction list; in English and Chinese, at desktop
 * width and 375 px.
 */

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The balance on the page as the chain would write it (the page groups thousands with commas). */
async function shownBalance(page: Page): Promise<{ ela: string; block: number }> {
  const value = page.locator('[data-testid="stat-balance-value"]');
  await value.waitFor();
  const text = await value.innerText();
  const block = Number(await page.locator('[data-testid="treasury-source"]').getAttribute('data-block'));
  return { ela: text.replace(/ELA/, '').replace(/[,\s]/g, ''), block };
}

async function chainBalance(address: string, block: number): Promise<string> {
  const provider = createProvider(site.site.chainRpcUrl);
  try {
    return weiToEla(await provider.getBalance(address, block));
  } finally {
    provider.destroy();
  }
}

/** The contract's reserved total (`committed`) at `block`. */
async function chainCommitted(address: string, block: number): Promise<string> {
  const provider = createProvider(site.site.chainRpcUrl);
  try {
    const treasury = new Contract(address, treasuryInterface, provider);
    return weiToEla(await treasury.getFunction('committed').staticCall({ blockTag: block }));
  } finally {
    provider.destroy();
  }
}

describe('treasury page', () => {
  it('shows the chain’s balance, and a new funding with its transaction (English, desktop)', async () => {
    const { address } = await call<{ address: string }>(site.site, '/api/treasury');
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, null, 'en', '/treasury');
    await page.locator('main h1', { hasText: 'Treasury' }).waitFor();
    const before = await shownBalance(page);
    expect(before.ela).toBe(await chainBalance(address, before.block));
    await page.locator('[data-testid="balance-chart"]').waitFor();
    await shot(page, 'treasury-en');

    // Fund it from a fresh account (no nonce races with the stack's operator or relayer).
    const provider = createProvider(site.site.chainRpcUrl);
    const funder = Wallet.createRandom(provider);
    await provider.send('anvil_setBalance', [funder.address, `0x${parseEther('100').toString(16)}`]);
    const receipt = (await (
      await funder.sendTransaction({ to: address, value: parseEther('12.345678901234567891') })
    ).wait())!;
    provider.destroy();
    // The page is read again until the worker indexed the funding (its block is the one the figures name).
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await shownBalance(page)).block >= receipt.blockNumber;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    const after = await shownBalance(page);
    expect(after.ela).toBe(await chainBalance(address, after.block));
    expect(after.ela).not.toBe(before.ela);

    // The balance card lists its transactions, the new funding among them.
    await page.locator('[data-testid="stat-balance"]').getByRole('button').click();
    await page.locator('[data-testid="tx-filter"]').waitFor();
    const list = page.locator('[data-testid="treasury-transactions"]');
    await list.locator(`[title="${receipt.hash}"]`).first().waitFor();
    expect(await list.innerText()).toContain('12.345678901234567891 ELA');
    await shot(page, 'treasury-en-transactions');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a registered proposal’s budget: reserved equals the contract’s, its bar links to the proposal', async () => {
    const [author, proposer] = await Promise.all([
      didMember(site.site, 'treasury'),
      councilMember(site.site, 1),
    ]);
    const { page, context, errors } = await newPage(browser);
    const title = `Treasury budget check ${runId()}`;
    const s = await postSuggestion(site.site, author, title);
    await signSuggestionOnPage(page, site.site, author, s.number);
    const number = await makeProposalOnPage(page, site.site, proposer, s.number);
    await waitRegistered(site.site, number);
    await openAs(page, site.site, null, 'en', '/treasury');
    const row = page.locator('[data-testid="budget-row"]', { hasText: title });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('[data-testid="stat-balance-value"]').waitFor();
          return row.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    const { address } = await call<{ address: string }>(site.site, '/api/treasury');
    const block = Number(await page.locator('[data-testid="treasury-source"]').getAttribute('data-block'));
    const reserved = (await page.locator('[data-testid="stat-reserved-value"]').innerText())
      .replace(/ELA/, '')
      .replace(/[,\s]/g, '');
    expect(reserved).toBe(await chainCommitted(address, block));
    expect(await row.innerText()).toContain('Budget 1,000 ELA · paid 0 · reserved 1,000');
    await shot(page, 'treasury-en-budget');
    await row.getByRole('link').click();
    await page.waitForURL(`**/proposals/${number}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Chinese at desktop width and on a 375 px phone', async () => {
    const { address } = await call<{ address: string }>(site.site, '/api/treasury');
    for (const width of [1280, 375]) {
      const { page, context, errors } = await newPage(browser, { width, height: 860, locale: 'zh-CN' });
      await openAs(page, site.site, null, 'zh', '/treasury');
      await page.locator('main h1', { hasText: '国库' }).waitFor();
      // Its trail: Home › Treasury.
      expect(await page.getByRole('navigation', { name: '面包屑导航' }).innerText()).toMatch(
        /首页\s*\/\s*国库/,
      );
      const shown = await shownBalance(page);
      expect(shown.ela).toBe(await chainBalance(address, shown.block));
      expect(await page.locator('[data-testid="stat-balance"]').innerText()).toContain('余额');
      await page.locator('[data-testid="balance-chart"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await scrollersWithoutHint(page, 'main')).toEqual([]);
      await shot(page, `treasury-zh-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('English on a 375 px phone: nothing wider than the screen, no word broken', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await openAs(page, site.site, null, 'en', '/treasury');
    await page.locator('[data-testid="stat-balance-value"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await brokenWords(page, 'main')).toEqual([]);
    expect(await scrollersWithoutHint(page, 'main')).toEqual([]);
    await shot(page, 'treasury-en-375');
    // The menu links the page.
    expect(await page.locator(`footer a[href="/treasury"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a skeleton while it loads, the reason and a retry when the chain cannot be read', async () => {
    const { page, context } = await newPage(browser);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first answer is held (the skeleton shows), then is the api's "treasury unavailable" error.
    await page.route('**/api/treasury', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: -1,
          error: {
            type: 'treasury.unavailable',
            message: 'The treasury cannot be read from the chain right now.',
          },
        }),
      });
    });
    await openAs(page, site.site, null, 'en', '/terms');
    await page.goto(`${site.site.url}/treasury`);
    // The page's own skeleton inside the site's layout (not the app's start-up screen).
    await page.locator('main [data-testid="page-loading"]').waitFor();
    await shot(page, 'treasury-en-loading', { fullPage: false });
    release();
    await page
      .getByText('The treasury cannot be read from the chain right now. Try again in a moment.')
      .waitFor();
    await shot(page, 'treasury-en-error', { fullPage: false });
    await page.unroute('**/api/treasury');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-testid="stat-balance-value"]').waitFor();
    await context.close();
  });
});
