import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, shot, useSite, expectPageTitle } from './browser';
import { approveAsPhone, decodeQrFromPage } from './qr';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in by QR', () => {
  it('the login page shows a QR; the phone approves it; the page signs in without a reload', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/login`);
    await expectPageTitle(page, 'Log in');
    await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'same-document'));

    const qrText = await decodeQrFromPage(page);
    expect(qrText).toMatch(/^https:\/\/did\.elastos\.net\/credaccess\//);
    expect(qrText).toBe(await page.locator('[data-testid="wallet-qr"]').getAttribute('data-qr'));
    await shot(page, 'identity-login-qr');

    const t0 = Date.now();
    const res = await approveAsPhone(site.site, qrText, 'admin');
    expect(res.status).toBe(200);
    await page.getByRole('button', { name: 'Account menu for admin' }).waitFor({ timeout: 15_000 });
    const ms = Date.now() - t0;
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
      'same-document',
    );
    expect(new URL(page.url()).pathname).toBe('/profile/info');
    expect(await page.evaluate(() => sessionStorage.getItem('api-token'))).toBeTruthy();
    console.log(`QR sign-in: signed in ${ms} ms after the phone's answer`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
