import { createHmac } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCredAccessRequest } from '../src/intents/credaccess-request';
import { buildDidSignRequest, buildSignDigestRequest } from '../src/intents/sign-request';
import { decodeJwt } from '../src/jwt/jwt-decode';
import { sha256 } from '../src/p256-key';
import { openOrCreateStoredDid } from '../src/sdk-store';
import { verifyCredAccessReply, type CredAccessExpectation } from '../src/verify/verify-credaccess-reply';
import { verifySignReply, type SignReplyExpectation } from '../src/verify/verify-sign-reply';
import { prepareApproval } from '../src/wallet/wallet-approve';
import { signWalletJwt } from '../src/wallet/wallet-replies';
import { createWallet, openWallet, type WalletInfo } from '../src/wallet/wallet-store';
import { startDidHarness, token, type DidHarness } from './harness';

// Every refusal the api relies on, each with its own error type. Replies are real dev-wallet replies,
// then forged or altered the way an attacker could.
let h: DidHarness;
let alice: WalletInfo;
let bob: WalletInfo;

beforeAll(async () => {
  h = await startDidHarness();
  alice = await createWallet('alice', h.walletOpts);
  bob = await createWallet('bob', h.walletOpts);
});
afterAll(async () => h?.stop());

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwtOf = (body: { jwt: string } | { result: string }) => {
  if (!('jwt' in body)) throw new Error('expected a jwt body');
  return body.jwt;
};
/** The reply's own claims, without the ones the JWT builder sets. */
const ownClaims = (jwt: string) => {
  const { iss: _iss, iat: _iat, exp: _exp, ...rest } = decodeJwt(jwt).claims;
  return rest;
};
const signAs = async (name: string, claims: Record<string, unknown>) =>
  signWalletJwt(await openWallet(name, h.walletOpts), claims, 1, new Date());

async function loginReply(wallet: string, nonce: string) {
  const req = await buildCredAccessRequest(h.app, {
    callbackUrl: h.callback.url,
    nonce,
    realm: 'cr.localhost',
    website: { domain: 'cr.localhost', logo: 'https://cr.localhost/logo.png' },
    expiresInSec: 600,
  });
  const prepared = await prepareApproval(req.url, wallet, h.walletOpts);
  return { jwt: jwtOf(prepared.body), requestJwt: req.jwt! };
}

