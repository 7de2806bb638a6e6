import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  newPage,
  shot,
  useSite,
  expectPageTitle,
  waitForPage,
  type PageOptions,
} from './browser';
import { openSignedIn, unexpected } from './page-helpers';
import { registerByApi } from './mail';
import { chooseOption } from './select';
import { approveAsPhone, decodeQrFromPage, ensureWallet, runId } from './qr';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as `token` (as "remember me" would), opened at `path`. */
const signedIn = (token: string, path: string, opts: PageOptions = {}) =>
  openSignedIn(browser, site, token, path, opts);

const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'same-document'));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __marker?: string }).__marker === 'same-document');

/** A tiny valid PNG of `size` × `size` pixels. */
function pngBytes(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe('profile and DID', () => {
  it('binds a DID from the profile by QR, then signs the profile statement (a wrong DID is refused first)', async () => {
    const member = await registerByApi(site.site, 'binder');
    const wallet = await ensureWallet(site.site, `bind-${runId()}`);
    const other = await ensureWallet(site.site, `other-${runId()}`);
    const { page, context, errors } = await signedIn(member.token, '/profile/info');
    await markDocument(page);
    await page.getByText('No DID bound yet').waitFor();

    // Signing needs a DID first.
    await page.getByRole('button', { name: 'Sign profile statement' }).click();
    await page.getByText('Please associate your DID first').waitFor();

    await page.getByRole('button', { name: 'Associate DID with Essentials' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Link the DID you approve with to your Cyber Republic account.', { exact: false })
      .waitFor();
    const bindQr = await decodeQrFromPage(page);
    // Binding is a statement the wallet shows (didsign), naming the account, not the sign-in request.
    expect(bindQr).toMatch(/^https:\/\/did\.elastos\.net\/didsign\?/);
    expect(await dialog.getByTestId('wallet-statement').textContent()).toContain(
      `bind this DID to my account "${member.username}"`,
    );
    await shot(page, 'identity-profile-bind-dialog', { fullPage: false });
    expect((await approveAsPhone(site.site, bindQr, wallet.name)).status).toBe(200);
    await page.getByTestId('bound-did').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('bound-did').textContent()).toContain(wallet.did);
    expect(await sameDocument(page)).toBe(true);

    // The statement, in words; another DID's signature is refused and explained; the bound DID's is accepted.
    await page.getByRole('button', { name: 'Sign profile statement' }).click();
    const statement = page.getByTestId('wallet-statement');
    await statement.waitFor();
    expect(await statement.textContent()).toContain(
      `Cyber Republic: I, ${member.username}, confirm that ${wallet.did}`,
    );
    const signQr = await decodeQrFromPage(page);
    expect(signQr).toMatch(/^https:\/\/did\.elastos\.net\/didsign\?/);
    const refused = await approveAsPhone(site.site, signQr, other.name);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await page
      .getByText('It was signed by a different DID than the one expected', { exact: false })
      .waitFor();
    await shot(page, 'identity-profile-sign-refused', { fullPage: false });
    expect((await approveAsPhone(site.site, signQr, wallet.name)).status).toBe(200);
    const signed = page.getByTestId('did-card').getByTestId('signed-statement');
    await signed.waitFor({ timeout: 15_000 });
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await sameDocument(page)).toBe(true);
    expect(await signed.textContent()).toContain(`by ${wallet.did}`);

    // The signature is kept on the profile: after a reload it is still shown, with the words that were signed;
    // visitors see it on the member's public page too.
    await page.reload();
    await waitForPage(page);
    await signed.getByText('Show the statement and its signature').click();
    expect(await signed.locator('pre').textContent()).toContain(
      `Cyber Republic: I, ${member.username}, confirm that ${wallet.did}`,
    );
    await shot(page, 'identity-profile-en');
    await page.goto(`${baseUrl(site)}/member/${member.userId}`);
    await waitForPage(page);
    expect(await page.getByTestId('signed-statement').textContent()).toContain(`by ${wallet.did}`);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('edits the full profile with the contract rules and picture uploads; the public page shows no private field', async () => {
    const member = await registerByApi(site.site, 'editor');
    const { page, context, errors } = await signedIn(member.token, '/profile/edit/full');
    await expectPageTitle(page, 'Edit full profile');

    // Required here: gender, timezone (defaults to the browser's), bio.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select your gender').waitFor();
    await page.getByText('Please write a short bio').waitFor();
    await chooseOption(page, page.getByLabel('Gender'), 'Female');
    await page.getByText('Please select your gender').waitFor({ state: 'hidden' });
    await page.getByLabel('Bio').fill('Builds governance tools for the Elastos community.');
    await page.getByLabel('Telegram').fill('abc');
    await page.getByLabel('Bio').click();
    await page.getByText('The telegram handle must be at least 4 characters').waitFor();
    await page.getByLabel('Telegram').fill('@cr_builder');
    await page.getByLabel('GitHub').fill('https://github.com/example');

    // Pictures: the server refuses what is not an image, in words; a real image is kept.
    const avatarInput = page.getByTestId('upload-avatar').locator('input[type=file]');
    await avatarInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image at all'),
    });
    await page.getByText('The upload file is not an image.').waitFor();
    await avatarInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(210 * 1024, 1),
    });
    await page.getByText('The maximum upload image size is less than 200 KB.').waitFor();
    await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBytes(64) });
    await page.getByTestId('upload-avatar').locator('img').waitFor();
    await shot(page, 'identity-profile-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/profile/info');
    await page.getByText('Builds governance tools for the Elastos community.').waitFor();

    // The public member page: profile fields, never the e-mail.
    await page.goto(`${baseUrl(site)}/member/${member.userId}`);
    await page.locator('main h1', { hasText: 'Test editor' }).waitFor();
    await page.getByText('Builds governance tools for the Elastos community.').waitFor();
    expect(await page.locator('main').textContent()).not.toContain(member.email);
    await shot(page, 'identity-member');
    // My Republic's "public profile" previews the same public answer, with a link to the member page.
    await page.goto(`${baseUrl(site)}/profile/public`);
    await page.getByText('This is how other members see your profile', { exact: false }).waitFor();
    await page.getByText('Builds governance tools for the Elastos community.').waitFor();
    expect(await page.locator('main').textContent()).not.toContain(member.email);
    await shot(page, 'identity-public-preview');
    await page.goto(`${baseUrl(site)}/member/00000000-0000-4000-8000-000000000000`);
    await page.getByText('User not found').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('changes the password from the profile (a wrong current password is refused)', async () => {
    const member = await registerByApi(site.site, 'changer');
    const { page, context } = await signedIn(member.token, '/profile/info');
    const card = page.getByTestId('change-password');
    await card.getByLabel('Current password').fill('not my password');
    await card.getByLabel('New password', { exact: true }).fill('my next password');
    await card.getByLabel('Confirm new password').fill('my next password');
    await card.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is not correct').waitFor();
    await card.getByLabel('Current password').fill(member.password);
    await card.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    const res = await fetch(`${baseUrl(site)}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: 'my next password' }),
    });
    expect(res.status).toBe(200);
    await context.close();
  });

  it('screens in Chinese and at 375 px: login with its QR, profile', async () => {
    const zh = await newPage(browser, { locale: 'zh-CN' });
    await zh.page.goto(`${baseUrl(site)}/login`);
    await expectPageTitle(zh.page, '登录');
    await decodeQrFromPage(zh.page);
    await shot(zh.page, 'identity-login-zh');
    await zh.context.close();

    const member = await registerByApi(site.site, 'zhview');
    const p = await signedIn(member.token, '/profile/info', { locale: 'zh-CN' });
    await p.page.getByText('尚未绑定 DID').waitFor();
    await shot(p.page, 'identity-profile-zh');
    await p.context.close();

    const phone = await newPage(browser, { width: 375, height: 812 });
    await phone.page.goto(`${baseUrl(site)}/login`);
    await waitForPage(phone.page);
    const qr = await decodeQrFromPage(phone.page);
    expect(qr).toMatch(/^https:\/\/did\.elastos\.net\//);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone.page, 'identity-login-375');
    await phone.context.close();
  });
});
