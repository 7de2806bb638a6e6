import { keccak256Hex } from './keccak256';
import { sha256 } from './sha256';

/**
 * Address rules, the one home for both chains, shared by the api, the worker and the web:
 * - ELA main chain: 34 Base58 characters, Base58Check (25 bytes whose last 4 are the double SHA-256 of the
 *   first 21). A standard single-signature address has version 0x21 and starts with 'E'.
 * - Elastos Smart Chain (EVM): `0x` + 40 hex digits; the EIP-55 mixed case carries a checksum.
 * A Smart Chain address is accepted as EIP-55 allows (all lowercase, all uppercase, or mixed case whose checksum
 * holds) and stored in its EIP-55 form; only mixed case with a wrong checksum is refused, as a wrong checksum.
 * A profile's wallet address accepts any main-chain address or a Smart Chain one; a budget's payment address
 * must be a Smart Chain one (the on-chain treasury pays there), stored and signed in its EIP-55 form.
 */

/** The shape of a Smart Chain address (no checksum check): forms and configuration pre-check with it. */
export const ESC_ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/;
/** The shape of a main-chain address: 34 Base58 characters (no checksum check). */
export const ELA_ADDRESS_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{34}$/;

// ---------- ELA main chain ----------

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

/** Any ELA main-chain address (standard, multi-signature, …): 34 characters, Base58Check with a valid checksum. */
export function isElaAddress(address: string): boolean {
  if (address.length !== 34) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return false;
  const sum = checksum(bytes.subarray(0, 21));
  return sum.every((b, i) => b === bytes[21 + i]);
}

/**
 * A standard ELA wallet address: 34 Base58 characters starting with 'E', decoding to 25 bytes (version 0x21,
 * 20-byte program hash, 4-byte checksum) whose checksum is the double SHA-256 of the first 21. This is the real
 * check (a mistyped character fails it), not the original site's `/^[E8][a-zA-Z0-9]{33}$/`.
 */
export function isStandardElaAddress(address: string): boolean {
  return address[0] === 'E' && isElaAddress(address) && base58Decode(address)![0] === ELA_STANDARD_PREFIX;
}

/** Builds a standard ELA address from a 20-byte program hash (tests and seed data). */
export function elaAddressFromProgramHash(programHash: Uint8Array): string {
  if (programHash.length !== 20) throw new Error('An ELA program hash is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = ELA_STANDARD_PREFIX;
  payload.set(programHash, 1);
  return base58CheckEncode(payload);
}

// ---------- Elastos Smart Chain ----------

/** The EIP-55 form of a 0x address (any case in), or null when it is not 0x + 40 hex digits. */
export function toChecksumEscAddress(address: string): string | null {
  if (!ESC_ADDRESS_SHAPE.test(address)) return null;
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256Hex(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** The EIP-55 form of a Smart Chain address (0x + 40 hex; written in mixed case, its checksum must hold), or null. */
export function normalizeEscAddress(address: string): string | null {
  const checksummed = toChecksumEscAddress(address);
  if (!checksummed) return null;
  const body = address.slice(2);
  const singleCase = body === body.toLowerCase() || body === body.toUpperCase();
  return singleCase || checksummed === address ? checksummed : null;
}

/**
 * What is wrong with a Smart Chain address as written: `shape` when it is not 0x + 40 hex digits, `checksum`
 * when it is written in mixed case and its EIP-55 checksum does not hold (a mistyped letter or a changed
 * capital), null when it is an address. All-lowercase and all-uppercase carry no checksum (EIP-55) and pass.
 */
export function escAddressProblem(address: string): 'shape' | 'checksum' | null {
  if (!ESC_ADDRESS_SHAPE.test(address)) return 'shape';
  return normalizeEscAddress(address) === null ? 'checksum' : null;
}

/** A Smart Chain address: 0x + 40 hex; written in mixed case, its EIP-55 checksum must hold. */
export function isEscAddress(address: string): boolean {
  return normalizeEscAddress(address) !== null;
}

/**
 * A payment address on the Smart Chain as stored and signed: its EIP-55 form (a mistyped character fails),
 * never the zero address. What a member writes in one case is stored in this form (`normalizeEscAddress`).
 */
export function isChecksummedEscAddress(address: string): boolean {
  if (/^0x0{40}$/.test(address)) return false;
  return toChecksumEscAddress(address) === address;
}

// ---------- either chain ----------

/**
 * A profile's wallet address as stored: a main-chain ELA address as written, a Smart Chain address in its EIP-55
 * form; null when it is neither.
 */
export function normalizeWalletAddress(address: string): string | null {
  if (address.startsWith('0x')) return normalizeEscAddress(address);
  return isElaAddress(address) ? address : null;
}

/** A profile's wallet address: a main-chain ELA address or a Smart Chain address. */
export function isWalletAddress(address: string): boolean {
  return normalizeWalletAddress(address) !== null;
}
