import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { openAs } from './proposal-flow';
import { chooseOption } from './select';

/**
 * The proposal list's toolbar without any chain cycle (fast): what the reader searches and filters is kept in
 * the URL, survives a reload, and "Clear filters" goes back to the whole list. Rows and live updates are
 * covered by proposal-cycle.e2e.ts, after its cycles.
 */
const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the proposal list toolbar', () => {
  it('keeps search and status in the URL, across a reload, and clears them', async () => {
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, null, 'en', '/proposals');
    const search = page.getByTestId('proposal-search').locator('input');
    const params = () => new URL(page.url()).searchParams;

    await chooseOption(page, page.getByLabel('Search in'), 'Number');
    await search.fill('999999');
    await search.press('Enter');
    await expect.poll(() => params().get('search')).toBe('999999');
    expect(params().get('searchBy')).toBe('number');
    await page.getByText('No proposal matches these filters.').waitFor();

    await chooseOption(page, page.getByTestId('status-filter'), 'Vetoed');
    await expect.poll(() => params().get('status')).toBe('VETOED');
    expect(params().get('search')).toBe('999999');

    // The URL is the state: a reload shows the same filters, the words still in the box.
    await page.reload();
    await page.getByText('No proposal matches these filters.').waitFor();
    expect(await search.inputValue()).toBe('999999');
    await shot(page, 'proposal-list-no-match');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).toMatch(/\/proposals$/);
    await expect.poll(() => search.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
