import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { call, openAs, postSuggestion, type Member } from './proposal-flow';

/**
 * Issue 18: the @mention box finds any member by username or name as one types (GET /api/user/search), still
 * offering the thread's people first and @ALL, in English and Chinese, desktop and 375 px.
 */

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dropdown = (page: Page) => page.locator('.ant-mentions-dropdown:not(.ant-mentions-dropdown-hidden)');
const found = (page: Page, name: string) =>
  dropdown(page).locator('[data-testid="mention-member"]').filter({ hasText: name });

/** A suggestion by another member (the site's admin account): its author is the thread's one person. */
async function suggestionByAnother(title: string): Promise<{ number: number; author: string }> {
  const me = await call<{ username: string }>(site.site, '/api/user/current_user', {
    token: site.site.adminToken,
  });
  const author: Member = {
    token: site.site.adminToken,
    username: me.username,
    wallet: '',
    did: '',
    evmAddress: '',
  };
  return { number: (await postSuggestion(site.site, author, title)).number, author: me.username };
}

describe('mentions', () => {
  it('"@coun" suggests council members by username, "@Weber" by name; choosing one posts the mention', async () => {
    const { number, author } = await suggestionByAnother('Mentions find members who are not in the thread');
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, site.site.memberToken, 'en', `/suggestion/${number}`);
    const box = page.getByTestId('comment-input');
    await box.click();
    await page.keyboard.type('@coun');
    await found(page, 'Daniel Weber').waitFor({ timeout: 10_000 });
    const options = dropdown(page).locator('.ant-mentions-dropdown-menu-item');
    // Eight members at most; nobody's e-mail anywhere.
    expect(await dropdown(page).locator('[data-testid="mention-member"]').count()).toBeLessThanOrEqual(8);
    expect(await dropdown(page).innerText()).not.toContain('@example.org');
    expect(await options.first().innerText()).toContain('陈嘉怡');
    await shot(page, 'mentions-search-en', { fullPage: false });

    // By name: nothing in the username says "weber".
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('@Weber');
    await found(page, 'Daniel Weber').click();
    expect(await box.inputValue()).toBe('@council-02 ');
    await page.keyboard.type('please look at the budget');
    await page.getByRole('button', { name: 'Post comment' }).click();
    const comment = page.getByTestId('comment').filter({ hasText: 'please look at the budget' });
    await comment.waitFor();
    expect(await comment.locator('a.sg-mention').textContent()).toBe('@council-02');

    // The thread's people still come first, and @ALL is still offered.
    await box.click();
    await page.keyboard.type('@');
    await dropdown(page).waitFor();
    expect(await options.allInnerTexts()).toEqual([`@${author}`, '@ALL (all council members)']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Chinese on a phone, a Chinese name finds the member', async () => {
    const { number } = await suggestionByAnother('提及可以按姓名查找成员');
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await openAs(page, site.site, site.site.memberToken, 'zh', `/suggestion/${number}`);
    const box = page.getByTestId('comment-input');
    await box.scrollIntoViewIfNeeded();
    await box.click();
    // An input method enters the characters at once and then releases a key (the box reads the word on key-up).
    await page.keyboard.type('@');
    await page.keyboard.insertText('嘉怡');
    await page.keyboard.press('End');
    await found(page, '陈嘉怡').waitFor({ timeout: 10_000 });
    await shot(page, 'mentions-search-zh-375', { fullPage: false });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('@zzzz_nobody');
    await dropdown(page).getByText('没有找到成员').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
