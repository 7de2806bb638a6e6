import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, parsePasswordHash, SCRYPT_PARAMS, verifyPassword } from './password-hash';

describe('password hashing (scrypt)', () => {
  it('stores the algorithm, its parameters, a salt and the hash: scrypt$N$r$p$salt$hash', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    const parsed = parsePasswordHash(stored)!;
    expect(parsed).toMatchObject({ N: SCRYPT_PARAMS.N, r: SCRYPT_PARAMS.r, p: SCRYPT_PARAMS.p });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.hash).toHaveLength(32);
  });

  it('salts every hash: the same password never gives the same text', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses any other', async () => {
    const stored = await hashPassword('pässwörd 123');
    expect(await verifyPassword('pässwörd 123', stored)).toBe(true);
    expect(await verifyPassword('pässwörd 124', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-password');
    expect(await verifyPassword('cafe\u0301-password', stored)).toBe(true);
  });

  it('verifies hashes made with older parameters and asks for an upgrade', async () => {
    const weak = await hashPassword('old password', { N: 2 ** 12, r: 8, p: 1, keyLen: 32, saltLen: 16 });
    expect(weak.startsWith('scrypt$4096$8$1$')).toBe(true);
    expect(await verifyPassword('old password', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('new password'))).toBe(false);
  });

  it('refuses malformed or absurd stored hashes instead of computing them', async () => {
    expect(parsePasswordHash('sha1$abc')).toBeNull();
    expect(parsePasswordHash('scrypt$3$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==')).toBeNull();
    expect(parsePasswordHash(`scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==`)).toBeNull();
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });
});