describe('verifyCredAccessReply refuses', () => {
  const nonce = 'login-nonce-0001';
  let good: { jwt: string; requestJwt: string };
  const expect_ = (): CredAccessExpectation => ({
    expectedNonce: nonce,
    realm: 'cr.localhost',
    appDid: h.app.did,
  });
  beforeAll(async () => {
    good = await loginReply('alice', nonce);
  });

  it('accepts the untouched reply (control)', async () => {
    await expect(verifyCredAccessReply(good.jwt, expect_())).resolves.toMatchObject({ did: alice.did });
  });

  it('an unsigned reply (alg none)', async () => {
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(decodeJwt(good.jwt).claims)}.`;
    await expect(verifyCredAccessReply(forged, expect_())).rejects.toMatchObject({
      type: 'did.jwt_alg_refused',
    });
  });

  it('an HS256 reply keyed with the public key (algorithm confusion)', async () => {
    const { claims } = decodeJwt(good.jwt);
    const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    const key = (await openWallet('alice', h.walletOpts)).stored.document
      .getDefaultPublicKey()
      .getPublicKeyBase58();
    const forged = `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    await expect(verifyCredAccessReply(forged, expect_())).rejects.toMatchObject({
      type: 'did.jwt_alg_refused',
    });
  });

  it('a reply whose payload names another DID than the key that signed it', async () => {
    const bobs = await loginReply('bob', nonce);
    const [, , bobSig] = bobs.jwt.split('.');
    const [head] = good.jwt.split('.');
    const forged = `${head}.${good.jwt.split('.')[1]}.${bobSig}`;
    await expect(verifyCredAccessReply(forged, expect_())).rejects.toMatchObject({
      type: 'did.jwt_signature_invalid',
    });
  });

  it('a tampered JWT signature', async () => {
    const [a, b, sig] = good.jwt.split('.') as [string, string, string];
    const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
    await expect(verifyCredAccessReply(`${a}.${b}.${flipped}`, expect_())).rejects.toMatchObject({
      type: 'did.jwt_signature_invalid',
    });
  });

  it('a reply signed by another DID than expected', async () => {
    await expect(
      verifyCredAccessReply(good.jwt, { ...expect_(), expectedSigner: bob.did }),
    ).rejects.toMatchObject({
      type: 'did.signer_mismatch',
    });
  });

  it('a wrong aud', async () => {
    const jwt = await signAs('alice', { ...ownClaims(good.jwt), aud: bob.did });
    await expect(verifyCredAccessReply(jwt, expect_())).rejects.toMatchObject({
      type: 'did.audience_mismatch',
    });
    await expect(verifyCredAccessReply(good.jwt, { ...expect_(), appDid: bob.did })).rejects.toMatchObject({
      type: 'did.audience_mismatch',
    });
  });

  it('a wrong nonce', async () => {
    await expect(
      verifyCredAccessReply(good.jwt, { ...expect_(), expectedNonce: 'another-nonce-02' }),
    ).rejects.toMatchObject({ type: 'did.nonce_mismatch' });
  });

  it('a wrong realm', async () => {
    await expect(
      verifyCredAccessReply(good.jwt, { ...expect_(), realm: 'evil.example' }),
    ).rejects.toMatchObject({
      type: 'did.realm_mismatch',
    });
  });

  it('an expired reply', async () => {
    const later = new Date(Date.now() + 2 * 86_400_000);
    await expect(verifyCredAccessReply(good.jwt, { ...expect_(), now: later })).rejects.toMatchObject({
      type: 'did.expired',
    });
  });

  it("another DID's presentation inside the signer's reply", async () => {
    const bobs = await loginReply('bob', nonce);
    const jwt = await signAs('alice', {
      ...ownClaims(good.jwt),
      presentation: ownClaims(bobs.jwt).presentation,
    });
    await expect(verifyCredAccessReply(jwt, expect_())).rejects.toMatchObject({
      type: 'did.presentation_invalid',
    });
  });

  it('a forged inner request (our request JWT altered) and an unsigned one', async () => {
    const [h1, , s1] = good.requestJwt.split('.') as [string, string, string];
    const altered = `${h1}.${b64({ ...decodeJwt(good.requestJwt).claims, callbackurl: 'https://evil.example/' })}.${s1}`;
    const jwt = await signAs('alice', { ...ownClaims(good.jwt), req: `elastos://credaccess/${altered}` });
    await expect(verifyCredAccessReply(jwt, expect_())).rejects.toMatchObject({
      type: 'did.request_echo_invalid',
    });
    const unsigned = `${b64({ alg: 'none' })}.${b64(decodeJwt(good.requestJwt).claims)}.`;
    const jwt2 = await signAs('alice', { ...ownClaims(good.jwt), req: `elastos://credaccess/${unsigned}` });
    await expect(verifyCredAccessReply(jwt2, expect_())).rejects.toMatchObject({
      type: 'did.request_echo_invalid',
    });
  });

  it('a reply from a DID that is not published', async () => {
    const stored = await openOrCreateStoredDid({
      storeDir: path.join(h.dir, 'unpublished'),
      storepass: 'x-pass',
    });
    const wallet = { info: {} as WalletInfo, stored, mnemonic: '', credentials: new Map() };
    const jwt = await signWalletJwt(
      wallet,
      { ...ownClaims(good.jwt), did: stored.document.getSubject().toString() },
      1,
      new Date(),
    );
    await expect(verifyCredAccessReply(jwt, expect_())).rejects.toMatchObject({ type: 'did.unresolvable' });
  });
});

