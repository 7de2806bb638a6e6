import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickWhenStill, launchBrowser, newPage, shot, useSite, type PageOptions } from './browser';
import { PHONE, noSideScroll, unexpected } from './page-helpers';
import { registerByApi } from './mail';
import { approveDialogQr, councilMember, openAs } from './proposal-flow';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function tab(token: string | null, lang: 'en' | 'zh', path: string, opts: PageOptions = {}) {
  const tp = await newPage(browser, { ...opts, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
  await openAs(tp.page, site.site, token, lang, path);
  return tp;
}
/** Answers the open confirmation bubble, once it has stopped zooming in (a click mid-zoom can miss its button). */
const confirmPop = (page: Page, ok: string) =>
  clickWhenStill(page, page.locator('.ant-popconfirm:visible').getByRole('button', { name: ok }));
const statusIs = (page: Page, text: string) =>
  page.locator('main [data-testid="elip-status"]').filter({ hasText: text }).first().waitFor();

describe('ELIPs', () => {
  it('written in Chinese, refused at 3,001 words, rejected, resubmitted, approved, voted, submitted as proposal', async () => {
    const author = await registerByApi(site.site, 'elipauthor');
    const adminToken = site.site.adminToken;

    // The member writes in Chinese on a desktop.
    const a = await tab(author.token, 'zh', '/elips/new');
    const p = a.page;
    await p.getByTestId('elip-form').waitFor();
    await p.getByLabel('标题').fill('侧链手续费市场');
    await p.getByLabel('摘要').fill('区块链'); // 3 words
    await p.getByLabel('动机').fill('手续费'); // 3 words
    await p.getByLabel('版权').fill('CC0'); // 1 word
    await p.getByLabel('规范').fill('字'.repeat(2994)); // 2,994 words: 3,001 in all
    await p.getByTestId('elip-word-count').filter({ hasText: '3001 / 3000' }).waitFor();
    await p.getByRole('button', { name: '提交审核' }).click();
    await confirmPop(p, '确定');
    await p.getByText('描述最多 3000 字').first().waitFor();
    expect(p.url()).toMatch(/\/elips\/new$/);
    await shot(p, 'elips-form-words-over-zh');
    await p.getByLabel('规范').fill(`${'字'.repeat(2990)}\n\n**区块**`); // 2,992: 2,999 in all
    await p.getByTestId('elip-word-count').filter({ hasText: '2999 / 3000' }).waitFor();
    await p.getByRole('button', { name: '提交审核' }).click();
    await confirmPop(p, '确定');
    await p.getByTestId('elip-detail').waitFor();
    const number = Number(/\/elips\/(\d+)$/.exec(p.url())![1]);
    await statusIs(p, '等待审核');
    await shot(p, 'elips-detail-waiting-zh');
    expect(unexpected(a.errors)).toEqual([]);

    // The secretariat rejects with a comment, on a phone, in English.
    const s = await tab(adminToken, 'en', `/elips/${number}`, PHONE);
    const sp = s.page;
    await sp.getByTestId('elip-reject').click();
    await clickWhenStill(sp, sp.getByRole('dialog').getByRole('button', { name: 'Reject' }));
    await sp.getByText('Please write why the ELIP is rejected.').waitFor();
    await sp.getByTestId('elip-reject-comment').fill('Please add the rationale.');
    await clickWhenStill(sp, sp.getByRole('dialog').getByRole('button', { name: 'Reject' }));
    await statusIs(sp, 'Rejected');
    await sp.getByTestId('elip-reviews').getByText('Please add the rationale.').waitFor();
    expect(await noSideScroll(sp)).toBe(true);
    await shot(sp, 'elips-rejected-en-375');

    // The author edits and resubmits.
    await p.goto(`${site.site.url}/elips/${number}/edit`);
    await p.getByTestId('elip-form').waitFor();
    await p.getByLabel('原理').fill('Demand.'); // 1 word: exactly 3,000
    await p.getByTestId('elip-word-count').filter({ hasText: '3000 / 3000' }).waitFor();
    await p.getByRole('button', { name: '提交审核' }).click();
    await confirmPop(p, '确定');
    await p.getByTestId('elip-detail').waitFor();
    await statusIs(p, '等待审核');

    // Approved by the secretariat (with a confirmation).
    await sp.reload();
    await sp.getByTestId('elip-approve').click();
    await confirmPop(sp, 'Yes');
    await statusIs(sp, 'Draft');

    // The author asks the council.
    await p.reload();
    await p.getByTestId('elip-move-finalReview').click();
    await confirmPop(p, '确定');
    await statusIs(p, '最终审核');

    // A seated council member votes, signing in the wallet.
    const member = await councilMember(site.site, 1);
    const c = await tab(member.token, 'en', `/elips/${number}`);
    const cp = c.page;
    await cp.getByTestId('elip-vote').click();
    await cp.getByTestId('elip-vote-reason').fill('A sound design.');
    await cp.getByRole('button', { name: 'Sign the vote in your wallet' }).click();
    await approveDialogQr(cp, site.site, member.wallet);
    await cp.getByTestId('elip-votes').getByText('A sound design.').waitFor();
    await shot(cp, 'elips-voted-en');

    // The council member submits it as a proposal: it becomes their proposal draft, which names the ELIP.
    await cp.getByTestId('elip-propose').click();
    await confirmPop(cp, 'Yes');
    await cp.waitForURL(/\/proposals\/[0-9a-f-]{36}$/);
    await cp.getByTestId('elip-link').getByText(`ELIP #${number}`).waitFor();
    await shot(cp, 'elips-proposal-draft-en');
    expect(unexpected(c.errors)).toEqual([]);

    // The author sees it submitted, and who is preparing the proposal, on a phone in Chinese.
    const a2 = await tab(author.token, 'zh', `/elips/${number}`, PHONE);
    await a2.page.getByTestId('elip-votes').getByText('A sound design.').waitFor();
    await statusIs(a2.page, '已提交为提案');
    await a2.page.getByTestId('elip-proposal').getByText('正在将其准备为提案').waitFor();
    expect(await a2.page.getByTestId('elip-propose').count()).toBe(0);
    expect(await noSideScroll(a2.page)).toBe(true);
    await shot(a2.page, 'elips-submitted-zh-375');

    // The list finds it by its number; the filter and the export are there.
    const l = await tab(null, 'en', '/elips');
    await l.page.getByTestId('elip-search').locator('input').fill(String(number));
    await l.page.getByTestId('elip-search').locator('input').press('Enter');
    await l.page.getByTestId('elip-list').getByText('侧链手续费市场').waitFor();
    await l.page.getByTestId('elip-export').waitFor();
    await shot(l.page, 'elips-list-en');
    const lz = await tab(null, 'zh', '/elips', PHONE);
    await lz.page.getByTestId('elip-list').waitFor();
    expect(await noSideScroll(lz.page)).toBe(true);
    await shot(lz.page, 'elips-list-zh-375');
    for (const t of [a, s, c, a2, l, lz]) await t.context.close();
  }, 300_000);

  it('an admin adds, edits and deletes a release note (en desktop, zh 375 px)', async () => {
    const name = `v9.${Date.now() % 1000}`;
    const { page, context, errors } = await tab(site.site.adminToken, 'en', '/whats-new');
    await page.getByTestId('release-add').click();
    const form = page.getByTestId('release-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('**ELIPs** are here.');
    await page.getByRole('button', { name: 'Save' }).click();
    const card = page.getByTestId('release').filter({ hasText: name });
    await card.getByText('are here.').waitFor();
    await shot(page, 'releases-en');

    await card.getByTestId('release-edit').click();
    await form.getByLabel('Name').fill(`${name} final`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByTestId('release')
      .filter({ hasText: `${name} final` })
      .waitFor();

    const zh = await tab(null, 'zh', '/whats-new', PHONE);
    await zh.page
      .getByTestId('release')
      .filter({ hasText: `${name} final` })
      .waitFor();
    expect(await zh.page.getByTestId('release-add').count()).toBe(0);
    expect(await noSideScroll(zh.page)).toBe(true);
    await shot(zh.page, 'releases-zh-375');

    await page
      .getByTestId('release')
      .filter({ hasText: `${name} final` })
      .getByTestId('release-delete')
      .click();
    await confirmPop(page, 'Yes');
    await page
      .getByTestId('release')
      .filter({ hasText: `${name} final` })
      .waitFor({ state: 'detached' });
    expect(unexpected(errors)).toEqual([]);
    await context.close();
    await zh.context.close();
  }, 180_000);
});
