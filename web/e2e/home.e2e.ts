import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  baseUrl,
  expectPageTitle,
  launchBrowser,
  newPage,
  shot,
  useSite,
  waitForPage,
  clickWhenStill,
} from './browser';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('home page', () => {
  it('renders in English with the navigation, the notices and the footer', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/`);
    await expectPageTitle(page, 'Govern and fund the Elastos ecosystem together');
    expect(await page.title()).toBe('Home · Cyber Republic');
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    for (const label of [
      'Council',
      'Whitepaper',
      'Funding',
      'Suggestions',
      'ELIPs',
      'Proposals',
      "What's New",
      'Resources',
      'My Republic',
    ])
      expect(await nav.getByText(label, { exact: true }).first().isVisible(), label).toBe(true);

    const notices = page.getByTestId('notice-programs');
    expect(await notices.textContent()).toContain('CR100 is suspended.');
    expect(await notices.textContent()).toContain('CRcles and Empower35 are suspended.');
    expect(await notices.textContent()).toContain('Ambassadors training is postponed.');
    // The suggestions notice follows the server setting, which starts off.
    expect(await page.getByTestId('notice-suggestions').count()).toBe(0);

    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Forum login' }).getAttribute('href')).toBe('/sso/login');
    expect(await footer.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(await page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);

    await shot(page, 'home-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to Chinese with the EN / 中文 control, keeps it after a reload, and antd follows', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
    await page.getByRole('heading', { level: 1, name: '共同治理与资助亦来云生态' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.title()).toBe('首页 · Cyber Republic');
    expect(await page.getByTestId('notice-programs').textContent()).toContain('CR100 已暂停。');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
    await shot(page, 'home-zh');

    await page.reload();
    await expectPageTitle(page, '共同治理与资助亦来云生态');

    // antd's own texts: the range picker on the ELIP list shows Chinese placeholders.
    await page.goto(`${baseUrl(site)}/elips`);
    await waitForPage(page);
    expect(await page.locator('.ant-picker-range input').first().getAttribute('placeholder')).toBe(
      '开始日期',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts in Chinese for a zh-* browser without a saved choice', async () => {
    const { page, context } = await newPage(browser, { locale: 'zh-TW' });
    await page.goto(`${baseUrl(site)}/home`);
    await expectPageTitle(page, '共同治理与资助亦来云生态');
    await context.close();
  });

  it('is usable at 375 px: no sideways scrolling, navigation in a drawer', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.locator('.cr-navbar').isVisible()).toBe(false);
    // The programs' notices take one line: the first, and a button for the other two.
    const notices = page.getByTestId('notice-programs');
    const more = notices.getByRole('button', { name: '2 more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await notices.getByRole('listitem').filter({ visible: true }).count()).toBe(1);
    expect((await notices.boundingBox())!.height).toBeLessThan(48);
    await shot(page, 'home-en-375');
    await more.click();
    await notices.getByText('Ambassadors training is postponed.').waitFor();
    expect(await notices.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await notices.getByRole('button', { name: 'Show less' }).click();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Whitepaper' }).waitFor();
    await animationsDone(page); // the drawer has slid in
    await shot(page, 'menu-375', { fullPage: false });
    await drawer.getByRole('link', { name: 'Whitepaper' }).click();
    await page.locator('main h1', { hasText: 'Whitepaper' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'whitepaper-375', { fullPage: false });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await clickWhenStill(page, page.getByRole('dialog').getByRole('button', { name: '中文' }));
    await page.getByRole('heading', { level: 1, name: '白皮书' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await animationsDone(page);
    await shot(page, 'whitepaper-zh-375', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a skip link to the main content as the first thing to tab to', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/`);
    await waitForPage(page);
    const before = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100));
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    expect(focused, `focus before Tab: ${before}`).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await context.close();
  });
});
