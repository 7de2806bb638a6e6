import { sha256 } from './sha256';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** The version byte of a standard (single-signature) ELA address: it makes the address start with 'E'. */
export const ELA_STANDARD_PREFIX = 0x21;
/** The well-known ELA burn address: valid, but money sent there is gone, so it is never a receive address. */
export const ELA_BURN_ADDRESS = 'ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rr';

export function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const c of text) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const c of text) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

const checksum = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

/** Base58Check: payload followed by the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Uint8Array): string {
  const full = new Uint8Array(payload.length + 4);
  full.set(payload);
  full.set(checksum(payload), payload.length);
  return base58Encode(full);
}

/**
 * A standard ELA wallet address: 34 Base58 characters starting with 'E', decoding to 25 bytes (version 0x21,
 * 20-byte program hash, 4-byte checksum) whose checksum is the double SHA-256 of the first 21. This is the real
 * check (a mistyped character fails it), not the original site's `/^[E8][a-zA-Z0-9]{33}$/`.
 */
export function isValidElaAddress(address: string): boolean {
  if (address.length !== 34 || address[0] !== 'E') return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== ELA_STANDARD_PREFIX) return false;
  const sum = checksum(bytes.subarray(0, 21));
  return sum.every((b, i) => b === bytes[21 + i]);
}

/** Builds a standard ELA address from a 20-byte program hash (tests and seed data). */
export function elaAddressFromProgramHash(programHash: Uint8Array): string {
  if (programHash.length !== 20) throw new Error('An ELA program hash is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = ELA_STANDARD_PREFIX;
  payload.set(programHash, 1);
  return base58CheckEncode(payload);
}
