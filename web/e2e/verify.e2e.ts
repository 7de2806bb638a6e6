import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { councilMember, didMember, openAs, postSuggestion, proposeByApi } from './proposal-flow';

/**
 * Issue 16, "verify it yourself": /verify shows the chain and the contracts (the code at each address checked
 * against the compiled code), lets the reader download an ABI, and lists a registered proposal beside the
 * contract's own record, agreeing. English at 1280 px, Chinese at 375 px.
 */
const site = useSite();
let browser: Browser;
let number: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const author = await didMember(site.site, 'verifier');
  const member = await councilMember(site.site, 9);
  const s = await postSuggestion(site.site, author, 'Verify: an audited bridge');
  number = (await proposeByApi(site.site, author, member, s)).number;
});
afterAll(async () => {
  await browser?.close();
});

describe('/verify', () => {
  it('shows the contracts with their code checked, an ABI to download, and the proposal agreeing with the chain', async () => {
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, null, 'en', '/verify');
    await page.getByRole('heading', { level: 1, name: 'Verify it yourself' }).waitFor();
    // The relayer's batch forwarder is listed with the governance contracts, its code checked the same way.
    for (const name of ['Council', 'Governance', 'Treasury', 'RelayBatch'])
      expect(await page.getByTestId(`code-${name}`).getAttribute('data-check')).toBe('match');
    await page.getByText("RelayBatch is the relayer's batch forwarder").waitFor();
    const row = page.getByTestId(`verify-${number}`);
    await row.waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId(`verify-${number}`).waitFor();
          return page.getByTestId(`verify-${number}`).getAttribute('data-matches');
        },
        { timeout: 30_000 },
      )
      .toBe('true');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('row', { name: /Governance/ })
        .getByRole('button', { name: 'Download ABI' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('Governance.abi.json');
    const abi = JSON.parse(
      await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    ) as Array<{ name?: string }>;
    expect(abi.some((f) => f.name === 'proposal')).toBe(true);
    await page.getByRole('heading', { name: 'What each member signs' }).waitFor();
    await shot(page, 'verify-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in Chinese on a phone', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 780, locale: 'zh-CN' });
    await openAs(page, site.site, null, 'zh', '/verify');
    await page.getByRole('heading', { level: 1, name: '自行验证' }).waitFor();
    await page.getByTestId(`verify-${number}`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('code-Governance').innerText()).toBe('与编译源码一致');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'verify-zh-375', { fullPage: false });
    await page.getByRole('heading', { name: '提案：本站与链上对照' }).scrollIntoViewIfNeeded();
    await shot(page, 'verify-zh-375-proposals', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
