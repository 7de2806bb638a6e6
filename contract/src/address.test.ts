import { randomBytes } from 'node:crypto';
import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  base58CheckEncode,
  base58Decode,
  base58Encode,
  ELA_BURN_ADDRESS,
  elaAddressFromProgramHash,
  escAddressProblem,
  isChecksummedEscAddress,
  isElaAddress,
  isEscAddress,
  isStandardElaAddress,
  isWalletAddress,
  normalizeEscAddress,
  normalizeWalletAddress,
  toChecksumEscAddress,
} from './address';

const mistype = (address: string, i = 10) =>
  address.slice(0, i) + (address[i] === 'a' ? 'b' : 'a') + address.slice(i + 1);

describe('ELA main-chain addresses', () => {
  it('accepts the well-known burn address, whose checksum was made by the ELA node software', () => {
    expect(isStandardElaAddress(ELA_BURN_ADDRESS)).toBe(true);
    expect(isElaAddress(ELA_BURN_ADDRESS)).toBe(true);
  });

  it('accepts addresses built from any program hash, and each is 34 characters starting with E', () => {
    for (let i = 0; i < 50; i++) {
      const address = elaAddressFromProgramHash(randomBytes(20));
      expect(address).toMatch(/^E[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(isStandardElaAddress(address)).toBe(true);
    }
  });

  it('refuses a single mistyped character (the checksum catches it)', () => {
    const address = elaAddressFromProgramHash(randomBytes(20));
    expect(isStandardElaAddress(mistype(address))).toBe(false);
    expect(isElaAddress(mistype(address))).toBe(false);
  });

  it('refuses other lengths and alphabets', () => {
    const address = elaAddressFromProgramHash(randomBytes(20));
    for (const check of [isStandardElaAddress, isElaAddress]) {
      expect(check(address.slice(0, 33))).toBe(false);
      expect(check(address.slice(0, 33) + '0')).toBe(false); // 0 is not Base58
      expect(check('0x' + 'ab'.repeat(16))).toBe(false);
      expect(check('')).toBe(false);
    }
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('accepts a valid non-standard address as a main-chain address, but not as a standard one', () => {
    // Version 0x12 (multi-signature): a valid Base58Check address that starts with '8'.
    const multi = base58CheckEncode(Uint8Array.from([0x12, ...randomBytes(20)]));
    expect(multi.startsWith('8')).toBe(true);
    expect(isElaAddress(multi)).toBe(true);
    expect(isStandardElaAddress(multi)).toBe(false);
    expect(isStandardElaAddress('8' + elaAddressFromProgramHash(randomBytes(20)).slice(1))).toBe(false);
  });

  it('round-trips Base58 with leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
  });
});

describe('Elastos Smart Chain addresses', () => {
  const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('gives the EIP-55 form ethers gives', () => {
    for (let i = 0; i < 20; i++) {
      const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
      expect(toChecksumEscAddress(address.toLowerCase())).toBe(address);
      expect(isChecksummedEscAddress(address)).toBe(true);
      expect(normalizeEscAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('as a payment address: only the EIP-55 form, never the zero address', () => {
    expect(isChecksummedEscAddress(good)).toBe(true);
    expect(isChecksummedEscAddress(good.toLowerCase())).toBe(false);
    expect(isChecksummedEscAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isChecksummedEscAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee')).toBe(false);
    expect(isChecksummedEscAddress(`0x${'0'.repeat(40)}`)).toBe(false);
    expect(isChecksummedEscAddress('EQ4QhsYRwuBbNBXc8BPW972xA9ANByKt6U')).toBe(false);
    expect(isChecksummedEscAddress('0x123')).toBe(false);
  });

  it('as any Smart Chain address: one case without a checksum, mixed case only with a valid one', () => {
    expect(isEscAddress(good)).toBe(true);
    expect(isEscAddress(good.toLowerCase())).toBe(true);
    expect(isEscAddress('0x' + good.slice(2).toUpperCase())).toBe(true);
    expect(isEscAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEscAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toBe(false);
    expect(normalizeEscAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
  });
});

describe('EIP-55: the checksum is optional in one case, required in mixed case', () => {
  it('all lowercase or all uppercase is an address, normalized to the EIP-55 form ethers gives', () => {
    for (let i = 0; i < 20; i++) {
      const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
      for (const written of [address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`]) {
        expect(escAddressProblem(written)).toBeNull();
        expect(normalizeEscAddress(written)).toBe(getAddress(written));
        expect(normalizeWalletAddress(written)).toBe(address);
      }
    }
  });

  it('mixed case with a wrong checksum is a checksum problem; a wrong shape is a shape problem', () => {
    expect(escAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
    expect(escAddressProblem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe('checksum');
    expect(escAddressProblem('0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toBe('shape');
    expect(escAddressProblem('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beazz')).toBe('shape');
    expect(escAddressProblem(ELA_BURN_ADDRESS)).toBe('shape');
  });
});

describe('profile wallet addresses', () => {
  it('are stored as written on the main chain, in the EIP-55 form on the Smart Chain', () => {
    expect(normalizeWalletAddress(ELA_BURN_ADDRESS)).toBe(ELA_BURN_ADDRESS);
    expect(normalizeWalletAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(normalizeWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
  });

  it('accept either chain, each by its own rule', () => {
    expect(isWalletAddress(ELA_BURN_ADDRESS)).toBe(true);
    expect(isWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isWalletAddress('ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rs')).toBe(false);
    expect(isWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
  });
});
