import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot, useSite, waitForPage } from './browser';
import { noSideScroll } from './page-helpers';
import { registerByApi, waitForMail } from './mail';
import { call, openAs, postSuggestion, type Member } from './proposal-flow';

/**
 * Issue 16: e-mail preferences on the profile page, and the unsubscribe link of a real e-mail (taken from the
 * stack's SMTP capture) opened signed out, confirmed in one click; a forged link is refused (400) in both
 * languages; Chinese at 375 px.
 */

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Prefs = { language: string; groups: Record<string, boolean> };
const prefsOf = (token: string) => call<Prefs>(site.site, '/api/user/mail-preferences', { token });

describe('e-mail preferences', () => {
  it('a member turns a kind of mail off in the profile settings and saves', async () => {
    const member = await registerByApi(site.site, 'mailpref');
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/terms`);
    await waitForPage(page);
    await page.evaluate((t) => localStorage.setItem('api-token', t), member.token);
    await page.goto(`${baseUrl(site)}/profile/info`);
    await waitForPage(page);
    const card = page.getByTestId('mail-preferences');
    await card.getByText('Vote reminders').waitFor();
    await card.getByText('Confirmation codes, password reset links').waitFor();
    const reminders = card.getByRole('switch', { name: 'Vote reminders' });
    expect(await reminders.getAttribute('aria-checked')).toBe('true');
    expect(await card.getByRole('switch', { name: 'Account and security' }).isDisabled()).toBe(true);
    await reminders.click();
    await card.locator('.ant-radio-button-wrapper').filter({ hasText: '中文' }).click();
    expect(await card.getByRole('radio', { name: '中文' }).isChecked()).toBe(true);
    await card.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('E-mail preferences saved').waitFor();
    expect(await prefsOf(member.token)).toMatchObject({
      language: 'zh',
      groups: { 'vote-reminders': false, comments: true },
    });
    await page.reload();
    await card.getByText('Vote reminders').waitFor();
    expect(await card.getByRole('switch', { name: 'Vote reminders' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    await shot(page, 'mail-preferences-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the unsubscribe link of a real e-mail works signed out (Chinese, 375 px); a forged one is refused', async () => {
    const member = await registerByApi(site.site, 'unsub');
    // A comment that @mentions the member: a "comments and mentions" e-mail with its unsubscribe link.
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
    const s = await postSuggestion(site.site, author, 'Unsubscribe links work without signing in');
    await call(site.site, `/api/suggestion/${s._id}/comments`, {
      method: 'POST',
      token: site.site.memberToken,
      body: { body: `@${member.username} have a look` },
    });
    const link = await waitForMail(site.site, member.email, /Unsubscribe from these e-mails: (\S+)/);
    const url = new URL(link);
    expect(url.pathname).toBe('/unsubscribe');

    const { page, context, errors } = await newPage(browser, { width: 375, height: 812, locale: 'zh-CN' });
    await openAs(page, site.site, null, 'zh', `${url.pathname}${url.search}`);
    const confirm = page.getByTestId('unsubscribe-confirm');
    await confirm.getByText('不再接收「评论与提及」邮件？').waitFor();
    // Opening the page changed nothing.
    expect((await prefsOf(member.token)).groups.comments).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'unsubscribe-confirm-zh-375');
    await confirm.getByRole('button', { name: '退订' }).click();
    await page.getByTestId('unsubscribe-done').getByText('已退订').waitFor();
    await shot(page, 'unsubscribe-done-zh-375');
    expect((await prefsOf(member.token)).groups.comments).toBe(false);

    // A forged token: status 400, the error in the reader's language only, nothing changed.
    const [payload, mac] = url.searchParams.get('token')!.split('.') as [string, string];
    const forged = `${payload}.${mac.slice(0, -3)}${mac.endsWith('xyz') ? 'abc' : 'xyz'}`;
    const res = await page.goto(`${baseUrl(site)}/unsubscribe?token=${forged}`);
    expect(res?.status()).toBe(400);
    const invalid = page.getByTestId('unsubscribe-invalid');
    await invalid.getByText('此退订链接无效').waitFor();
    expect(await invalid.getByText('This unsubscribe link is not valid').count()).toBe(0);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'unsubscribe-invalid-zh-375');
    expect(await prefsOf(member.token)).toMatchObject({
      groups: { comments: false, 'vote-reminders': true },
    });

    // The settings card in Chinese on a phone, signed in: the kind is shown off.
    await openAs(page, site.site, member.token, 'zh', '/profile/info');
    const card = page.getByTestId('mail-preferences');
    await card.getByText('评论与提及').waitFor();
    expect(await card.getByRole('switch', { name: '评论与提及' }).getAttribute('aria-checked')).toBe('false');
    await card.scrollIntoViewIfNeeded();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'mail-preferences-zh-375');
    // The 400s of the forged link are expected; nothing else may fail.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
