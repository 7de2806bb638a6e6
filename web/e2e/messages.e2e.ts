import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  shot,
  useSite,
  waitForPage,
  type PageOptions,
  clickWhenStill,
} from './browser';
import { PHONE, ZH, noSideScroll, openSignedIn, unexpected } from './page-helpers';
import { registerByApi } from './mail';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as `token`, opened at `path`. */
const signedIn = (token: string, path: string, opts: PageOptions = {}) =>
  openSignedIn(browser, site, token, path, opts);

const thread = (page: Page) => page.getByTestId('thread');

async function send(page: Page, text: string, errors: string[] = []) {
  await page.getByTestId('message-input').fill(text);
  await page.getByTestId('send-message').click();
  try {
    await thread(page).getByText(text).waitFor({ timeout: 10_000 });
  } catch (err) {
    await shot(page, 'messages-debug');
    console.log('PAGE ERRORS', errors.join('\n'));
    throw err;
  }
}

describe('follow and direct messages', () => {
  it('two members follow each other and talk live; a message sent while one is offline waits, unread', async () => {
    const ada = await registerByApi(site.site, 'ada');
    const bo = await registerByApi(site.site, 'bo');

    // Ada (English, desktop) follows Bo from Bo's member page.
    const adaTab = await signedIn(ada.token, `/member/${bo.userId}`);
    const a = adaTab.page;
    await a.getByTestId('follow-panel').waitFor();
    await a.getByTestId('follow-button').click();
    await a.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(await a.getByTestId('followers').textContent()).toContain('1');
    await shot(a, 'messages-member-en');

    // Bo (Chinese, 375 px) follows Ada back.
    let boTab = await signedIn(bo.token, `/member/${ada.userId}`, { ...PHONE, ...ZH });
    let b = boTab.page;
    await b.getByTestId('follow-button').click();
    await b.getByRole('button', { name: '取消关注' }).waitFor();
    expect(await b.getByTestId('followers').textContent()).toContain('1');
    expect(await b.getByTestId('following').textContent()).toContain('1');
    expect(await noSideScroll(b)).toBe(true);
    await shot(b, 'messages-member-zh-375');

    // Both open the conversation; messages arrive live in the other page.
    await a.getByTestId('message-button').click();
    await a.getByTestId('message-input').waitFor();
    await b.goto(`${baseUrl(site)}/profile/messages/${ada.userId}`);
    await waitForPage(b);
    await b.getByTestId('message-input').waitFor();
    await send(a, 'Hello Bo, welcome to the council channel.', adaTab.errors);
    await thread(b).getByText('Hello Bo, welcome to the council channel.').waitFor();
    await send(b, '你好 Ada，收到！');
    await thread(a).getByText('你好 Ada，收到！').waitFor();
    expect(await noSideScroll(b)).toBe(true);
    await shot(a, 'messages-thread-en');
    await shot(b, 'messages-thread-zh-375');

    // Bo goes offline; Ada writes meanwhile.
    await boTab.context.close();
    await send(a, 'Are you there? The vote opens tomorrow.');
    await shot(a, 'messages-sent-offline-en');

    // Bo comes back: the conversation list shows one unread message, the header badge too.
    boTab = await signedIn(bo.token, '/profile/messages', { ...PHONE, ...ZH });
    b = boTab.page;
    const row = b.getByTestId(`conversation-${ada.userId}`);
    await row.waitFor();
    await row.getByText('Are you there? The vote opens tomorrow.').waitFor();
    await expect.poll(() => row.locator('.ant-badge-count').textContent()).toContain('1');
    await expect
      .poll(() => b.getByTestId('unread-badge').locator('.ant-badge-count').first().textContent())
      .toContain('1');
    await shot(b, 'messages-list-zh-375');
    await row.getByRole('link').click();
    await thread(b).getByText('Are you there? The vote opens tomorrow.').waitFor();
    await expect.poll(() => b.getByTestId('unread-badge').locator('.ant-badge-count').count()).toBe(0);

    // The same pages in the other language and size.
    const adaZh = await signedIn(ada.token, '/profile/messages', ZH);
    await adaZh.page.getByTestId(`conversation-${bo.userId}`).waitFor();
    await shot(adaZh.page, 'messages-list-zh');
    const boEn = await signedIn(bo.token, `/profile/messages/${ada.userId}`, PHONE);
    await thread(boEn.page).getByText('Hello Bo, welcome to the council channel.').waitFor();
    expect(await noSideScroll(boEn.page)).toBe(true);
    await shot(boEn.page, 'messages-thread-en-375');

    for (const tab of [adaTab, boTab, adaZh, boEn]) expect(unexpected(tab.errors)).toEqual([]);
  });

  it('refuses messaging yourself and asks before blocking', async () => {
    const cy = await registerByApi(site.site, 'cy');
    const dee = await registerByApi(site.site, 'dee');
    const tab = await signedIn(cy.token, `/member/${cy.userId}`);
    await tab.page.getByTestId('follow-panel').waitFor();
    expect(await tab.page.getByTestId('follow-button').count()).toBe(0);
    await tab.page.goto(`${baseUrl(site)}/profile/messages/${cy.userId}`);
    await waitForPage(tab.page);
    await tab.page.getByTestId('message-input').fill('me to me');
    await tab.page.getByTestId('send-message').click();
    await tab.page.getByText('You cannot send a message to yourself').waitFor();

    await tab.page.goto(`${baseUrl(site)}/member/${dee.userId}`);
    await waitForPage(tab.page);
    await tab.page.getByRole('button', { name: 'Block' }).click();
    await tab.page.getByText('Block this member?').waitFor();
    await shot(tab.page, 'messages-block-confirm-en', { fullPage: false });
    await clickWhenStill(
      tab.page,
      tab.page.locator('.ant-popconfirm').getByRole('button', { name: 'Block' }),
    );
    await tab.page.getByRole('button', { name: 'Unblock' }).waitFor();
  });
});
