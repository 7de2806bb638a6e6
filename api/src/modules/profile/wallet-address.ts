import { createHash } from 'node:crypto';
import { getAddress } from 'ethers';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text to bytes (leading '1's are leading zero bytes); null on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const ch of text) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

/**
 * An ELA main-chain address: 34 base58 characters encoding 21 bytes (prefix + RIPEMD-160 of the program hash)
 * and a 4-byte checksum, the first bytes of SHA-256(SHA-256(the 21 bytes)).
 */
export function isElaAddress(address: string): boolean {
  if (address.length !== 34) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).equals(Buffer.from(bytes.subarray(21)));
}

/** An EVM address: 0x + 40 hex; when written in mixed case, its EIP-55 checksum must hold. */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}

/** Accepts an ELA address (34 characters) or an EVM address (42 characters). */
export function isWalletAddress(address: string): boolean {
  return address.startsWith('0x') ? isEvmAddress(address) : isElaAddress(address);
}
