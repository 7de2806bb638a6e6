import { randomBytes } from 'node:crypto';
import { getAddress, keccak256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import { isValidEscAddress, keccak256Hex, toChecksumEscAddress } from './esc-address';

describe('Elastos Smart Chain addresses', () => {
  it('hashes with Keccak-256 exactly as ethers does, across block boundaries', () => {
    for (const len of [0, 1, 40, 135, 136, 137, 300]) {
      const bytes = randomBytes(len);
      expect(keccak256Hex(bytes)).toBe(keccak256(bytes).slice(2));
    }
  });

  it('accepts the EIP-55 form and refuses a wrong case, a typo, the zero address and other formats', () => {
    for (let i = 0; i < 20; i++) {
      const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
      expect(toChecksumEscAddress(address.toLowerCase())).toBe(address);
      expect(isValidEscAddress(address)).toBe(true);
    }
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isValidEscAddress(good)).toBe(true);
    expect(isValidEscAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidEscAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee')).toBe(false);
    expect(isValidEscAddress(`0x${'0'.repeat(40)}`)).toBe(false);
    expect(isValidEscAddress('EQ4QhsYRwuBbNBXc8BPW972xA9ANByKt6U')).toBe(false);
    expect(isValidEscAddress('0x123')).toBe(false);
  });
});
