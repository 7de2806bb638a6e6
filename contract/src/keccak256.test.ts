import { randomBytes } from 'node:crypto';
import { keccak256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import { keccak256Hex } from './keccak256';

describe('Keccak-256', () => {
  it('hashes exactly as ethers does, across block boundaries', () => {
    for (const len of [
      0,
      1,
      3,
      4,
      5,
      40,
      135,
      136,
      137,
      271,
      272,
      273,
      300,
      ...Array.from({ length: 40 }, (_, i) => i * 13),
    ]) {
      const bytes = randomBytes(len);
      expect(keccak256Hex(bytes)).toBe(keccak256(bytes).slice(2));
    }
  });
});
