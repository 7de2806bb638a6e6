import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectPageTitle, launchBrowser, shot, useSite } from './browser';
import { registerByApi } from './mail';
import { PHONE, ZH, noSideScroll, openSignedIn, unexpected } from './page-helpers';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the system status page (/admin/status)', () => {
  it('shows an admin the chain, relayer, actions, queues, mail and instance figures, refreshed live (zh, 375 px)', async () => {
    const tab = await openSignedIn(browser, site, site.site.adminToken, '/admin/status', { ...PHONE, ...ZH });
    const { page } = tab;
    await expectPageTitle(page, '系统状态');
    const status = page.getByTestId('ops-status');
    for (const card of ['区块链', '中继账户', '链上操作', '队列', '邮件', '本实例'])
      await status.getByText(card, { exact: true }).first().waitFor();
    // The stack's chain and worker: a node height, the five queues by name.
    await page.getByTestId('ops-chain').getByText('节点最新区块').waitFor();
    for (const queue of ['chain-submit', 'chain-confirm', 'chain-track', 'chain-finalize', 'mail'])
      await page.getByTestId('ops-queues').getByText(queue, { exact: true }).waitFor();
    // Live: the figures are read again within a few seconds (the time of the reading moves on).
    const updated = page.getByTestId('ops-updated');
    const first = await updated.textContent();
    await expect.poll(() => updated.textContent(), { timeout: 20_000 }).not.toBe(first);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'admin-status-zh-375', { fullPage: true });
    expect(unexpected(tab.errors)).toEqual([]);
    await tab.context.close();
  });

  it('refuses a member: the page says no and the api answers 403 (401 signed out)', async () => {
    const member = await registerByApi(site.site, 'ops');
    const tab = await openSignedIn(browser, site, member.token, '/admin/status', PHONE);
    await tab.page.getByText('You do not have access to this page').waitFor();
    expect(await tab.page.getByTestId('ops-status').count()).toBe(0);
    const asMember = await fetch(`${baseUrl(site)}/api/admin/status`, {
      headers: { 'api-token': member.token },
    });
    expect(asMember.status).toBe(403);
    await asMember.arrayBuffer();
    const signedOut = await fetch(`${baseUrl(site)}/api/admin/status`);
    expect(signedOut.status).toBe(401);
    await signedOut.arrayBuffer();
    await tab.context.close();
  });
});
