import { describe, expect, it } from 'vitest';
import { base58Decode, isElaAddress, isEvmAddress, isWalletAddress } from './wallet-address';

describe('wallet addresses', () => {
  it('accepts an ELA address with a valid base58check checksum (34 characters)', () => {
    // The ELA burn address: a well-known valid address.
    expect(isElaAddress('ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rr')).toBe(true);
    expect(isWalletAddress('ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rr')).toBe(true);
  });

  it('refuses an ELA address with a wrong checksum, length or character', () => {
    expect(isElaAddress('ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rs')).toBe(false);
    expect(isElaAddress('ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3r')).toBe(false);
    expect(isElaAddress('ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3r0')).toBe(false);
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('accepts an EVM address (42 characters), checking EIP-55 when mixed case', () => {
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea')).toBe(false);
    expect(isWalletAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
  });
});
