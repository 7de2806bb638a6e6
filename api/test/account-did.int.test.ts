import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@cr/contract/account.contract';
import type { CurrentUser } from '@cr/contract/user.contract';
import { accountDidRegistrations, users, walletRequests } from '@cr/core/db/schema';
import { hashPassword } from '../src/modules/account/password-hash';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';
import { requestWallet, walletState, walletsFor } from './wallet-harness';

let t: TestApi;
let w: ReturnType<typeof walletsFor>;

beforeAll(async () => {
  t = await startTestApi({ TRUST_PROXY_HOPS: '1' }, { did: true });
  w = walletsFor(t);
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const rand = () => randomBytes(4).toString('hex');
const newIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const userCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
  )[0]!.n;
const userByDid = async (did: string) => (await db().select().from(users).where(eq(users.did, did)))[0];
const registerDid = (body: Record<string, unknown>) =>
  t.call('POST', '/user/register/did', { body, headers: { 'x-forwarded-for': newIp() } });

/** A member's phone (a dev wallet) answers a sign-in QR for a DID no account has: outcome `register`. */
async function signedRegisterRequest(walletName = `w${rand()}`) {
  const wallet = await w.create(walletName);
  const req = (await requestWallet(t, 'login')).body.data!;
  expect((await w.approve(req.url, walletName)).status).toBe(200);
  const state = (await walletState(t, req.id, req.secret)).body.data!;
  expect(state.result).toMatchObject({ outcome: 'register', did: wallet.did });
  return { wallet, walletName, req };
}

const form = (requestId: string, secret: string, over: Record<string, unknown> = {}) => ({
  requestId,
  secret,
  username: `member_${rand()}`,
  firstName: 'Grace',
  lastName: 'Hopper',
  country: 'US',
  ...over,
});

describe('registration with a DID', () => {
  it('creates an account bound to the DID that signed, signs it in, and binds nothing else', async () => {
    const { wallet, walletName, req } = await signedRegisterRequest();
    const body = form(req.id, req.secret);
    const res = await registerDid(body);
    expect(res.status).toBe(200);
    const session = res.body.data as Session;
    expect(session.user).toMatchObject({ username: body.username, email: null, role: 'MEMBER' });
    expect(session.user.did?.id).toBe(wallet.did);
    const me = await t.call<CurrentUser>('GET', '/user/current_user', { token: session.token });
    expect(me.body.data?.did?.id).toBe(wallet.did);
    const row = await userByDid(wallet.did);
    expect(row).toMatchObject({ id: session.user._id, passwordHash: null, didBoundAt: expect.any(Date) });
    const [claim] = await db()
      .select()
      .from(accountDidRegistrations)
      .where(eq(accountDidRegistrations.walletRequestId, req.id));
    expect(claim).toMatchObject({ userId: row!.id, did: wallet.did });
    const [request] = await db().select().from(walletRequests).where(eq(walletRequests.id, req.id));
    expect(request!.consumedAt).not.toBeNull();
    // The DID now signs in by QR.
    const login = (await requestWallet(t, 'login')).body.data!;
    expect((await w.approve(login.url, walletName)).status).toBe(200);
    const state = (await walletState(t, login.id, login.secret)).body.data!;
    expect(state.result).toMatchObject({ outcome: 'login' });
  });

  it('lets a request create one account only', async () => {
    const { req } = await signedRegisterRequest();
    expect((await registerDid(form(req.id, req.secret))).status).toBe(200);
    const n = await userCount();
    const again = await registerDid(form(req.id, req.secret));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      type: 'account.did_request_used',
      message: 'This DID sign-in was already used. Please scan the QR code again.',
    });
    expect(await userCount()).toBe(n);
  });

  it('never takes the DID from the body', async () => {
    const { req } = await signedRegisterRequest();
    const n = await userCount();
    const res = await registerDid(
      form(req.id, req.secret, { did: 'did:elastos:iAttackerChosenDid1234567890' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.type).toBe('validation.failed');
    expect(await userCount()).toBe(n);
  });

  it('refuses without the secret of the browser that asked, with the same answer as an unknown request', async () => {
    const { wallet, req } = await signedRegisterRequest();
    const n = await userCount();
    const wrong = await registerDid(form(req.id, 'x'.repeat(43)));
    const unknown = await registerDid(form(crypto.randomUUID(), req.secret));
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        type: 'account.did_request_invalid',
        message: 'Please scan the QR code with your DID wallet again.',
      });
    }
    expect(await userCount()).toBe(n);
    expect(await userByDid(wallet.did)).toBeUndefined();
  });

  it('refuses a request that is not a signed sign-in offering registration', async () => {
    const pending = (await requestWallet(t, 'login')).body.data!;
    const asPending = await registerDid(form(pending.id, pending.secret));
    expect(asPending.body.error?.type).toBe('account.did_request_invalid');

    // A DID already bound signs in: outcome `login`, not `register`.
    const bound = await w.create(`b${rand()}`);
    await makeUser(db(), { did: bound.did });
    const login = (await requestWallet(t, 'login')).body.data!;
    await w.approve(login.url, bound.name);
    expect((await registerDid(form(login.id, login.secret))).body.error?.type).toBe(
      'account.did_request_invalid',
    );

    // A binding request of a signed-in member is not a registration.
    const member = await makeUser(db());
    const carol = await w.create(`c${rand()}`);
    const bind = (await requestWallet(t, 'bind-did', member.token)).body.data!;
    expect((await w.approve(bind.url, carol.name)).status).toBe(200);
    const n = await userCount();
    expect((await registerDid(form(bind.id, bind.secret))).body.error?.type).toBe(
      'account.did_request_invalid',
    );
    expect(await userCount()).toBe(n);
  });

  it('refuses a signature older than 30 minutes', async () => {
    const { wallet, req } = await signedRegisterRequest();
    await db()
      .update(walletRequests)
      .set({ completedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(walletRequests.id, req.id));
    const res = await registerDid(form(req.id, req.secret));
    expect(res.status).toBe(410);
    expect(res.body.error?.type).toBe('account.did_request_expired');
    expect(await userByDid(wallet.did)).toBeUndefined();
  });

  it('refuses when the DID was bound to another account after it signed', async () => {
    const { wallet, req } = await signedRegisterRequest();
    const other = await makeUser(db());
    await db().update(users).set({ did: wallet.did }).where(eq(users.id, other.user.id));
    const res = await registerDid(form(req.id, req.secret));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      type: 'did.already_bound',
      message: 'This DID is already bound to another account.',
    });
    expect((await userByDid(wallet.did))?.id).toBe(other.user.id);
  });

  it('keeps an e-mail only with its e-mailed code', async () => {
    const { wallet, req } = await signedRegisterRequest();
    const email = `did_${rand()}@example.org`;
    const noCode = await registerDid(form(req.id, req.secret, { email }));
    expect(noCode.status).toBe(400);
    expect(noCode.body.error?.fields).toEqual([
      { path: 'code', message: 'The code you entered does not match' },
    ]);
    const wrongCode = await registerDid(form(req.id, req.secret, { email, code: '000000' }));
    expect(wrongCode.body.error?.type).toBe('account.code_mismatch');

    const before = new Set(t.mailbox.messages().map((m) => m.id));
    await t.call('POST', '/user/register/code', { body: { email }, headers: { 'x-forwarded-for': newIp() } });
    const mail = await t.mailbox.waitFor((m) => !before.has(m.id) && m.to.includes(email));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const res = await registerDid(form(req.id, req.secret, { email, code }));
    expect(res.status).toBe(200);
    expect((res.body.data as Session).user.email).toBe(email);
    expect((await userByDid(wallet.did))?.email).toBe(email);
  });

  it('refuses a taken username case-insensitively, and the request stays usable', async () => {
    const { req } = await signedRegisterRequest();
    const taken = await makeUser(db());
    const res = await registerDid(form(req.id, req.secret, { username: taken.user.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      type: 'account.username_taken',
      message: 'This username is already taken',
    });
    expect((await registerDid(form(req.id, req.secret))).status).toBe(200);
  });
});

