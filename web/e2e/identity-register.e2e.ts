import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  newPage,
  shot,
  useSite,
  expectPageTitle,
  waitForPage,
  logOutThroughMenu,
} from './browser';
import { unexpected } from './page-helpers';
import { waitForMail } from './mail';
import { approveAsPhone, decodeQrFromPage, ensureWallet, runId } from './qr';

const site = useSite();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'same-document'));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __marker?: string }).__marker === 'same-document');

/** Picks an option of an antd Select by typing its label. */
async function choose(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('registration', () => {
  it('an unknown DID signs the login QR, is explained, and registers with the DID read-only, without a reload', async () => {
    const wallet = await ensureWallet(site.site, `new-${runId()}`);
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/login`);
    await waitForPage(page);
    await markDocument(page);
    const qr = await decodeQrFromPage(page);
    expect((await approveAsPhone(site.site, qr, wallet.name)).status).toBe(200);

    const unknown = page.getByTestId('unknown-did');
    await unknown.waitFor({ timeout: 15_000 });
    expect(
      await unknown.getByText('This DID has no account on the Cyber Republic website yet').isVisible(),
    ).toBe(true);
    // Both paths are offered at once: a new account for this DID, or an existing one bound in the same step.
    expect(
      await unknown
        .getByRole('button', { name: 'Sign in to an existing account and bind this DID' })
        .isVisible(),
    ).toBe(true);
    await unknown.getByRole('button', { name: 'Create an account for this DID' }).click();

    const form = page.getByTestId('did-register');
    await form.waitFor();
    const didInput = page.getByTestId('did-value');
    expect(await didInput.inputValue()).toBe(wallet.did);
    expect(await didInput.getAttribute('readonly')).not.toBeNull();
    const username = `didreg_${runId()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('First name').fill('Dee');
    await page.getByLabel('Last name').fill('Eye');
    await choose(page, 'Country', 'Germany');
    await shot(page, 'identity-register-did');
    await page.getByRole('button', { name: 'Become a citizen' }).click();

    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/profile/info');
    expect(await sameDocument(page)).toBe(true);
    await page.getByTestId('bound-did').waitFor();
    expect(await page.getByTestId('bound-did').textContent()).toContain(wallet.did);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('e-mail registration: details, the code from the e-mail (a wrong one is refused), signed in', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/register`);
    await expectPageTitle(page, 'Register');
    await shot(page, 'identity-register-en');
    const username = `mailreg_${runId()}`;
    const email = `${username}@example.org`;

    // The contract's rules, shown while typing.
    await page.getByLabel('Username').fill('short');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('First name').click();
    await page.getByText('Username must be more than 6 characters').waitFor();
    await page.getByText('Invalid email').waitFor();

    await page.getByLabel('First name').fill('Mae');
    await page.getByLabel('Last name').fill('Ling');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByLabel('Confirm password').fill('a different password');
    await page.getByLabel('First name').click();
    await page.getByText('Two passwords you entered do not match').waitFor();
    await page.getByLabel('Confirm password').fill('a good long password');
    await choose(page, 'Country', 'Singapore');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText(`We have sent a confirmation code to ${email}`).waitFor();
    const code = await waitForMail(site.site, email, /confirmation code is (\d{6})/);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Confirmation code').fill(wrong);
    await page.getByRole('button', { name: 'Become a citizen' }).click();
    await page.getByText('The code you entered does not match').waitFor();
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Become a citizen' }).click();

    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/profile/info');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('e-mail registration: the code step survives a reload; asking again within the minute says how long to wait', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/register`);
    await expectPageTitle(page, 'Register');
    const username = `reload_${runId()}`;
    const email = `${username}@example.org`;
    await page.getByLabel('First name').fill('Rae');
    await page.getByLabel('Last name').fill('Lo');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByLabel('Confirm password').fill('a good long password');
    await choose(page, 'Country', 'Singapore');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`We have sent a confirmation code to ${email}`).waitFor();

    // A reload returns to the code step for the same address; the password was not kept, so it is asked again.
    await page.reload();
    await page.getByText(`We have sent a confirmation code to ${email}`).waitFor();
    expect(await page.getByLabel('Confirmation code').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('register-draft'))).not.toContain('password');
    await shot(page, 'identity-register-code-reload-en');

    // Back to the details (kept) and Continue again within the minute: how long to wait, not "too many attempts".
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await page.getByLabel('Confirm password').fill('a good long password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/^Please wait \d+ seconds before asking for a new code$/).waitFor();
    await page.getByRole('button', { name: /^Send a new code in \d+ s$/ }).waitFor();
    expect(await page.getByText('Too many attempts').count()).toBe(0);
    await shot(page, 'identity-register-cooldown-en');

    // The code already e-mailed still works.
    const code = await waitForMail(site.site, email, /confirmation code is (\d{6})/);
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Become a citizen' }).click();
    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('register-draft'))).toBeNull();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('e-mail registration in Chinese on a phone: the wait is said in Chinese and the code step survives a reload', async () => {
    const { page, context, errors } = await newPage(browser, { locale: 'zh-CN', width: 375, height: 812 });
    const username = `zhwait_${runId()}`;
    const email = `${username}@example.org`;
    // A code went to this address a moment ago (another tab, or before a reload).
    const first = await fetch(`${baseUrl(site)}/api/user/register/code`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(first.status).toBe(200);
    await page.goto(`${baseUrl(site)}/register`);
    await expectPageTitle(page, '注册');
    await page.getByLabel('名', { exact: true }).fill('小明');
    await page.getByLabel('姓', { exact: true }).fill('王');
    await page.getByLabel('邮箱', { exact: true }).fill(email);
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码', { exact: true }).fill('a good long password');
    await page.getByLabel('确认密码').fill('a good long password');
    await choose(page, '国家或地区', '中国');
    await page.getByRole('button', { name: '继续' }).click();
    await page.getByText(/^请等待 \d+ 秒后再获取新的验证码$/).waitFor();
    await page.getByRole('button', { name: /^\d+ 秒后可重新发送$/ }).waitFor();
    await shot(page, 'identity-register-cooldown-zh-375');
    await page.reload();
    await page.getByText(`我们已向 ${email} 发送了验证码`).waitFor();
    await page.getByLabel('验证码').waitFor();
    await shot(page, 'identity-register-code-reload-zh-375');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('forgot password: the e-mailed link resets it; the new password signs in; log out revokes the token', async () => {
    // An account with a password, registered through the page's own api calls.
    const { registerByApi } = await import('./mail');
    const member = await registerByApi(site.site, 'forgot');
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl(site)}/forgot-password`);
    await expectPageTitle(page, 'Forgot password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Success, if the email matches your user you should receive an email').waitFor();

    const link = await waitForMail(
      site.site,
      member.email,
      /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/,
      45_000, // the mail worker's queue, SMTP and the file: slower than 15 s on a loaded CI machine
    );
    expect(new URL(link).port).toBe(new URL(baseUrl(site)).port);
    await page.goto(link);
    await expectPageTitle(page, 'Reset password');
    await page.getByLabel('New password', { exact: true }).fill('brand new password 1');
    await page.getByLabel('Confirm new password').fill('brand new password 1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();

    // The link works once.
    await page.goto(link);
    await waitForPage(page);
    await page.getByLabel('New password', { exact: true }).fill('another password 2');
    await page.getByLabel('Confirm new password').fill('another password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This password reset link is not valid or was already used.').waitFor();

    // Sign in with the new password (second tab of the login page).
    await page.goto(`${baseUrl(site)}/login`);
    await waitForPage(page);
    await page.getByRole('tab', { name: 'Email or username' }).click();
    await page.getByRole('textbox', { name: 'Email or username' }).fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong password 123');
    await page.locator('main').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('The username or password is incorrect').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('brand new password 1');
    // The welcome is a toast of a few seconds, shown as the menu appears: watched for from the click on, so a
    // loaded machine that notices the menu late cannot miss it.
    const welcome = page.getByText(`Welcome back, ${member.username}`).waitFor({ timeout: 30_000 });
    await page.locator('main').getByRole('button', { name: 'Log in', exact: true }).click();
    const menu = page.getByRole('button', { name: `Account menu for ${member.username}` });
    await Promise.all([menu.waitFor({ timeout: 15_000 }), welcome]);
    const token = await page.evaluate(() => sessionStorage.getItem('api-token'));
    expect(token).toBeTruthy();

    await logOutThroughMenu(page, member.username);
    await page.locator('main h1', { hasText: 'Log in' }).waitFor();
    const res = await fetch(`${baseUrl(site)}/api/user/current_user`, { headers: { 'api-token': token! } });
    expect(res.status).toBe(401);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  for (const lang of ['en', 'zh'] as const)
    it(`a locked sign-in says how long to wait, not only "too many attempts" (${lang})`, async () => {
      const { registerByApi } = await import('./mail');
      const member = await registerByApi(site.site, `lock${lang}`);
      const zh = lang === 'zh';
      const { page, context, errors } = await newPage(browser, zh ? { locale: 'zh-CN', width: 375 } : {});
      await page.goto(`${baseUrl(site)}/login`);
      await waitForPage(page);
      await page.getByRole('tab', { name: zh ? '邮箱或用户名' : 'Email or username' }).click();
      await page
        .getByRole('textbox', { name: zh ? '邮箱或用户名' : 'Email or username' })
        .fill(member.username);
      const submit = page.locator('main').getByRole('button', { name: zh ? '登录' : 'Log in', exact: true });
      const alert = page.locator('main [role="alert"]').first();
      // Five wrong passwords lock the account for 15 minutes (api/src/modules/account/account-limits.ts).
      for (let i = 1; i <= 6; i++) {
        await page.getByLabel(zh ? '密码' : 'Password', { exact: true }).fill(`wrong password ${i}`);
        const [res] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/api/user/login')),
          submit.click(),
        ]);
        expect(res.status()).toBe(i <= 5 ? 401 : 429);
      }
      await expect
        .poll(() => alert.textContent())
        .toBe(
          zh ? '尝试次数过多，请在 15 分钟后重试。' : 'Too many attempts. Please try again in 15 minutes.',
        );
      await shot(page, `identity-login-locked-${lang}`);
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });

  it('the register page in Chinese', async () => {
    const { page, context } = await newPage(browser, { locale: 'zh-CN' });
    await page.goto(`${baseUrl(site)}/register`);
    await expectPageTitle(page, '注册');
    await shot(page, 'identity-register-zh');
    await context.close();
  });
});
