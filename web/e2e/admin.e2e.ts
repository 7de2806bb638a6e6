import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clickWhenStill,
  animationsDone,
  baseUrl,
  expectPageTitle,
  launchBrowser,
  newPage,
  shot,
  useSite,
  waitForPage,
  type PageOptions,
} from './browser';
import { PHONE, ZH, noSideScroll, openSignedIn, unexpected } from './page-helpers';
import { registerByApi } from './mail';
import { call } from './proposal-flow';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (token: string, path: string, opts: PageOptions = {}) =>
  openSignedIn(browser, site, token, path, opts);

/** The HTTP status of GET `path` with a token (the member's own request). */
async function statusOf(path: string, token: string) {
  const res = await fetch(`${baseUrl(site)}${path}`, { headers: { 'api-token': token } });
  await res.arrayBuffer();
  return res.status;
}

/** Clicks OK in the open confirmation (modal or popconfirm), once it has stopped zooming in. */
async function confirm(page: Page, ok: string) {
  await clickWhenStill(
    page,
    page.locator('.ant-modal-footer, .ant-popconfirm-buttons').getByRole('button', { name: ok }).last(),
  );
}

describe('administration', () => {
  it('an admin finds a user by e-mail, makes them LEADER, deactivates another (signed out live), removes a permission from MEMBER live and restores it, and reads it all in the audit log (en, 1280 px)', async () => {
    const leader = await registerByApi(site.site, 'lead');
    const gone = await registerByApi(site.site, 'gone');
    const member = await registerByApi(site.site, 'perm');

    const adminTab = await signedIn(site.site.adminToken, '/admin/users');
    const { page } = adminTab;
    await expectPageTitle(page, 'Users');
    const search = page.getByLabel('Search name, username, e-mail or DID');
    await search.fill(leader.email);
    await search.press('Enter');
    const link = page.getByRole('link', { name: leader.username, exact: true });
    await link.waitFor();
    // The new member is on the unfiltered first page too (newest first): wait for the search's answer.
    await expect
      .poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBe(1);
    await shot(page, 'admin-users-en');
    await link.click();
    await expectPageTitle(page, `Profile: ${leader.username}`);
    await page.getByLabel('Change role').click();
    // Not chooseOption: the select keeps the old role until the confirmation below.
    await clickWhenStill(page, page.getByTitle('Organizer (LEADER)'));
    await page.getByRole('dialog').getByText(`Make ${leader.username} Organizer?`).waitFor();
    await confirm(page, 'Confirm');
    await page.getByText('The role was changed.').waitFor();
    await page.locator('.ant-descriptions').getByText('Organizer', { exact: true }).waitFor();
    await page.getByText('Role changed').first().waitFor();
    await shot(page, 'admin-profile-en');

    // The other member has a page open; the admin deactivates them and that page signs out at once.
    const goneTab = await signedIn(gone.token, '/');
    const accountMenu = goneTab.page.getByRole('button', { name: `Account menu for ${gone.username}` });
    await accountMenu.waitFor();
    await page.goto(`${baseUrl(site)}/admin/profile/${gone.userId}`);
    await expectPageTitle(page, `Profile: ${gone.username}`);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Spam account');
    await confirm(page, 'Confirm');
    await page.getByText('The account was deactivated and its sessions ended.').waitFor();
    await page.getByTestId('admin-user-status').getByText('Deactivated').waitFor();
    await accountMenu.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await statusOf('/api/user/current_user', gone.token)).toBe(401);

    // Permissions: withdraw a member's action (finding members, "GET /user/search") from MEMBER: the member's
    // next request is refused within a second, without restart; restoring it lets the member in again.
    await page.goto(`${baseUrl(site)}/admin/permission`);
    await expectPageTitle(page, 'Roles & Permissions');
    await page.getByTestId('permission-search').locator('input').fill('/user/search');
    const box = page.getByTestId('grant-GET /user/search-MEMBER');
    const findMembers = `/api/user/search?q=${encodeURIComponent(leader.username)}`;
    expect(await statusOf(findMembers, member.token)).toBe(200);
    await box.click();
    await page.getByText(/^Withdraw "GET \/user\/search" from User/).waitFor();
    await animationsDone(page);
    await shot(page, 'admin-permission-en');
    await confirm(page, 'Confirm');
    await page.getByText('Withdrawn.', { exact: true }).waitFor();
    const t0 = Date.now();
    expect(await statusOf(findMembers, member.token)).toBe(403);
    expect(Date.now() - t0).toBeLessThan(1000);
    // A role that still holds it is not affected.
    expect(await statusOf(findMembers, leader.token)).toBe(200);
    await box.click();
    await confirm(page, 'Confirm');
    await page.getByText('Granted.', { exact: true }).waitFor();
    expect(await statusOf(findMembers, member.token)).toBe(200);

    // The audit log has every act.
    await page.goto(`${baseUrl(site)}/admin/audit`);
    await expectPageTitle(page, 'Audit log');
    for (const what of ['Role changed', 'Account deactivated', 'Permission granted', 'Permission withdrawn'])
      await page.getByText(what, { exact: true }).first().waitFor();
    await page.getByText('Spam account').first().waitFor();
    await shot(page, 'admin-audit-en');
    expect(unexpected(adminTab.errors)).toEqual([]);
    await adminTab.context.close();
    await goneTab.context.close();
  });

  it('the admin pages in Chinese on a phone (375 px): users, audit, permissions and site settings', async () => {
    const tab = await signedIn(site.site.adminToken, '/admin/users', { ...PHONE, ...ZH });
    const { page } = tab;
    await expectPageTitle(page, '用户');
    await page.getByLabel('搜索姓名、用户名、邮箱或 DID').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'admin-users-zh-375');

    await page.goto(`${baseUrl(site)}/admin/audit`);
    await expectPageTitle(page, '审计日志');
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'admin-audit-zh-375');

    await page.goto(`${baseUrl(site)}/admin/permission`);
    await expectPageTitle(page, '角色与权限');
    await page.getByTestId('grant-GET /admin/users-ADMIN').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'admin-permission-zh-375');

    await page.goto(`${baseUrl(site)}/admin/settings`);
    await expectPageTitle(page, '站点设置');
    const sw = page.getByTestId('setting-suggestionsSuspended');
    expect(await sw.getAttribute('aria-checked')).toBe('false');
    await sw.click();
    await page.getByText('将“暂停建议”开启？').waitFor();
    await confirm(page, '确认');
    await page.getByText('已保存。').waitFor();
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'admin-settings-zh-375');
    // Back on, so other tests find suggestions open.
    await call(site.site, '/api/admin/site/settings', {
      method: 'PUT',
      token: site.site.adminToken,
      body: { suggestionsSuspended: false },
    });
    expect(unexpected(tab.errors)).toEqual([]);
    await tab.context.close();
  });

  it('an admin publishes the introduction video; /video loads nothing from its host until play (zh, 375 px), and says so when it cannot play', async () => {
    const tab = await signedIn(site.site.adminToken, '/admin/settings');
    const { page } = tab;
    await expectPageTitle(page, 'Site settings');
    const field = page.getByTestId('setting-introVideoUrl');
    await field.fill('http://video.example.org/intro.mp4');
    await page
      .getByRole('alert')
      .getByText('Please enter the https address of a video file (.mp4 or .webm).')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    const video = 'https://video.example.org/media/intro.mp4';
    await field.fill(video);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Show this video on the video page?').waitFor();
    await confirm(page, 'Confirm');
    await page.getByText('Saved.').waitFor();
    await shot(page, 'admin-settings-video-en');
    await tab.context.close();

    const visitor = await newPage(browser, { ...PHONE, ...ZH });
    const asked: string[] = [];
    await visitor.page.route('https://video.example.org/**', async (route) => {
      asked.push(route.request().url());
      await route.fulfill({ status: 404, body: '' });
    });
    await visitor.page.goto(`${baseUrl(site)}/video`);
    await waitForPage(visitor.page);
    const play = visitor.page.getByTestId('intro-video-play');
    await play.getByText('播放介绍视频').waitFor();
    await visitor.page.getByTestId('walkthrough').waitFor();
    expect(await noSideScroll(visitor.page)).toBe(true);
    await shot(visitor.page, 'video-zh-375');
    expect(asked).toEqual([]);
    await play.click();
    await visitor.page.getByText('无法在此播放视频。').waitFor();
    expect(asked[0]).toBe(video);
    await visitor.context.close();

    await call(site.site, '/api/admin/site/settings', {
      method: 'PUT',
      token: site.site.adminToken,
      body: { introVideoUrl: null },
    });
    const reader = await newPage(browser);
    await reader.page.goto(`${baseUrl(site)}/video`);
    await waitForPage(reader.page);
    await reader.page.getByTestId('intro-video-none').waitFor();
    await shot(reader.page, 'video-none-en');
    await reader.context.close();
  });
});
