import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256, sha256Hex, toHex } from './sha256';

describe('sha256', () => {
  it('matches the FIPS test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('agrees with node:crypto on every length around the block boundaries and on UTF-8 text', () => {
    for (let len = 0; len < 200; len++) {
      const bytes = randomBytes(len);
      expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    const text = '区块链 wallet — ünïcode ✓';
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
