import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDetail } from '@cr/contract/task.contract';
import { baseUrl, launchBrowser, newPage, shot, useSite, waitForPage, type PageOptions } from './browser';
import { chooseOption } from './select';
import { PHONE, ZH, noSideScroll, openSignedIn, unexpected } from './page-helpers';
import { registerByApi } from './mail';
import { call, councilMember } from './proposal-flow';

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

const status = (page: Page) => page.getByTestId('task-status').first().textContent();

/**
 * Confirms an antd Popconfirm or Modal opened by the last click, and waits until it closes. Once in a loaded CI
 * run the task's status never moved after "Mark complete" (the likeliest cause: a click that landed while the
 * Modal was still zooming in), so a dialog still open after 5 s is clicked again, as a user would; its OK button
 * shows loading while the request runs, which ignores a second click. A dialog that never closes fails with the
 * page's message, so a refusal is told from a missed click.
 */
async function confirm(page: Page, okName: RegExp | string) {
  const ok = page.getByRole('button', { name: okName });
  const dialog = page.locator('.ant-popover:visible, .ant-modal:visible').filter({ has: ok });
  for (let attempt = 1; ; attempt++) {
    await dialog.getByRole('button', { name: okName }).click();
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch (err) {
      if (attempt < 3) continue;
      const shown = await page
        .locator('.ant-message')
        .textContent()
        .catch(() => null);
      throw new Error(`the "${String(okName)}" dialog did not close (message: ${shown || 'none'})`, {
        cause: err,
      });
    }
  }
}

