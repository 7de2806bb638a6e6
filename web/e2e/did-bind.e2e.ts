import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite, waitForPage } from './browser';
import { registerByApi } from './mail';
import { approveDialogQr, call, openAs } from './proposal-flow';
import { approveAsPhone, decodeQrFromPage, ensureWallet, runId } from './qr';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const didOf = async (token: string) =>
  (await call<{ did: { id: string } | null }>(site.site, '/api/user/current_user', { token })).did?.id ??
  null;

const pageToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('api-token'));

describe('binding a DID (first hour)', () => {
  for (const { lang, width } of [
    { lang: 'en' as const, width: 1280 },
    { lang: 'zh' as const, width: 375 },
  ]) {
    it(`an unknown DID signs in to an existing account and is bound with that one scan (${lang}, ${width} px)`, async () => {
      const account = await registerByApi(site.site, `bind${lang}`);
      const wallet = await ensureWallet(site.site, `bind-${lang}-${runId()}`);
      const { page, context, errors } = await newPage(browser, {
        locale: lang === 'zh' ? 'zh-CN' : 'en-US',
        width,
      });
      await openAs(page, site.site, null, lang, '/login');
      await waitForPage(page);
      const qr = await decodeQrFromPage(page);
      expect((await approveAsPhone(site.site, qr, wallet.name)).status).toBe(200);

      // Both paths are offered at the moment the DID turns out to be unknown.
      const unknown = page.getByTestId('unknown-did');
      await unknown.waitFor({ timeout: 15_000 });
      const bindButton = unknown.getByRole('button', {
        name: lang === 'en' ? 'Sign in to an existing account and bind this DID' : '登录已有账户并绑定此 DID',
      });
      expect(
        await unknown
          .getByRole('button', {
            name: lang === 'en' ? 'Create an account for this DID' : '为此 DID 创建账户',
          })
          .isVisible(),
      ).toBe(true);
      await shot(page, `did-unknown-two-paths-${lang}-${width}`);
      // A reload keeps the scanned DID (this tab only): no second scan.
      await page.reload();
      await unknown.waitFor({ timeout: 15_000 });
      expect(await unknown.getByText(wallet.did).isVisible()).toBe(true);
      await bindButton.click();

      await page
        .getByRole('textbox', { name: lang === 'en' ? 'Email or username' : '邮箱或用户名', exact: true })
        .fill(account.username);
      await page.getByLabel(lang === 'en' ? 'Password' : '密码', { exact: true }).fill(account.password);
      await shot(page, `did-bind-sign-in-${lang}-${width}`);
      await page.locator('form button[type="submit"]').click();

      // Signed in, and the DID is bound: no second QR was ever shown.
      await page.waitForFunction(() => !!sessionStorage.getItem('api-token'), undefined, { timeout: 15_000 });
      const token = (await pageToken(page))!;
      await expect.poll(() => didOf(token), { timeout: 10_000 }).toBe(wallet.did);
      await shot(page, `did-bound-after-sign-in-${lang}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('binding from the profile asks the wallet to sign a statement naming the account and the site', async () => {
    const account = await registerByApi(site.site, 'bindstmt');
    const wallet = await ensureWallet(site.site, `bindstmt-${runId()}`);
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, account.token, 'en', '/profile/info');
    await page.getByRole('button', { name: 'Associate DID with Essentials' }).click();
    const statement = page.locator('.cr-wallet-dialog [data-testid="wallet-statement"]');
    await statement.waitFor({ timeout: 15_000 });
    const words = await statement.innerText();
    expect(words).toContain(`bind this DID to my account "${account.username}"`);
    // The site as the server names itself (PUBLIC_URL, here on the same port).
    expect(words).toMatch(new RegExp(`^Cyber Republic \\(http://[^)]+:${new URL(site.site.url).port}\\): `));
    await shot(page, 'did-bind-statement-en');
    const qr = await approveDialogQr(page, site.site, wallet.name);
    // The wallet is asked to sign words (didsign), not to sign in (credaccess).
    expect(qr).toMatch(/^https:\/\/did\.elastos\.net\/didsign\?/);
    await expect.poll(() => didOf(account.token), { timeout: 10_000 }).toBe(wallet.did);
    expect(errors).toEqual([]);
    await context.close();
  });
});
