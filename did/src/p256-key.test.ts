import { sign } from 'node:crypto';
import { Base58, EcdsaSigner } from '@elastosfoundation/did-js-sdk';
import { newP256 } from './p256-test-key';
import { describe, expect, it } from 'vitest';
import { p256KeyFromBase58, sha256, verifyP256Prehashed, verifyP256Sha256 } from './p256-key';

const N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

describe('P-256 keys and signatures', () => {
  const k = newP256();
  const key = p256KeyFromBase58(k.base58);
  const msg = Buffer.from('I approve proposal 9');

  it('reads a base58 compressed DID key into x/y coordinates', () => {
    expect(key.compressedHex).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(key.x).toBe(key.compressedHex.slice(2));
    expect(key.y).toMatch(/^[0-9a-f]{64}$/);
    expect(() => p256KeyFromBase58(Base58.encode(Buffer.alloc(33, 9)))).toThrow();
    expect(() => p256KeyFromBase58('0OIl')).toThrow();
  });

  it('verifies ES256 / didsign signatures (SHA-256 of the message, raw r‖s), high S included', () => {
    const sig = sign('sha256', msg, { key: k.privateKey, dsaEncoding: 'ieee-p1363' });
    expect(verifyP256Sha256(key, msg, sig)).toBe(true);
    expect(verifyP256Sha256(key, Buffer.from('I approve proposal 8'), sig)).toBe(false);
    // Essentials does not normalise S: (r, n - s) is the same signature and must verify.
    const s = BigInt('0x' + sig.subarray(32).toString('hex'));
    const highS = Buffer.concat([
      sig.subarray(0, 32),
      Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex'),
    ]);
    expect(verifyP256Sha256(key, msg, highS)).toBe(true);
    expect(verifyP256Sha256(key, msg, Buffer.concat([Buffer.alloc(32), sig.subarray(32)]))).toBe(false);
    expect(verifyP256Sha256(key, msg, sig.subarray(0, 63))).toBe(false);
  });

  it('verifies signdigest signatures over the 32 bytes as given, not hashed again', () => {
    const digest = sha256('vote yes');
    const sig = EcdsaSigner.sign(k.d, digest);
    expect(sig).toHaveLength(64);
    expect(verifyP256Prehashed(key, digest, sig)).toBe(true);
    expect(verifyP256Prehashed(key, sha256(digest), sig)).toBe(false);
    expect(verifyP256Sha256(key, digest, sig)).toBe(false);
    expect(verifyP256Prehashed(key, digest.subarray(1), sig)).toBe(false);
    const r = BigInt('0x' + sig.subarray(0, 32).toString('hex'));
    const outOfRange = Buffer.concat([
      Buffer.from((r + N).toString(16).padStart(64, '0').slice(-64), 'hex'),
      sig.subarray(32),
    ]);
    expect(verifyP256Prehashed(key, digest, outOfRange)).toBe(false);
  });
});
