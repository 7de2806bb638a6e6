import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCredAccessRequest } from '../src/intents/credaccess-request';
import {
  buildDidSignRequest,
  buildSignDigestRequest,
  statementWithDigest,
} from '../src/intents/sign-request';
import { decodeJwt } from '../src/jwt/jwt-decode';
import { sha256 } from '../src/p256-key';
import { parseCallbackBody } from '../src/verify/callback-body';
import { verifyCredAccessReply } from '../src/verify/verify-credaccess-reply';
import { verifySignReply } from '../src/verify/verify-sign-reply';
import { approveRequest } from '../src/wallet/wallet-approve';
import { describeRequest } from '../src/wallet/wallet-describe';
import { createWallet, listWallets, type WalletInfo } from '../src/wallet/wallet-store';
import { startDidHarness, token, type DidHarness } from './harness';

// The dev wallet answers each intent exactly as Essentials does, and the replies pass through the same
// verification functions a real phone's reply takes (essentials-intents.md, formats checked field by field).
let h: DidHarness;
let alice: WalletInfo;

beforeAll(async () => {
  h = await startDidHarness();
  alice = await createWallet('alice', {
    ...h.walletOpts,
    displayName: 'Alice Liddell',
    email: 'alice@example.org',
  });
});
afterAll(async () => h?.stop());

describe('dev wallet identities', () => {
  it('derives the DID and the EVM address Essentials derives from the same mnemonic', async () => {
    const mnemonic =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    const w = await createWallet('abandon', { ...h.walletOpts, mnemonic });
    expect(w.did).toBe('did:elastos:iUTLfAssZyJ9RxjnZmgGUSCqWyY388g6JV');
    expect(w.evmAddress).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const names = (await listWallets(h.walletOpts)).map((x) => x.name);
    expect(names).toEqual(['abandon', 'alice']);
    await expect(createWallet('alice', h.walletOpts)).rejects.toMatchObject({ type: 'did.wallet_exists' });
  });
});

