import { createHmac, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newP256 } from '../p256-test-key';
import { p256KeyFromBase58 } from '../p256-key';
import { decodeJwt } from './jwt-decode';
import { checkEs256Signature, checkJwtTimes } from './jwt-verify';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const k = newP256();
const key = p256KeyFromBase58(k.base58);

function es256(header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: k.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('decodeJwt', () => {
  it('refuses anything but three base64url parts of JSON objects', () => {
    for (const bad of [
      '',
      'a.b',
      'a.b.c.d',
      `${b64([1])}.${b64({})}.`,
      `${b64({})}.e30=.`,
      `x!.${b64({})}.`,
      42,
    ]) {
      expect(() => decodeJwt(bad)).toThrow(expect.objectContaining({ type: 'did.jwt_malformed' }));
    }
    expect(decodeJwt(`${b64({ alg: 'none' })}.${b64({ a: 1 })}.`).claims).toEqual({ a: 1 });
  });
});

describe('checkEs256Signature', () => {
  it('accepts ES256 signed by the key', () => {
    expect(() =>
      checkEs256Signature(decodeJwt(es256({ alg: 'ES256', typ: 'JWT' }, { iss: 'x' })), key),
    ).not.toThrow();
  });

  it('pins the algorithm: none, HS256, RS256, ES256K and a missing alg are refused', () => {
    const claims = b64({ iss: 'x' });
    for (const alg of ['none', 'HS256', 'RS256', 'ES256K', 'es256', undefined]) {
      const input = `${b64({ alg })}.${claims}`;
      const jwt = `${input}.${createHmac('sha256', k.base58).update(input).digest('base64url')}`;
      expect(() => checkEs256Signature(decodeJwt(jwt), key)).toThrow(
        expect.objectContaining({ type: 'did.jwt_alg_refused' }),
      );
    }
  });

  it('refuses a signature by another key or over other claims', () => {
    const other = p256KeyFromBase58(newP256().base58);
    const jwt = es256({ alg: 'ES256' }, { iss: 'x' });
    expect(() => checkEs256Signature(decodeJwt(jwt), other)).toThrow(
      expect.objectContaining({ type: 'did.jwt_signature_invalid' }),
    );
    const [h, , s] = jwt.split('.');
    const swapped = `${h}.${b64({ iss: 'y' })}.${s}`;
    expect(() => checkEs256Signature(decodeJwt(swapped), key)).toThrow(
      expect.objectContaining({ type: 'did.jwt_signature_invalid' }),
    );
  });
});

describe('checkJwtTimes', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const t = now.getTime() / 1000;
  it('accepts a live token and tolerates 60 s of clock skew', () => {
    expect(() => checkJwtTimes({ iat: t - 10, exp: t + 10 }, { now })).not.toThrow();
    expect(() => checkJwtTimes({ iat: t + 30, exp: t - 30 }, { now })).not.toThrow();
  });
  it('refuses expired, future and exp-less tokens', () => {
    expect(() => checkJwtTimes({ exp: t - 61 }, { now })).toThrow(
      expect.objectContaining({ type: 'did.expired' }),
    );
    expect(() => checkJwtTimes({ exp: t + 100, iat: t + 120 }, { now })).toThrow(
      expect.objectContaining({ type: 'did.jwt_malformed' }),
    );
    expect(() => checkJwtTimes({ exp: t + 100, nbf: t + 120 }, { now })).toThrow(
      expect.objectContaining({ type: 'did.jwt_malformed' }),
    );
    expect(() => checkJwtTimes({}, { now })).toThrow(expect.objectContaining({ type: 'did.jwt_malformed' }));
    expect(() => checkJwtTimes({ exp: '9999999999' }, { now })).toThrow(
      expect.objectContaining({ type: 'did.jwt_malformed' }),
    );
  });
});
