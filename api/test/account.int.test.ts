import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterCodeSent, Session } from '@cr/contract/account.contract';
import type { CurrentUser } from '@cr/contract/user.contract';
import { accountEmailCodes, accountPasswordResets, authTokens, users } from '@cr/core/db/schema';
import { LIMITS } from '../src/modules/account/account-limits';
import { rateKey } from '../src/http/rate-limit';
import { hashPassword } from '../src/modules/account/password-hash';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  // X-Forwarded-For is believed from one proxy, so each test can be its own client address.
  t = await startTestApi({ TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const rand = () => randomBytes(4).toString('hex');
/** A fresh client address (rate limits per address must not leak between tests or parallel runs). */
const newIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const newEmail = () => `user_${rand()}@example.org`;
const newUsername = () => `member_${rand()}`;

type Call = Awaited<ReturnType<TestApi['call']>>;
const post = (path: string, body: unknown, ip: string, token?: string) =>
  t.call('POST', path, { body, token, headers: { 'x-forwarded-for': ip } });
const userCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
  )[0]!.n;
const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];

/** The next e-mail to `to` that was not in the mailbox before `action` ran. */
async function mailAfter(to: string, action: () => Promise<unknown>) {
  const before = new Set(t.mailbox.messages().map((m) => m.id));
  await action();
  return t.mailbox.waitFor((m) => !before.has(m.id) && m.to.includes(to));
}

async function askCode(email: string, ip = newIp()) {
  let res: Call | undefined;
  const mail = await mailAfter(email, async () => {
    res = await post('/user/register/code', { email }, ip);
    expect(res.status).toBe(200);
  });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { code: code!, mail, data: res!.body.data as RegisterCodeSent };
}

const form = (email: string, code: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'analytical engine',
  passwordConfirm: 'analytical engine',
  username: newUsername(),
  country: 'GB',
  code,
  ...over,
});

async function registered(over: Record<string, unknown> = {}) {
  const email = newEmail();
  const { code } = await askCode(email);
  const body = form(email, code, over);
  const res = await post('/user/register', body, newIp());
  expect(res.status).toBe(200);
  return { ...body, session: res.body.data as Session };
}

function expectRefusal(res: Call, status: number, type: string, message: string) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(-status);
  expect(res.body.error?.type).toBe(type);
  if (type === 'validation.failed')
    expect((res.body.error?.fields as { message: string }[]).map((f) => f.message)).toContain(message);
  else expect(res.body.error?.message).toBe(message);
}