describe('credaccess (login / bind DID)', () => {
  it('is approved with { jwt } whose claims are exactly the Essentials ones, and verifies', async () => {
    const nonce = token();
    const req = await buildCredAccessRequest(h.app, {
      callbackUrl: h.callback.url,
      callbackToken: token(),
      nonce,
      realm: 'cr.localhost',
      website: { domain: 'cr.localhost', logo: 'https://cr.localhost/logo.png' },
      claims: { name: false, email: false },
      expiresInSec: 600,
    });
    expect(req.url.startsWith('https://did.elastos.net/credaccess/')).toBe(true);
    const reqClaims = decodeJwt(req.jwt).claims;
    expect(Object.keys(reqClaims).sort()).toEqual(
      ['callbackurl', 'claims', 'exp', 'iat', 'iss', 'nonce', 'realm', 'website'].sort(),
    );
    expect(decodeJwt(req.jwt).header).toMatchObject({ alg: 'ES256', typ: 'JWT' });

    const described = await describeRequest(req.url, h.walletOpts);
    expect(described).toMatchObject({ action: 'credaccess', requester: h.app.did, requestVerified: true });

    let verified: Awaited<ReturnType<typeof verifyCredAccessReply>> | undefined;
    h.callback.handler = async (cb) => {
      const body = parseCallbackBody(cb.body);
      if (body.kind !== 'jwt') throw new Error('expected a jwt');
      verified = await verifyCredAccessReply(body.jwt, {
        expectedNonce: nonce,
        realm: 'cr.localhost',
        appDid: h.app.did,
      });
      return { status: 200, body: { code: 1 } };
    };
    const result = await approveRequest(req.url, 'alice', h.walletOpts);
    expect(result.status).toBe(200);
    expect(verified).toMatchObject({ did: alice.did, name: 'Alice Liddell', email: 'alice@example.org' });
    expect(verified?.request?.nonce).toBe(nonce);

    const cb = h.callback.received.at(-1)!;
    expect(cb.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(cb.url).toBe(new URL(req.callbackUrl).pathname + new URL(req.callbackUrl).search);
    expect(Object.keys(cb.body as object)).toEqual(['jwt']);
    const { header, claims } = decodeJwt((cb.body as { jwt: string }).jwt);
    expect(header).toEqual({ typ: 'JWT', cty: 'json', alg: 'ES256' });
    expect(Object.keys(claims).sort()).toEqual([
      'aud',
      'did',
      'exp',
      'iat',
      'iss',
      'presentation',
      'req',
      'type',
    ]);
    expect(claims).toMatchObject({ iss: alice.did, did: alice.did, type: 'credaccess', aud: h.app.did });
    expect(claims.req).toBe(`elastos://credaccess/${req.jwt}`);
    expect((claims.exp as number) - (claims.iat as number)).toBe(86_400);
    const vp = claims.presentation as {
      holder: string;
      proof: Record<string, string>;
      verifiableCredential: unknown[];
    };
    expect(vp.holder).toBe(alice.did);
    expect(vp.proof).toMatchObject({ type: 'ECDSAsecp256r1', nonce, realm: 'cr.localhost' });
    expect(vp.proof.verificationMethod).toBe(`${alice.did}#primary`);
    expect(vp.verifiableCredential).toHaveLength(2);
  });
});

describe('didsign', () => {
  it('signs SHA-256 of the statement; { jwt } carries jwtExtra, base64url signature and publickey', async () => {
    const digest = sha256('suggestion #12 v3').toString('hex');
    const statement = statementWithDigest('I sign suggestion #12 "Community hub" as its owner.', digest);
    const requestId = token();
    const nonce = token();
    const req = buildDidSignRequest({
      callbackUrl: h.callback.url,
      callbackToken: token(),
      requestId,
      nonce,
      statement,
    });
    expect(req.url.startsWith('https://did.elastos.net/didsign?data=')).toBe(true);
    const d = await describeRequest(req.url, h.walletOpts);
    expect(d).toMatchObject({
      action: 'didsign',
      requestVerified: null,
      details: { statement, jwtExtra: { requestId, nonce } },
    });

    let verified: Awaited<ReturnType<typeof verifySignReply>> | undefined;
    h.callback.handler = async (cb) => {
      const body = parseCallbackBody(cb.body);
      if (body.kind !== 'jwt') throw new Error('expected a jwt');
      verified = await verifySignReply(body.jwt, {
        expectedSigner: alice.did,
        expected: { kind: 'didsign', statement },
        requestId,
        nonce,
      });
      return { status: 200, body: { code: 1 } };
    };
    const result = await approveRequest(req.url, 'alice', h.walletOpts);
    expect(result.status).toBe(200);
    expect(verified?.did).toBe(alice.did);
    expect(verified?.signatureHex).toMatch(/^[0-9a-f]{128}$/);

    const cb = h.callback.received.at(-1)!;
    expect(new URL(cb.url, 'http://x').searchParams.get('t')).toBe(
      new URL(req.callbackUrl).searchParams.get('t'),
    );
    expect(Object.keys(cb.body as object)).toEqual(['jwt']);
    const { header, claims } = decodeJwt((cb.body as { jwt: string }).jwt);
    expect(header).toEqual({ typ: 'JWT', cty: 'json', alg: 'ES256' });
    // Query-form request: no req echo (Essentials adds it only for JWT-form requests).
    expect(Object.keys(claims).sort()).toEqual([
      'exp',
      'iat',
      'iss',
      'nonce',
      'publickey',
      'requestId',
      'signature',
    ]);
    expect(claims.signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(claims.publickey).toBe(verified?.publicKey.base58);
    expect(Buffer.from(claims.signature as string, 'base64url').toString('hex')).toBe(verified?.signatureHex);
  });
});

describe('signdigest', () => {
  it('signs the 32 bytes as given; { jwt } carries jwtExtra and a 128-hex signature, nothing else', async () => {
    const digestHex = sha256('council vote 7 yes').toString('hex');
    const requestId = token();
    const nonce = token();
    const req = buildSignDigestRequest({
      callbackUrl: h.callback.url,
      callbackToken: token(),
      requestId,
      nonce,
      digestHex,
    });
    let verified: Awaited<ReturnType<typeof verifySignReply>> | undefined;
    h.callback.handler = async (cb) => {
      const body = parseCallbackBody(cb.body);
      if (body.kind !== 'jwt') throw new Error('expected a jwt');
      verified = await verifySignReply(body.jwt, {
        expected: { kind: 'signdigest', digestHex },
        requestId,
        nonce,
      });
      return { status: 200, body: { code: 1 } };
    };
    const result = await approveRequest(req.url, 'alice', h.walletOpts);
    expect(result.status).toBe(200);
    expect(verified?.did).toBe(alice.did);
    const { header, claims } = decodeJwt((h.callback.received.at(-1)!.body as { jwt: string }).jwt);
    expect(header).toEqual({ typ: 'JWT', cty: 'json', alg: 'ES256' });
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'iss', 'nonce', 'requestId', 'signature']);
    expect(claims.signature).toBe(verified?.signatureHex);
  });

  it('a callback refusal comes back to the wallet as the callback answered it', async () => {
    const req = buildSignDigestRequest({
      callbackUrl: h.callback.url,
      callbackToken: token(),
      requestId: token(),
      nonce: token(),
      digestHex: sha256('x').toString('hex'),
    });
    h.callback.handler = async (cb) => {
      const body = parseCallbackBody(cb.body);
      if (body.kind !== 'jwt') throw new Error('expected a jwt');
      // The api expects another request id: verification refuses, the callback answers 400.
      await verifySignReply(body.jwt, {
        expected: { kind: 'signdigest', digestHex: sha256('x').toString('hex') },
        requestId: 'another-request-id',
        nonce: 'whatever-nonce',
      });
      return { status: 200, body: {} };
    };
    const result = await approveRequest(req.url, 'alice', h.walletOpts);
    expect(result).toMatchObject({ status: 400, body: { error: 'did.extra_mismatch' } });
  });
});
