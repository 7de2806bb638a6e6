import ICAL from 'ical.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot, useSite, waitForPage, clickWhenStill } from './browser';
import { registerByApi } from './mail';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Fetches the feed the card shows (on this site's origin) and parses it with ical.js as a calendar app would. */
async function fetchFeed(shown: string) {
  const res = await fetch(`${baseUrl(site)}${new URL(shown).pathname}`);
  if (res.status !== 200) return { status: res.status, cal: null };
  return { status: res.status, cal: new ICAL.Component(ICAL.parse(await res.text())) };
}

describe('calendar feed card', () => {
  it('creates a feed, shows its URL once, renews it (old URL 404) and revokes it, after confirmations', async () => {
    const member = await registerByApi(site.site, 'calendar');
    const { page } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/terms`);
    await waitForPage(page);
    await page.evaluate((t) => localStorage.setItem('api-token', t), member.token);
    await page.goto(`${baseUrl(site)}/profile/info`);
    await waitForPage(page);
    const card = page.getByTestId('calendar-feed');
    await card.getByText('You have no calendar feed yet.').waitFor();

    await card.getByRole('button', { name: 'Create calendar feed' }).click();
    const first = (await card.getByTestId('calendar-feed-url').textContent())!.trim();
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await card.getByTestId('calendar-feed-active').waitFor();
    await shot(page, 'calendar-feed-created');
    const feed = await fetchFeed(first);
    expect(feed.status).toBe(200);
    expect(feed.cal!.getFirstPropertyValue('x-wr-calname')).toBe('Cyber Republic deadlines');
    // Copied by the Clipboard API, or by the copy command where the page may not use it.
    await card.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByText('URL copied').waitFor();

    await card.getByRole('button', { name: 'Renew' }).click();
    await page.getByText('Renew your calendar feed?').waitFor();
    await clickWhenStill(page, page.locator('.ant-popconfirm').getByRole('button', { name: 'Renew' }));
    await expect
      .poll(async () => (await card.getByTestId('calendar-feed-url').textContent())?.trim())
      .not.toBe(first);
    const second = (await card.getByTestId('calendar-feed-url').textContent())!.trim();
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    await card.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Revoke your calendar feed?').waitFor();
    await clickWhenStill(page, page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }));
    await card.getByText('You have no calendar feed yet.').waitFor();
    expect(await card.getByTestId('calendar-feed-url').count()).toBe(0);
    expect((await fetchFeed(second)).status).toBe(404);
  });
});