describe('registration with an e-mailed code', () => {
  it('mails a 6-digit code, registers with it and signs the new member in', async () => {
    const email = newEmail();
    const { code, mail, data } = await askCode(email);
    expect(data).toMatchObject({ email, resendAfterSec: 60 });
    const ttl = new Date(data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Your Cyber Republic confirmation code / 您的 Cyber Republic 验证码');
    expect(mail.text).toContain(`Your confirmation code is ${code}`);
    expect(mail.text).toContain(`您的验证码是 ${code}`);
    // The server keeps a salted hash only.
    const [stored] = await db().select().from(accountEmailCodes).where(eq(accountEmailCodes.email, email));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const body = form(email.toUpperCase(), code);
    const res = await post('/user/register', body, newIp());
    expect(res.status).toBe(200);
    const session = res.body.data as Session;
    expect(session.user).toMatchObject({
      username: body.username,
      email,
      role: 'MEMBER',
      did: null,
      profile: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
    });
    const me = await t.call<CurrentUser>('GET', '/user/current_user', { token: session.token });
    expect(me.body.data?._id).toBe(session.user._id);
    const row = await userByEmail(email);
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.passwordHash).not.toContain('analytical');
    // The code is used up.
    const [used] = await db().select().from(accountEmailCodes).where(eq(accountEmailCodes.email, email));
    expect(used!.consumedAt).not.toBeNull();
  });

  it('refuses a bad or taken e-mail when asked for a code', async () => {
    const before = t.mailbox.messages().length;
    expectRefusal(
      await post('/user/register/code', { email: 'not-an-email' }, newIp()),
      400,
      'validation.failed',
      'Invalid email',
    );
    const { email } = await registered();
    expectRefusal(
      await post('/user/register/code', { email: email.toUpperCase() }, newIp()),
      409,
      'account.email_taken',
      'This email is already taken',
    );
    // Only the registration's own code was mailed.
    expect(t.mailbox.messages().length).toBe(before + 1);
  });

  it('says every refusal of the form in the spec’s words and creates nothing', async () => {
    const email = newEmail();
    const { code } = await askCode(email);
    const taken = await registered();
    const n = await userCount();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ username: 'sixsix' }, 400, 'validation.failed', 'Username must be more than 6 characters'],
      [
        { passwordConfirm: 'analytical engines' },
        400,
        'validation.failed',
        'Two passwords you entered do not match',
      ],
      [
        { password: 'short', passwordConfirm: 'short' },
        400,
        'validation.failed',
        'The password must be at least 8 characters.',
      ],
      [{ email: 'bad@' }, 400, 'validation.failed', 'Invalid email'],
      [{ firstName: '' }, 400, 'validation.failed', 'First name is required'],
      [{ lastName: '  ' }, 400, 'validation.failed', 'Last name is required'],
      [{ country: undefined }, 400, 'validation.failed', 'Country is required'],
      [{ code: '12345' }, 400, 'validation.failed', 'The code you entered does not match'],
      [{ role: 'ADMIN' }, 400, 'validation.failed', 'Unrecognized key: "role"'],
      [{ email: taken.email }, 409, 'account.email_taken', 'This email is already taken'],
      [
        { username: taken.username.toUpperCase() },
        409,
        'account.username_taken',
        'This username is already taken',
      ],
      [
        { code: code === '000000' ? '000001' : '000000' },
        400,
        'account.code_mismatch',
        'The code you entered does not match',
      ],
    ];
    for (const [over, status, type, message] of cases) {
      expectRefusal(await post('/user/register', form(email, code, over), newIp()), status, type, message);
    }
    expect(await userCount()).toBe(n);
    // One wrong code was counted; the right code still works afterwards.
    const ok = await post('/user/register', form(email, code), newIp());
    expect(ok.status).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const email = newEmail();
    const { code } = await askCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await post('/user/register', form(email, wrong), newIp());
      expectRefusal(res, 400, 'account.code_mismatch', 'The code you entered does not match');
    }
    const res = await post('/user/register', form(email, code), newIp());
    expectRefusal(
      res,
      400,
      'account.code_attempts_exceeded',
      'Too many wrong codes. Please ask for a new one.',
    );
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    const { code } = await askCode(email);
    await db()
      .update(accountEmailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountEmailCodes.email, email));
    const res = await post('/user/register', form(email, code), newIp());
    expectRefusal(res, 400, 'account.code_expired', 'The code has expired. Please ask for a new one.');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('limits resending per e-mail (one a minute) and per client address; a new code replaces the old', async () => {
    const email = newEmail();
    const ip = newIp();
    const first = await askCode(email, ip);
    // Within the minute: a typed refusal that says how long to wait, in the body and as Retry-After.
    const again = await post('/user/register/code', { email }, newIp());
    expect(again.status).toBe(429);
    expect(again.body.error?.type).toBe('account.code_cooldown');
    const left = again.body.error?.retryAfterSec ?? 0;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60);
    expect(again.headers.get('retry-after')).toBe(String(left));
    expect(again.body.error?.message).toBe(`Please wait ${left} seconds before asking for a new code.`);
    // The minute has passed (the window is dropped in Redis): the new code replaces the first.
    await t.deps.redis.del(rateKey(t.deps, LIMITS.codeCooldownPerEmail, email));
    const second = await askCode(email, ip);
    if (second.code !== first.code) {
      const old = await post('/user/register', form(email, first.code), newIp());
      expectRefusal(old, 400, 'account.code_mismatch', 'The code you entered does not match');
    }
    expect((await post('/user/register', form(email, second.code), newIp())).status).toBe(200);

    const busy = newIp();
    for (let i = 0; i < 20; i++)
      expect((await post('/user/register/code', { email: newEmail() }, busy)).status).toBe(200);
    const res = await t.call('POST', '/user/register/code', {
      body: { email: newEmail() },
      headers: { 'x-forwarded-for': busy },
    });
    expect(res.status).toBe(429);
  });
});