describe('tasks', () => {
  it('a bidding task: created, approved by an admin, two bids, limit of one, completed, signed off, paid', async () => {
    const owner = await registerByApi(site.site, 'taskowner');
    const bidderA = await registerByApi(site.site, 'biddera');
    const bidderB = await registerByApi(site.site, 'bidderb');
    const name = `Explorer widget ${Date.now().toString(36)}`;

    // The owner creates it on the form (desktop, English); the payment rules must be confirmed.
    const ownerTab = await signedIn(owner.token, '/developer/tasks');
    const { page } = ownerTab;
    await page.getByRole('button', { name: 'Create a task' }).click();
    await page.getByTestId('task-form').waitFor();
    await page.getByLabel('Name').fill(name);
    await page
      .getByLabel('Description', { exact: true })
      .fill('A block explorer widget for the portal home page.');
    await page.getByLabel('Application deadline').click();
    await page.getByLabel('Application deadline').fill('12/31/2030 10:00:00');
    await page.keyboard.press('Enter');
    await page.getByLabel('Candidates bid for this work').click();
    await page.getByLabel('Reference bid').fill('50');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('You must confirm you have read the payment rules and disclaimer').first().waitFor();
    // The information link and the location are required (spec §5 Task create), each saying what it needs.
    await page.getByText('Please give a link where people can learn more about it').first().waitFor();
    await page.getByText('Please say where it takes place').first().waitFor();
    await shot(page, 'tasks-create-en');
    await page.getByLabel('Information link', { exact: true }).fill('https://example.org/explorer-widget');
    await page.getByLabel('Location', { exact: true }).fill('Online');
    await page.getByTestId('confirm-rules').click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByTestId('task-detail').waitFor();
    const path = new URL(page.url()).pathname;
    expect(path).toMatch(/^\/tasks\/[0-9a-f-]{36}$/);
    const id = path.split('/').pop()!;
    expect(await status(page)).toBe('Awaiting approval');

    // The admin approves it from the admin list.
    const adminTab = await signedIn(site.site.adminToken, '/admin/tasks');
    const ap = adminTab.page;
    const row = ap.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: 'Approve the task' }).click();
    await confirm(ap, 'OK');
    await row.getByText('Approved', { exact: true }).waitFor();
    await shot(ap, 'tasks-admin-en');

    // Bidder A bids on a phone, in Chinese; bidder B bids through the api.
    const aTab = await signedIn(bidderA.token, path, { ...PHONE, ...ZH });
    const a = aTab.page;
    await a.getByTestId('task-apply').waitFor();
    await a.getByRole('button', { name: '竞标' }).click();
    await a.getByText('竞标时必须填写报价').waitFor();
    await a.getByLabel('你的报价（ELA）').fill('40');
    await a.getByRole('button', { name: '竞标' }).click();
    await a.getByTestId('task-my-application').getByText('待处理').waitFor();
    expect(await noSideScroll(a)).toBe(true);
    await shot(a, 'tasks-bid-zh-375');
    await call(site.site, `/api/task/${id}/apply`, {
      method: 'POST',
      token: bidderB.token,
      body: { bid: '45' },
    });

    // The owner approves A; approving B too is refused by the limit of one.
    await page.reload();
    await waitForPage(page);
    const candidates = page.getByTestId('task-candidate');
    await candidates.nth(1).waitFor();
    await candidates.filter({ hasText: 'Bid: 40 ELA' }).getByRole('button', { name: 'Approve' }).click();
    await confirm(page, 'OK');
    await page.getByTestId('task-status').getByText('Assigned').waitFor();
    await candidates.filter({ hasText: 'Bid: 45 ELA' }).getByRole('button', { name: 'Approve' }).click();
    await confirm(page, 'OK');
    await page.getByText('The candidate limit of this task has been reached.').waitFor();
    // Bidding closed: no comments.
    await page.getByTestId('comments-closed').waitFor();

    // The owner marks it complete after confirming.
    await page.getByTestId('task-action-complete').click();
    await confirm(page, 'Mark complete');
    await page.getByTestId('task-status').getByText('Awaiting council sign-off').waitFor();

    // A council member signs it off (on a phone, in Chinese).
    const council = await councilMember(site.site, 1);
    const cTab = await signedIn(council.token, path, { ...PHONE, ...ZH });
    const c = cTab.page;
    await c.getByTestId('task-action-signoff').click();
    await confirm(c, '签核');
    await c.getByText(/由 .+ 签核/).waitFor();
    expect(await noSideScroll(c)).toBe(true);
    await shot(c, 'tasks-signoff-zh-375');

    // The admin marks it a success and records the reward payment.
    await ap.goto(`${baseUrl(site)}${path}`);
    await waitForPage(ap);
    await ap.getByTestId('task-action-success').click();
    await confirm(ap, 'Mark success');
    await ap.getByTestId('task-status').getByText('Success', { exact: true }).waitFor();
    await ap.getByTestId('task-action-distribute').click();
    await ap.getByTestId('task-payment-note').fill('40 ELA, tx 0xabc');
    await confirm(ap, 'Record reward payment');
    await ap.getByTestId('task-status').getByText('Reward distributed').waitFor();
    await ap.getByText('40 ELA, tx 0xabc').waitFor();
    await shot(ap, 'tasks-distributed-en');

    const done = await call<TaskDetail>(site.site, `/api/task/${id}`, { token: owner.token });
    expect([done.status, done.signedOffBy?.username]).toEqual(['DISTRIBUTED', council.username]);

    // "My tasks": the owner created it, bidder A applied (approved).
    await a.goto(`${baseUrl(site)}/profile/tasks`);
    await waitForPage(a);
    await a.getByTestId('my-tasks-applied').getByText(name).waitFor();
    await a.getByTestId('my-tasks-applied').getByText('已通过').waitFor();
    await shot(a, 'tasks-mine-zh-375');
    for (const tab of [ownerTab, adminTab, aTab, cTab]) expect(unexpected(tab.errors)).toEqual([]);
    for (const tab of [ownerTab, adminTab, aTab, cTab]) await tab.context.close();
  });

  it('lists filter by type, category and status; projects and the learn page in both languages', async () => {
    const owner = await registerByApi(site.site, 'eventowner');
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const base = {
      description: 'Meet the builders.',
      candidateLimit: 20,
      infoLink: 'https://example.org/builders',
      location: 'Singapore',
      confirmRules: true,
      applicationDeadline: soon,
    };
    const event = await call<TaskDetail>(site.site, '/api/task', {
      method: 'POST',
      token: owner.token,
      body: {
        ...base,
        name: `Meetup ${Date.now().toString(36)}`,
        type: 'EVENT',
        category: 'SOCIAL',
        eventDateType: 'TENTATIVE',
      },
    });
    const project = await call<TaskDetail>(site.site, '/api/task', {
      method: 'POST',
      token: owner.token,
      body: {
        ...base,
        name: `Wallet SDK ${Date.now().toString(36)}`,
        type: 'PROJECT',
        category: 'DEVELOPER',
        problem: 'No SDK for wallets.',
      },
    });

    // Tasks list in English on a desktop: filter by type Event.
    const en = await newPage(browser);
    await en.page.goto(`${baseUrl(site)}/developer/tasks`);
    await waitForPage(en.page);
    await chooseOption(en.page, en.page.getByTestId('filter-type'), 'Event');
    await en.page.getByTestId('task-list').getByText(event.name).waitFor();
    expect(await en.page.getByTestId('task-list').getByText(project.name).count()).toBe(0);
    await shot(en.page, 'tasks-list-en');
    await en.page.goto(`${baseUrl(site)}/developer/projects`);
    await waitForPage(en.page);
    await en.page.getByTestId('task-list').getByText(project.name).waitFor();
    await en.page.goto(`${baseUrl(site)}/developer`);
    await waitForPage(en.page);
    await en.page.getByText('Welcome, developers').waitFor();
    await shot(en.page, 'developer-learn-en');
    expect(unexpected(en.errors)).toEqual([]);

    // Chinese on a phone: the event page (RSVP), the project list, the learn page.
    const rsvp = await registerByApi(site.site, 'rsvp');
    const zh = await signedIn(rsvp.token, `/tasks/${event._id}`, {
      ...PHONE,
      ...ZH,
    });
    await zh.page.getByRole('button', { name: '报名' }).click();
    await zh.page.getByTestId('task-my-application').getByText('已通过').waitFor();
    expect(await noSideScroll(zh.page)).toBe(true);
    await shot(zh.page, 'tasks-event-zh-375');
    for (const p of ['/developer/tasks', '/developer/projects', '/developer', `/projects/${project._id}`]) {
      await zh.page.goto(`${baseUrl(site)}${p}`);
      await waitForPage(zh.page);
      expect(await noSideScroll(zh.page), p).toBe(true);
    }
    await zh.page.getByText('No SDK for wallets.').waitFor();
    await shot(zh.page, 'projects-detail-zh-375');
    await zh.page.goto(`${baseUrl(site)}/developer`);
    await waitForPage(zh.page);
    await zh.page.getByText('欢迎，开发者').waitFor();
    await shot(zh.page, 'developer-learn-zh-375');
    expect(unexpected(zh.errors)).toEqual([]);
    await en.context.close();
    await zh.context.close();
  });
});
