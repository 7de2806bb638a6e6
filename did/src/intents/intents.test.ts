import { describe, expect, it } from 'vitest';
import { sign } from 'node:crypto';
import type { AppIdentity } from '../app-identity';
import { newP256 } from '../p256-test-key';
import { p256KeyFromBase58 } from '../p256-key';
import { decodeJwt } from '../jwt/jwt-decode';
import { checkEs256Signature } from '../jwt/jwt-verify';
import { buildCredAccessRequest } from './credaccess-request';
import { buildEscTransactionRequest } from './esctransaction-request';
import { parseIntentUrl } from './intent-url-parse';
import { buildDidSignRequest, buildSignDigestRequest, statementWithDigest } from './sign-request';

const digest = 'ab'.repeat(32);
const common = {
  callbackUrl: 'https://cr.example/api/wallet/callback',
  callbackToken: 'tok_0123456789abcdef',
  requestId: 'req-000001',
  nonce: 'nonce-00001',
};

/** A stand-in APP_DID signer with a local key (the real one is exercised in the integration tests). */
function localApp(): AppIdentity {
  const k = newP256();
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return {
    did: 'did:elastos:iUTLfAssZyJ9RxjnZmgGUSCqWyY388g6JV',
    publicKey: p256KeyFromBase58(k.base58),
    async signJwt(claims, { expiresInSec, now = new Date() }) {
      const iat = Math.floor(now.getTime() / 1000);
      const input = `${b64({ typ: 'JWT', alg: 'ES256' })}.${b64({ iss: this.did, iat, exp: iat + expiresInSec, ...claims })}`;
      return `${input}.${sign('sha256', Buffer.from(input), { key: k.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    },
  };
}

describe('credaccess request', () => {
  it('is https://did.elastos.net/credaccess/<jwt> with the claims Essentials reads', async () => {
    const app = localApp();
    const r = await buildCredAccessRequest(app, {
      callbackUrl: 'https://cr.example/api/wallet/callback',
      nonce: 'nonce-00001',
      realm: 'cr.example',
      website: { domain: 'cr.example', logo: 'https://cr.example/logo.png' },
      claims: { name: false, email: { required: false, reason: 'to greet you' } },
      expiresInSec: 600,
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(r.url).toBe(`https://did.elastos.net/credaccess/${r.jwt}`);
    const d = decodeJwt(r.jwt);
    checkEs256Signature(d, app.publicKey);
    expect(d.claims).toEqual({
      iss: app.did,
      iat: 1767225600,
      exp: 1767226200,
      callbackurl: 'https://cr.example/api/wallet/callback',
      nonce: 'nonce-00001',
      realm: 'cr.example',
      website: { domain: 'cr.example', logo: 'https://cr.example/logo.png' },
      claims: { name: false, email: { required: false, reason: 'to greet you' } },
    });
    const parsed = parseIntentUrl(r.url);
    expect(parsed).toMatchObject({
      action: 'credaccess',
      module: 'did',
      requestJwt: r.jwt,
      params: { nonce: 'nonce-00001', type: 'jwt' },
    });
  });

  it('uses configured hosts', async () => {
    const r = await buildCredAccessRequest(localApp(), {
      callbackUrl: 'https://cr.example/cb',
      nonce: 'nonce-00001',
      realm: 'cr.example',
      website: { domain: 'cr.example', logo: '' },
      expiresInSec: 60,
      hosts: { did: 'https://did.web3essentials.io/', wallet: 'https://wallet.web3essentials.io' },
    });
    expect(r.url.startsWith('https://did.web3essentials.io/credaccess/')).toBe(true);
  });
});

describe('didsign and signdigest requests', () => {
  it('didsign: data, jwtExtra and callbackurl (with the one-time token) in the query, %20 not +', () => {
    const statement = statementWithDigest('I vote YES on proposal 42.', digest);
    const r = buildDidSignRequest({ ...common, statement });
    expect(r.url).toMatch(/^https:\/\/did\.elastos\.net\/didsign\?data=I%20vote%20YES/);
    expect(r.url).not.toContain('+');
    expect(r.callbackUrl).toBe('https://cr.example/api/wallet/callback?t=tok_0123456789abcdef');
    const parsed = parseIntentUrl(r.url);
    expect(parsed).toEqual({
      action: 'didsign',
      module: 'did',
      params: {
        data: `I vote YES on proposal 42.\nDigest: ${digest}`,
        jwtExtra: { requestId: 'req-000001', nonce: 'nonce-00001' },
        callbackurl: r.callbackUrl,
      },
    });
  });

  it('signdigest: 64 lowercase hex, no 0x', () => {
    const r = buildSignDigestRequest({ ...common, digestHex: digest });
    expect(r.url.startsWith(`https://did.elastos.net/signdigest?data=${digest}&jwtExtra=`)).toBe(true);
    expect(parseIntentUrl(r.url).params.data).toBe(digest);
    for (const bad of [`0x${digest}`, digest.toUpperCase(), digest.slice(2), 'zz'.repeat(32)]) {
      expect(() => buildSignDigestRequest({ ...common, digestHex: bad })).toThrow();
    }
  });

  it('refuses statements Essentials would parse as JSON, and bad tokens', () => {
    expect(() => buildDidSignRequest({ ...common, statement: '{"a":1}' })).toThrow();
    expect(() => buildDidSignRequest({ ...common, statement: '  [x]' })).toThrow();
    expect(() => buildDidSignRequest({ ...common, statement: '' })).toThrow();
    expect(() => buildDidSignRequest({ ...common, statement: 'ok', callbackToken: 'short' })).toThrow();
    expect(() => buildDidSignRequest({ ...common, statement: 'ok', nonce: 'a b c d e f g' })).toThrow();
  });
});

describe('esctransaction request', () => {
  it('carries chainId, payload {params:[{from,to,data,value}]} with value in hex wei, and callbackurl', () => {
    const r = buildEscTransactionRequest({
      chainId: 20,
      call: {
        from: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
        to: '0x000000000000000000000000000000000000dEaD',
        data: '0xabcdef01',
        value: 10n ** 18n,
      },
      callbackUrl: common.callbackUrl,
      callbackToken: common.callbackToken,
    });
    expect(r.url.startsWith('https://wallet.web3essentials.io/esctransaction?chainId=20&payload=')).toBe(
      true,
    );
    expect(parseIntentUrl(r.url)).toEqual({
      action: 'esctransaction',
      module: 'wallet',
      params: {
        chainId: '20',
        payload: {
          params: [
            {
              from: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
              to: '0x000000000000000000000000000000000000dEaD',
              data: '0xabcdef01',
              value: '0xde0b6b3a7640000',
            },
          ],
        },
        callbackurl: r.callbackUrl,
      },
    });
    expect(() =>
      buildEscTransactionRequest({
        chainId: 20,
        call: { to: '0x1', data: '0x', value: 0n },
        callbackUrl: common.callbackUrl,
        callbackToken: common.callbackToken,
      }),
    ).toThrow();
  });
});

describe('parseIntentUrl', () => {
  it('reads elastos:// as did.web3essentials.io and refuses foreign URLs', () => {
    expect(parseIntentUrl('elastos://didsign?data=hi').params).toEqual({ data: 'hi' });
    expect(() => parseIntentUrl('https://evil.example/didsign?data=x')).toThrow(
      expect.objectContaining({ type: 'did.intent_invalid' }),
    );
    expect(() => parseIntentUrl('https://did.elastos.net/didsign')).toThrow(
      expect.objectContaining({ type: 'did.intent_invalid' }),
    );
  });
});