describe('password sign-in', () => {
  it('signs in with the username or the e-mail, case-insensitively', async () => {
    const acc = await registered();
    for (const username of [acc.username, acc.username.toUpperCase(), acc.email.toUpperCase()]) {
      const res = await post('/user/login', { username, password: acc.password }, newIp());
      expect(res.status).toBe(200);
      const s = res.body.data as Session;
      expect(s.user._id).toBe(acc.session.user._id);
      expect((await t.call('GET', '/user/current_user', { token: s.token })).status).toBe(200);
    }
  });

  it('answers the same for a wrong password and for an unknown account', async () => {
    const acc = await registered();
    const wrong = await post(
      '/user/login',
      { username: acc.username, password: 'not the password' },
      newIp(),
    );
    const unknown = await post(
      '/user/login',
      { username: `nobody_${rand()}`, password: 'not the password' },
      newIp(),
    );
    const noMail = await post(
      '/user/login',
      { username: `nobody_${rand()}@example.org`, password: 'whatever1' },
      newIp(),
    );
    for (const res of [wrong, unknown, noMail])
      expectRefusal(res, 401, 'account.login_failed', 'The username or password is incorrect');
    expect(wrong.body).toEqual(unknown.body);
  });

  it('accepts the password only in a POST body', async () => {
    const acc = await registered();
    const res = await t.call(
      'GET',
      `/user/login?username=${acc.username}&password=${encodeURIComponent(acc.password)}`,
    );
    expect(res.status).toBe(404);
  });

  it('locks an account name after 5 failures, without telling whether it exists', async () => {
    const acc = await registered();
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/user/login', { username: acc.username, password: `wrong-${i}-pw` }, newIp())).status,
      ).toBe(401);
    const locked = await post('/user/login', { username: acc.username, password: acc.password }, newIp());
    expectRefusal(locked, 429, 'rate_limited', 'Too many attempts. Please wait and try again.');
    // Names of no account lock the same way (names are fresh per run: Redis outlives a test run).
    const ghost = `ghost_${rand()}`;
    for (let i = 0; i < 5; i++)
      await post('/user/login', { username: ghost, password: 'whatever1' }, newIp());
    expect((await post('/user/login', { username: ghost, password: 'whatever1' }, newIp())).status).toBe(429);
    // Username and e-mail share one count: three failures by one and two by the other lock the account.
    const both = await registered();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(
            '/user/login',
            { username: i < 3 ? both.username : both.email.toUpperCase(), password: `wrong-${i}-pw` },
            newIp(),
          )
        ).status,
      ).toBe(401);
    expect(
      (await post('/user/login', { username: both.email, password: both.password }, newIp())).status,
    ).toBe(429);
    // Another account is not affected.
    const other = await registered();
    expect(
      (await post('/user/login', { username: other.username, password: other.password }, newIp())).status,
    ).toBe(200);
  });

  it('limits attempts per client address, with Retry-After', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      await post('/user/login', { username: `ghost_${rand()}`, password: 'whatever1' }, ip);
    const acc = await registered();
    const res = await fetch(`${t.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username: acc.username, password: acc.password }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await post('/user/login', { username: acc.username, password: acc.password }, newIp())).status,
    ).toBe(200);
  });

  it('logout revokes that token only', async () => {
    const acc = await registered();
    const second = (await post('/user/login', { username: acc.username, password: acc.password }, newIp()))
      .body.data as Session;
    const out = await post('/user/logout', undefined, newIp(), acc.session.token);
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/user/current_user', { token: acc.session.token })).status).toBe(401);
    expect((await post('/user/logout', undefined, newIp(), acc.session.token)).status).toBe(401);
    expect((await t.call('GET', '/user/current_user', { token: second.token })).status).toBe(200);
  });

  it('upgrades a hash made with weaker scrypt parameters at sign-in', async () => {
    const weak = await hashPassword('legacy password', { N: 2 ** 12, r: 8, p: 1, keyLen: 32, saltLen: 16 });
    const { user } = await makeUser(db(), { passwordHash: weak });
    const res = await post('/user/login', { username: user.username, password: 'legacy password' }, newIp());
    expect(res.status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$/);
  });

  it('refuses a disabled account only once the password is right', async () => {
    const acc = await registered();
    await db().update(users).set({ active: false }).where(eq(users.id, acc.session.user._id));
    const wrong = await post('/user/login', { username: acc.username, password: 'wrong password' }, newIp());
    expectRefusal(wrong, 401, 'account.login_failed', 'The username or password is incorrect');
    const right = await post('/user/login', { username: acc.username, password: acc.password }, newIp());
    expectRefusal(right, 403, 'auth.account_disabled', 'This account is disabled.');
  });
});

describe('forgot, reset and change password', () => {
  const liveTokens = async (userId: string) =>
    (
      await db()
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(sql`${authTokens.userId} = ${userId} and ${authTokens.revokedAt} is null`)
    ).length;

  async function resetLink(email: string) {
    const mail = await mailAfter(email, async () => {
      const res = await post('/user/forgot-password', { email }, newIp());
      expect(res.body).toEqual({ code: 1, data: { ok: true } });
    });
    const link = new RegExp(`${t.deps.config.PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(
      mail.text,
    );
    expect(link).not.toBeNull();
    return { mail, token: link![1]! };
  }

  it('answers the same for an unknown address and mails nothing to it', async () => {
    const ghost = newEmail();
    const unknown = await post('/user/forgot-password', { email: ghost }, newIp());
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ code: 1, data: { ok: true } });
    const acc = await registered();
    await resetLink(acc.email);
    expect(t.mailbox.messages().some((m) => m.to.includes(ghost))).toBe(false);
  });

  it('resets through the e-mailed link once, signing out every session', async () => {
    const acc = await registered();
    await post('/user/login', { username: acc.username, password: acc.password }, newIp());
    expect(await liveTokens(acc.session.user._id)).toBe(2);
    const { mail, token } = await resetLink(acc.email);
    expect(mail.subject).toBe('Reset your Cyber Republic password / 重置您的 Cyber Republic 密码');
    expect(mail.html).toContain(`href="${t.deps.config.PUBLIC_URL}/reset-password?token=${token}"`);
    const [stored] = await db()
      .select()
      .from(accountPasswordResets)
      .where(eq(accountPasswordResets.userId, acc.session.user._id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const changed = await mailAfter(acc.email, async () => {
      const res = await post(
        '/user/reset-password',
        { token, password: 'brand new pw', passwordConfirm: 'brand new pw' },
        newIp(),
      );
      expect(res.status).toBe(200);
    });
    expect(changed.subject).toContain('Your Cyber Republic password was changed');
    expect(await liveTokens(acc.session.user._id)).toBe(0);
    expect((await t.call('GET', '/user/current_user', { token: acc.session.token })).status).toBe(401);
    expect(
      (await post('/user/login', { username: acc.username, password: acc.password }, newIp())).status,
    ).toBe(401);
    expect(
      (await post('/user/login', { username: acc.username, password: 'brand new pw' }, newIp())).status,
    ).toBe(200);

    const again = await post(
      '/user/reset-password',
      { token, password: 'third password', passwordConfirm: 'third password' },
      newIp(),
    );
    expectRefusal(
      again,
      400,
      'account.reset_token_invalid',
      'This password reset link is not valid or was already used.',
    );
  });

  it('refuses an expired link and a mismatched confirmation, changing nothing', async () => {
    const acc = await registered();
    const { token } = await resetLink(acc.email);
    const mismatch = await post(
      '/user/reset-password',
      { token, password: 'brand new pw', passwordConfirm: 'brand new px' },
      newIp(),
    );
    expectRefusal(mismatch, 400, 'validation.failed', 'Two passwords you entered do not match');
    await db()
      .update(accountPasswordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountPasswordResets.userId, acc.session.user._id));
    const expired = await post(
      '/user/reset-password',
      { token, password: 'brand new pw', passwordConfirm: 'brand new pw' },
      newIp(),
    );
    expectRefusal(
      expired,
      400,
      'account.reset_token_expired',
      'This password reset link has expired. Please ask for a new one.',
    );
    expect(
      (await post('/user/login', { username: acc.username, password: acc.password }, newIp())).status,
    ).toBe(200);
    expect((await t.call('GET', '/user/current_user', { token: acc.session.token })).status).toBe(200);
  });

  it('writes to a member in their own language when they chose one', async () => {
    const acc = await registered();
    await db()
      .update(users)
      .set({ profile: { defaultLanguage: 'zh' } })
      .where(eq(users.id, acc.session.user._id));
    const { mail } = await resetLink(acc.email);
    expect(mail.subject).toBe('重置您的 Cyber Republic 密码');
    expect(mail.text).not.toContain('Hello');
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const acc = await registered();
    const other = (await post('/user/login', { username: acc.username, password: acc.password }, newIp()))
      .body.data as Session;
    const body = {
      oldPassword: acc.password,
      password: 'changed password',
      passwordConfirm: 'changed password',
    };
    expect((await post('/user/change-password', body, newIp())).status).toBe(401);
    const wrong = await post(
      '/user/change-password',
      { ...body, oldPassword: 'not it at all' },
      newIp(),
      acc.session.token,
    );
    expectRefusal(wrong, 400, 'account.old_password_wrong', 'The current password is not correct');
    const mismatch = await post(
      '/user/change-password',
      { ...body, passwordConfirm: 'changed passwore' },
      newIp(),
      acc.session.token,
    );
    expectRefusal(mismatch, 400, 'validation.failed', 'Two passwords you entered do not match');
    expect((await t.call('GET', '/user/current_user', { token: other.token })).status).toBe(200);

    const ok = await post('/user/change-password', body, newIp(), acc.session.token);
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/user/current_user', { token: acc.session.token })).status).toBe(200);
    expect((await t.call('GET', '/user/current_user', { token: other.token })).status).toBe(401);
    expect(
      (await post('/user/login', { username: acc.username, password: 'changed password' }, newIp())).status,
    ).toBe(200);
  });

  it('limits wrong current passwords to 5 per 15 minutes', async () => {
    const acc = await registered();
    const body = {
      oldPassword: 'not it at all',
      password: 'changed password',
      passwordConfirm: 'changed password',
    };
    for (let i = 0; i < 5; i++)
      expect((await post('/user/change-password', body, newIp(), acc.session.token)).status).toBe(400);
    const res = await post(
      '/user/change-password',
      { ...body, oldPassword: acc.password },
      newIp(),
      acc.session.token,
    );
    expectRefusal(res, 429, 'rate_limited', 'Too many attempts. Please wait and try again.');
  });
});