describe('signing in to an existing account and binding the scanned DID in one step', () => {
  const loginDid = (body: Record<string, unknown>) =>
    t.call<Session>('POST', '/user/login/did', { body, headers: { 'x-forwarded-for': newIp() } });

  it('binds the DID of the scan to the account whose password was given, once', async () => {
    const password = 'correct horse battery';
    const member = await makeUser(db(), { passwordHash: await hashPassword(password) });
    const { wallet, req } = await signedRegisterRequest();

    const wrong = await loginDid({
      username: member.user.username,
      password: 'wrong',
      requestId: req.id,
      secret: req.secret,
    });
    expect(wrong.status).toBe(401);
    expect(await userByDid(wallet.did)).toBeUndefined();
    const wrongSecret = await loginDid({
      username: member.user.username,
      password,
      requestId: req.id,
      secret: 'not-the-secret',
    });
    expect(wrongSecret.body.error?.type).toBe('account.did_request_invalid');

    const res = await loginDid({
      username: member.user.username,
      password,
      requestId: req.id,
      secret: req.secret,
    });
    expect(res.status).toBe(200);
    expect(res.body.data!.user.did?.id).toBe(wallet.did);
    expect((await userByDid(wallet.did))?.id).toBe(member.user.id);
    // The new session works; the same scan cannot bind again (nor another account).
    expect(
      (await t.call<CurrentUser>('GET', '/user/current_user', { token: res.body.data!.token })).status,
    ).toBe(200);
    const other = await makeUser(db(), { passwordHash: await hashPassword(password) });
    const again = await loginDid({
      username: other.user.username,
      password,
      requestId: req.id,
      secret: req.secret,
    });
    expect(again.status).toBe(409);
    expect((await userByDid(wallet.did))?.id).toBe(member.user.id);
  });

  it('refuses a request that was a sign-in of a bound DID, not a registration', async () => {
    const password = 'correct horse battery';
    const member = await makeUser(db(), { passwordHash: await hashPassword(password) });
    const bound = await w.create(`bound${rand()}`);
    await makeUser(db(), { did: bound.did });
    const req = (await requestWallet(t, 'login')).body.data!;
    expect((await w.approve(req.url, bound.name)).status).toBe(200);
    const res = await loginDid({
      username: member.user.username,
      password,
      requestId: req.id,
      secret: req.secret,
    });
    expect(res.body.error?.type).toBe('account.did_request_invalid');
    expect((await db().select().from(users).where(eq(users.id, member.user.id)))[0]!.did).toBeNull();
  });
});
