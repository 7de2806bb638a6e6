import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/features/suggestions/locales/en.json';
import zh from '../src/features/suggestions/locales/zh.json';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { registerByApi } from './mail';
import { approveDialogQr, call, openAs } from './proposal-flow';
import { ensureWallet, runId } from './qr';

/**
 * Issue 46: a member without a bound DID could write a whole suggestion and was refused only at signing. The
 * create page now says so before they start and binds the DID there with one scan (the profile's bind-did
 * action, through the one QR dialog), in English and in Chinese.
 */
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

describe('the suggestion form without a bound DID', () => {
  for (const { lang, width, L } of [
    { lang: 'en' as const, width: 1280, L: en },
    { lang: 'zh' as const, width: 375, L: zh },
  ]) {
    it(`says so before the member starts and binds the DID with one scan (${lang}, ${width} px)`, async () => {
      const account = await registerByApi(site.site, `sgdid${lang}`);
      const wallet = await ensureWallet(site.site, `sgdid-${lang}-${runId()}`);
      const { page, context, errors } = await newPage(browser, {
        locale: lang === 'zh' ? 'zh-CN' : 'en-US',
        width,
      });
      await openAs(page, site.site, account.token, lang, '/suggestion/create');

      // Told at the top of the empty form, before any field is filled.
      const notice = page.getByTestId('did-needed');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.getByText(L.form.didNeededTitle).isVisible()).toBe(true);
      expect(await notice.getByText(L.form.didNotice).isVisible()).toBe(true);
      await shot(page, `suggestion-did-needed-${lang}-${width}`);

      // One scan binds it, on this page: the statement names the account, the member stays on the form.
      await notice.getByRole('button', { name: L.form.bindDidNow }).click();
      const dialog = page.locator('.cr-wallet-dialog');
      await dialog.getByText(L.form.bindDidTitle).waitFor({ timeout: 15_000 });
      const statement = dialog.locator('[data-testid="wallet-statement"]');
      await statement.waitFor({ timeout: 15_000 });
      expect(await statement.innerText()).toContain(account.username);
      await shot(page, `suggestion-did-bind-qr-${lang}-${width}`);
      const qr = await approveDialogQr(page, site.site, wallet.name);
      expect(qr).toMatch(/^https:\/\/did\.elastos\.net\/didsign\?/);

      await expect.poll(() => didOf(account.token), { timeout: 10_000 }).toBe(wallet.did);
      await page.getByText(L.form.didBound).first().waitFor({ timeout: 10_000 });
      await notice.waitFor({ state: 'hidden', timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/suggestion/create');
      expect(await page.getByTestId('save-post').isVisible()).toBe(true);
      await shot(page, `suggestion-did-bound-${lang}-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows no notice to a member whose DID is bound', async () => {
    const account = await registerByApi(site.site, 'sgdidok');
    const wallet = await ensureWallet(site.site, `sgdidok-${runId()}`);
    const { page, context } = await newPage(browser);
    await openAs(page, site.site, account.token, 'en', '/suggestion/create');
    await page.getByTestId('bind-did-now').click();
    await approveDialogQr(page, site.site, wallet.name);
    await expect.poll(() => didOf(account.token), { timeout: 10_000 }).toBe(wallet.did);
    await page.reload();
    await page.getByTestId('save-post').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('did-needed').count()).toBe(0);
    await context.close();
  });
});
