import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58Decode,
  base58Encode,
  ELA_BURN_ADDRESS,
  elaAddressFromProgramHash,
  isValidElaAddress,
} from './ela-address';

describe('ELA address', () => {
  it('accepts the well-known burn address, whose checksum was made by the ELA node software', () => {
    expect(isValidElaAddress(ELA_BURN_ADDRESS)).toBe(true);
  });

  it('accepts addresses built from any program hash, and each is 34 characters starting with E', () => {
    for (let i = 0; i < 50; i++) {
      const address = elaAddressFromProgramHash(randomBytes(20));
      expect(address).toMatch(/^E[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(isValidElaAddress(address)).toBe(true);
    }
  });

  it('refuses a single mistyped character (the checksum catches it)', () => {
    const address = elaAddressFromProgramHash(randomBytes(20));
    const i = 10;
    const swapped = address[i] === 'a' ? 'b' : 'a';
    expect(isValidElaAddress(address.slice(0, i) + swapped + address.slice(i + 1))).toBe(false);
  });

  it('refuses other prefixes, lengths and alphabets', () => {
    const address = elaAddressFromProgramHash(randomBytes(20));
    expect(isValidElaAddress('8' + address.slice(1))).toBe(false);
    expect(isValidElaAddress(address.slice(0, 33))).toBe(false);
    expect(isValidElaAddress(address.slice(0, 33) + '0')).toBe(false); // 0 is not Base58
    expect(isValidElaAddress('0x' + 'ab'.repeat(16))).toBe(false);
    expect(isValidElaAddress('')).toBe(false);
  });

  it('round-trips Base58 with leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
  });
});
