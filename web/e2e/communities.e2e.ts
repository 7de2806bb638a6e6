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
import { call } from './proposal-flow';
import { chooseOption } from './select';

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

const admin = () => site.site.adminToken;
const settings = (body: Record<string, boolean>) =>
  call(site.site, '/api/admin/site/settings', { method: 'PUT', token: admin(), body });

/** An antd select by its test id: pick the option with `text`. */
const pick = (page: Page, testId: string, text: string) => chooseOption(page, page.getByTestId(testId), text);

describe('communities and campaign forms', () => {
  it('a member joins a city, applies as organizer, is approved, then adds a school (en desktop, zh 375 px)', async () => {
    const country = 'SG';
    const root = await call<{ _id: string }>(site.site, '/api/community/country', {
      method: 'POST',
      token: admin(),
      body: { country },
    }).catch(async () => {
      const tree = await call<{ list: { _id: string; type: string }[] }>(
        site.site,
        `/api/community?country=${country}`,
      );
      return tree.list.find((c) => c.type === 'COUNTRY')!;
    });
    const cityName = `Jurong ${Date.now().toString(36)}`;
    await call(site.site, '/api/community', {
      method: 'POST',
      token: admin(),
      body: { parentId: root._id, type: 'CITY', name: cityName },
    });
    const member = await registerByApi(site.site, 'organizer');

    // The member finds the city in Singapore's tree and joins it (desktop, English).
    const tab = await signedIn(member.token, `/communities?country=${country}`);
    const { page } = tab;
    const city = page.locator(`[data-testid="community-CITY"][data-name="${cityName}"]`);
    await city.getByTestId('community-join').first().click();
    await page.getByText('You joined the community.').waitFor();
    await city.getByText('Member', { exact: true }).first().waitFor();
    expect(await city.getByTestId('community-add-sub').count()).toBe(0);
    await shot(page, 'communities-joined-en');

    // The organizer application: the schema's rules first, then a complete form.
    await page.goto(`${baseUrl(site)}/organizer/apply`);
    await waitForPage(page);
    await page.getByLabel('Full legal name').fill('Al');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter your full legal name (at least 3 characters)').waitFor();
    await page.getByText('Invalid email').waitFor();
    await page.getByLabel('Full legal name').fill('Alice Organizer');
    await page.getByLabel('Occupation').fill('Teacher');
    await page.getByLabel('Education').fill('University');
    await page.getByLabel('Blog').check();
    await page.getByLabel('E-mail').fill(member.email);
    await chooseOption(page, page.getByTestId('community-picker-country'), 'Singapore', { search: true });
    await pick(page, 'community-picker', cityName);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your organizer application was sent. An admin will be in touch.').first().waitFor();
    await shot(page, 'organizer-applied-en');

    // The admin approves it on /admin/forms.
    const adminTab = await signedIn(admin(), '/admin/forms');
    const ap = adminTab.page;
    const item = ap.getByTestId('submission').filter({ hasText: member.username });
    await item.first().waitFor();
    await item.first().getByLabel('Answer').fill('Welcome, organizer!');
    await item.first().getByTestId('submission-save').click();
    await ap.getByText('The answer was saved.').waitFor();
    await shot(ap, 'admin-forms-approved-en');
    expect(unexpected(adminTab.errors)).toEqual([]);

    // The new organizer adds a school below the city, on a phone in Chinese.
    const zhTab = await signedIn(member.token, `/communities?country=${country}`, { ...PHONE, ...ZH });
    const zp = zhTab.page;
    const zcity = zp.locator(`[data-testid="community-CITY"][data-name="${cityName}"]`);
    await zcity.getByText('组织者', { exact: true }).first().waitFor();
    await zcity.getByTestId('community-add-sub').first().click();
    // Checked in the dialog before saving: a click lost to the list's animation would save the default, a city.
    await chooseOption(zp, zp.getByRole('dialog').getByLabel('类型'), '学校');
    await zp.getByRole('dialog').getByLabel('名称').fill('National University');
    await clickWhenStill(zp, zp.getByRole('dialog').getByRole('button', { name: '保存' }));
    await zp.getByText('社区已添加。').waitFor();
    await zcity.locator('[data-testid="community-SCHOOL"][data-name="National University"]').waitFor();
    expect(await noSideScroll(zp)).toBe(true);
    await shot(zp, 'communities-school-added-zh-375');

    // My communities and my forms show it all.
    await zp.goto(`${baseUrl(site)}/profile/communities`);
    await waitForPage(zp);
    await zp.getByTestId('my-communities').getByText(cityName).waitFor();
    expect(await noSideScroll(zp)).toBe(true);
    await shot(zp, 'my-communities-zh-375');
    await zp.goto(`${baseUrl(site)}/profile/forms`);
    await waitForPage(zp);
    await zp.getByTestId('submission-status').getByText('已批准').waitFor();
    await zp.getByText('Welcome, organizer!').waitFor();
    await shot(zp, 'my-forms-zh-375');
    expect(unexpected(tab.errors)).toEqual([]);
    expect(unexpected(zhTab.errors)).toEqual([]);
    await Promise.all([tab.context.close(), adminTab.context.close(), zhTab.context.close()]);
  });

  it('a member files a bug and a security issue; the training form is refused while postponed (en 375, zh desktop)', async () => {
    const member = await registerByApi(site.site, 'reporter');
    const other = await registerByApi(site.site, 'stranger');
    const tab = await signedIn(member.token, '/profile/issues', PHONE);
    const { page } = tab;
    await page.getByTestId('issue-open').click();
    await page.getByLabel('Title').fill('Login button overlaps');
    await page.getByLabel('Description').fill('On a phone the login button covers the menu.');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('issue-attachment').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your issue was submitted.').waitFor();
    await page.getByTestId('issue-open').click();
    await page.getByLabel('Title').fill('Session token leak');
    await chooseOption(page, page.getByTestId('issue-type'), 'Security issue');
    await page.getByLabel('Description').fill('Details for the admins only.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('my-issues').getByText('Session token leak').waitFor();
    await page.getByTestId('my-issues').getByText('Login button overlaps').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'my-issues-en-375');

    // A second member cannot read the security issue.
    const mine = await call<{ list: { _id: string; type: string }[] }>(
      site.site,
      '/api/submission/mine?kind=issues',
      {
        token: member.token,
      },
    );
    const sec = mine.list.find((s) => s.type === 'SECURITY_ISSUE')!;
    await expect(call(site.site, `/api/submission/${sec._id}`, { token: other.token })).rejects.toThrow(
      'submission.not_found',
    );

    // Training: refused while postponed, accepted once open (zh desktop).
    await settings({ trainingPostponed: true });
    const zh = await signedIn(member.token, '/form/training1', ZH);
    const zp = zh.page;
    await zp.getByTestId('training-form-closed').getByText('大使培训已推迟').waitFor();
    await shot(zp, 'training-postponed-zh');
    await settings({ trainingPostponed: false });
    await zp.reload();
    await waitForPage(zp);
    await zp.getByLabel('法定全名').fill('Bob Trainee');
    await zp.getByLabel('职业').fill('Engineer');
    await zp.getByLabel('教育背景').fill('College');
    await zp.getByLabel('视频').check();
    await zp.getByLabel('电子邮箱').fill(member.email);
    await zp.getByLabel('您所在的社区').fill('Elastos Berlin');
    await zp.getByRole('button', { name: '提交' }).click();
    await zp.getByText('您的培训申请已发送。').first().waitFor();
    await shot(zp, 'training-sent-zh');
    await settings({ trainingPostponed: true });
    expect(unexpected(tab.errors)).toEqual([]);
    expect(unexpected(zh.errors)).toEqual([]);
    await Promise.all([tab.context.close(), zh.context.close()]);
  });
});
