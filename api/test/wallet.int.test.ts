import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, walletRequests } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';
import { requestWallet, walletState, walletsFor } from './wallet-harness';

let t: TestApi;
let w: ReturnType<typeof walletsFor>;
let alice: { did: string };
let bob: { did: string };

beforeAll(async () => {
  t = await startTestApi({}, { did: true });
  w = walletsFor(t);
  alice = await w.create('alice');
  bob = await w.create('bob');
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const userByDid = async (did: string) => (await db().select().from(users).where(eq(users.did, did)))[0];
const requestRow = async (id: string) =>
  (await db().select().from(walletRequests).where(eq(walletRequests.id, id)))[0]!;

describe('sign-in by QR', () => {
  it('offers registration to an unknown DID, with the DID taken from the signature', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    expect(req.url).toMatch(/^https:\/\/did\.elastos\.net\/credaccess\/ey/);
    const approval = await w.approve(req.url, 'alice');
    expect(approval.status).toBe(200);
    const state = (await walletState(t, req.id, req.secret)).body.data!;
    expect(state.status).toBe('signed');
    expect(state.result).toMatchObject({
      outcome: 'register',
      did: alice.did,
      message: 'Your DID does not register the CR website',
    });
    expect(await userByDid(alice.did)).toBeUndefined();
  });

  it('signs in a bound DID: the session token goes once to the browser holding the secret', async () => {
    const { user } = await makeUser(db(), { did: bob.did });
    const req = (await requestWallet(t, 'login')).body.data!;
    await w.approve(req.url, 'bob');
    const first = (await walletState(t, req.id, req.secret)).body.data!;
    expect(first.result).toMatchObject({ outcome: 'login' });
    const token = first.result!.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.call<{ _id: string }>('GET', '/user/current_user', { token });
    expect(me.body.data?._id).toBe(user.id);
    const second = (await walletState(t, req.id, req.secret)).body.data!;
    expect(second.result?.token).toBeUndefined();
  });

  it('never hands the outcome to someone who only saw the QR (no secret)', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    const noSecret = await t.call('GET', `/wallet/requests/${req.id}`);
    expect(noSecret.status).toBe(404);
    const wrong = await walletState(t, req.id, 'x'.repeat(43));
    expect(wrong.status).toBe(404);
    const socket = connect(t.url, { transports: ['websocket'] });
    try {
      expect(await socket.emitWithAck('subscribe', `wallet-request:${req.id}`, 'wrong-secret')).toEqual({
        ok: false,
      });
      expect(await socket.emitWithAck('subscribe', `wallet-request:${req.id}`, req.secret)).toEqual({
        ok: true,
      });
    } finally {
      socket.disconnect();
    }
  });

  it('pushes the signed state to the browser room without polling', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    const socket = connect(t.url, { transports: ['websocket'] });
    try {
      await socket.emitWithAck('subscribe', `wallet-request:${req.id}`, req.secret);
      const pushed = new Promise<{ status: string }>((resolve) => socket.once('wallet-request', resolve));
      await w.approve(req.url, 'alice');
      expect((await pushed).status).toBe('signed');
    } finally {
      socket.disconnect();
    }
  });
});