describe('verifySignReply refuses', () => {
  const requestId = 'request-0000001';
  const nonce = 'sign-nonce-00001';
  const statement = `I approve payment 3 of proposal 9.\nDigest: ${sha256('p9').toString('hex')}`;
  const digestHex = sha256('vote').toString('hex');
  let didsign: string;
  let signdigest: string;
  const didsignExpect = (): SignReplyExpectation => ({
    expected: { kind: 'didsign', statement },
    requestId,
    nonce,
  });
  const digestExpect = (): SignReplyExpectation => ({
    expected: { kind: 'signdigest', digestHex },
    requestId,
    nonce,
  });

  beforeAll(async () => {
    const common = { callbackUrl: h.callback.url, callbackToken: token(), requestId, nonce };
    didsign = jwtOf(
      (await prepareApproval(buildDidSignRequest({ ...common, statement }).url, 'alice', h.walletOpts)).body,
    );
    signdigest = jwtOf(
      (await prepareApproval(buildSignDigestRequest({ ...common, digestHex }).url, 'alice', h.walletOpts))
        .body,
    );
  });

  it('accepts the untouched replies (control)', async () => {
    await expect(
      verifySignReply(didsign, { ...didsignExpect(), expectedSigner: alice.did }),
    ).resolves.toMatchObject({
      did: alice.did,
    });
    await expect(verifySignReply(signdigest, digestExpect())).resolves.toMatchObject({ did: alice.did });
  });

  it('a reply signed by another DID than expected', async () => {
    await expect(
      verifySignReply(didsign, { ...didsignExpect(), expectedSigner: bob.did }),
    ).rejects.toMatchObject({
      type: 'did.signer_mismatch',
    });
  });

  it('a tampered signature over the digest or the statement', async () => {
    const sig = ownClaims(signdigest).signature as string;
    const tampered = sig.slice(0, 40) + (sig[40] === '0' ? '1' : '0') + sig.slice(41);
    const jwt = await signAs('alice', { ...ownClaims(signdigest), signature: tampered });
    await expect(verifySignReply(jwt, digestExpect())).rejects.toMatchObject({
      type: 'did.signature_invalid',
    });
    await expect(
      verifySignReply(didsign, {
        ...didsignExpect(),
        expected: { kind: 'didsign', statement: `${statement} ` },
      }),
    ).rejects.toMatchObject({ type: 'did.signature_invalid' });
    await expect(
      verifySignReply(signdigest, {
        ...digestExpect(),
        expected: { kind: 'signdigest', digestHex: sha256('no').toString('hex') },
      }),
    ).rejects.toMatchObject({ type: 'did.signature_invalid' });
  });

  it("Bob's valid signature carried in Alice's JWT", async () => {
    const bobs = jwtOf(
      (
        await prepareApproval(
          buildSignDigestRequest({
            callbackUrl: h.callback.url,
            callbackToken: token(),
            requestId,
            nonce,
            digestHex,
          }).url,
          'bob',
          h.walletOpts,
        )
      ).body,
    );
    const jwt = await signAs('alice', { ...ownClaims(signdigest), signature: ownClaims(bobs).signature });
    await expect(verifySignReply(jwt, digestExpect())).rejects.toMatchObject({
      type: 'did.signature_invalid',
    });
  });

  it('a wrong requestId or nonce in jwtExtra', async () => {
    await expect(
      verifySignReply(signdigest, { ...digestExpect(), requestId: 'request-0000002' }),
    ).rejects.toMatchObject({
      type: 'did.extra_mismatch',
    });
    await expect(
      verifySignReply(signdigest, { ...digestExpect(), nonce: 'sign-nonce-00002' }),
    ).rejects.toMatchObject({
      type: 'did.nonce_mismatch',
    });
  });

  it('a publickey claim that is not the DID document key', async () => {
    const bobKey = (await openWallet('bob', h.walletOpts)).stored.document
      .getDefaultPublicKey()
      .getPublicKeyBase58();
    const jwt = await signAs('alice', { ...ownClaims(didsign), publickey: bobKey });
    await expect(verifySignReply(jwt, didsignExpect())).rejects.toMatchObject({
      type: 'did.signer_mismatch',
    });
  });

  it('an expired reply, an unsigned one and an HS256 one', async () => {
    const later = new Date(Date.now() + 2 * 86_400_000);
    await expect(verifySignReply(signdigest, { ...digestExpect(), now: later })).rejects.toMatchObject({
      type: 'did.expired',
    });
    const none = `${b64({ alg: 'none' })}.${b64(decodeJwt(signdigest).claims)}.`;
    await expect(verifySignReply(none, digestExpect())).rejects.toMatchObject({
      type: 'did.jwt_alg_refused',
    });
    const input = `${b64({ alg: 'HS256' })}.${b64(decodeJwt(signdigest).claims)}`;
    const hs = `${input}.${createHmac('sha256', 'secret').update(input).digest('base64url')}`;
    await expect(verifySignReply(hs, digestExpect())).rejects.toMatchObject({ type: 'did.jwt_alg_refused' });
    await expect(verifySignReply('not-a-jwt', digestExpect())).rejects.toMatchObject({
      type: 'did.jwt_malformed',
    });
  });
});