describe('refusals change nothing', () => {
  it('refuses a replayed reply', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    const prepared = await w.prepare(req.url, 'alice');
    expect((await w.post(prepared.callbackUrl, prepared.body)).status).toBe(200);
    const replay = await w.post(prepared.callbackUrl, prepared.body);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ error: { type: 'wallet.request_used' } });
  });

  it('refuses a reply to an expired request', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    const prepared = await w.prepare(req.url, 'alice');
    await db()
      .update(walletRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletRequests.id, req.id));
    const res = await w.post(prepared.callbackUrl, prepared.body);
    expect(res.status).toBe(410);
    expect((await requestRow(req.id)).status).toBe('pending');
    expect((await walletState(t, req.id, req.secret)).body.data?.status).toBe('expired');
  });

  it('refuses a reply whose inner request was forged (not signed by the site)', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    // Re-sign our request's claims with Bob's DID key instead of the site's: a forged request JWT.
    const [, payload] = req.url.split('/credaccess/')[1]!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { iss: _iss, iat: _iat, exp: _exp, ...rest } = claims;
    const forgedJwt = await w.signClaims('bob', rest);
    const forgedUrl = `https://did.elastos.net/credaccess/${forgedJwt}`;
    const prepared = await w.prepare(forgedUrl, 'alice', { allowUnverifiedRequest: true });
    const res = await w.post(prepared.callbackUrl, prepared.body);
    expect(res.status).toBe(400);
    expect((await requestRow(req.id)).status).toBe('pending');
  });

  it('refuses a reply with the wrong audience', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    const prepared = await w.prepare(req.url, 'alice');
    const jwt = (prepared.body as { jwt: string }).jwt;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const { iss: _i, iat: _t, exp: _e, ...rest } = claims;
    const wrongAud = await w.signClaims('alice', { ...rest, aud: bob.did });
    const res = await w.post(prepared.callbackUrl, { jwt: wrongAud });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { type: 'did.audience_mismatch' } });
    expect((await requestRow(req.id)).status).toBe('pending');
  });

  it('refuses a tampered signature', async () => {
    const req = (await requestWallet(t, 'login')).body.data!;
    const prepared = await w.prepare(req.url, 'alice');
    const [h, p, s] = (prepared.body as { jwt: string }).jwt.split('.');
    const sig = Buffer.from(s!, 'base64url');
    sig[10]! ^= 0xff;
    const res = await w.post(prepared.callbackUrl, { jwt: `${h}.${p}.${sig.toString('base64url')}` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { type: 'did.jwt_signature_invalid' } });
  });

  it('refuses a statement signed by another DID than the expected member', async () => {
    const carol = await w.create('carol');
    const { token } = await makeUser(db(), { did: carol.did });
    const req = (await requestWallet(t, 'sign-profile-statement', token)).body.data!;
    expect(req.intent).toBe('didsign');
    expect(req.statement).toMatch(
      /^Cyber Republic: I, member_\w+, confirm that did:elastos:\w+ is the DID of my account/,
    );
    const res = await w.approve(req.url, 'alice');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { type: 'did.signer_mismatch' } });
    const state = (await walletState(t, req.id, req.secret)).body.data!;
    expect(state.status).toBe('pending');
    expect(state.lastRefusal?.type).toBe('did.signer_mismatch');
    // The right member then signs: the didsign path works end to end.
    expect((await w.approve(req.url, 'carol')).status).toBe(200);
    const done = (await walletState(t, req.id, req.secret)).body.data!;
    expect(done.status).toBe('signed');
    expect(done.result?.signature).toMatch(/^[0-9a-f]{128}$/);
  });

  it('asks a member without a DID to bind one before signing', async () => {
    const { token } = await makeUser(db());
    const res = await requestWallet(t, 'sign-profile-statement', token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'user.did_required',
      message: 'Please associate your DID first',
    });
  });
});

describe('binding a DID', () => {
  it('binds the DID that signs to the account that asked', async () => {
    const dave = await w.create('dave');
    const { user, token } = await makeUser(db());
    const req = (await requestWallet(t, 'bind-did', token)).body.data!;
    expect((await w.approve(req.url, 'dave')).status).toBe(200);
    expect((await userByDid(dave.did))?.id).toBe(user.id);
  });

  it('refuses a DID already bound to another account and changes nothing', async () => {
    const erin = await w.create('erin');
    const owner = await makeUser(db(), { did: erin.did });
    const other = await makeUser(db());
    const req = (await requestWallet(t, 'bind-did', other.token)).body.data!;
    const res = await w.approve(req.url, 'erin');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { type: 'did.already_bound' } });
    expect((await userByDid(erin.did))?.id).toBe(owner.user.id);
    const [otherRow] = await db().select().from(users).where(eq(users.id, other.user.id));
    expect(otherRow?.did).toBeNull();
  });

  it('requires a session to ask for a binding', async () => {
    const res = await requestWallet(t, 'bind-did');
    expect(res.status).toBe(401);
  });
});

describe('abuse limits', () => {
  it('counts QR requests per client address and refuses past WALLET_REQUEST_LIMIT, with Retry-After', async () => {
    const limited = await startTestApi({ TRUST_PROXY_HOPS: '1', WALLET_REQUEST_LIMIT: '3' }, { did: true });
    try {
      const ask = (ip: string) =>
        fetch(`${limited.url}/api/wallet/requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ action: 'login' }),
        });
      const randomIp = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const ip = randomIp();
      for (let i = 0; i < 3; i++) expect((await ask(ip)).status).toBe(200);
      const refused = await ask(ip);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Nothing was stored for the refused request; another address is not affected.
      expect(await limited.deps.database.db.$count(walletRequests)).toBe(3);
      expect((await ask(randomIp())).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
