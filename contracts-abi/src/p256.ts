import { ECDH, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { decodeBase58 } from 'ethers';
import type { Hex32 } from './statements';

/**
 * P-256 helpers for relaying DID signatures to the contracts.
 *
 * Essentials returns raw r‖s (64 bytes): hex from `signdigest`, base64url from `didsign`. Its signer picks a
 * random k and does not normalise s. OpenZeppelin's P256 (contracts/DidSignature.sol) refuses s > n/2 to stop
 * malleability, so the relayer replaces a high s by n − s: (r, n − s) is an equally valid signature of the
 * same digest by the same key, so this changes nothing the member approved.
 */

/** Order of the P-256 group. */
export const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_N = P256_N >> 1n;

/** A signature as the contracts take it: `Sig { bytes32 r; bytes32 s; }` with s ≤ n/2. */
export interface ContractSig {
  r: Hex32;
  s: Hex32;
}

/** A public key as the contracts take it: affine coordinates. */
export interface PublicKeyXY {
  qx: Hex32;
  qy: Hex32;
}

/** Thrown for input that is not a P-256 signature or key. `type` is stable for the api's error mapping. */
export class P256FormatError extends Error {
  readonly type = 'chain.p256_format';
}

const toHex32 = (value: bigint): Hex32 => `0x${value.toString(16).padStart(64, '0')}`;

function rawSignatureBytes(signature: string | Uint8Array): Buffer {
  if (typeof signature !== 'string') return Buffer.from(signature);
  const text = signature.trim();
  const hex = text.startsWith('0x') ? text.slice(2) : text;
  if (/^[0-9a-fA-F]{128}$/.test(hex)) return Buffer.from(hex, 'hex');
  if (/^[A-Za-z0-9_-]{86}={0,2}$/.test(text)) return Buffer.from(text.replace(/=+$/, ''), 'base64url');
  throw new P256FormatError(
    'signature must be 64 raw bytes as 128 hex characters or 86 base64url characters',
  );
}

/**
 * Raw r‖s (hex with or without 0x, base64url, or bytes) → { r, s } with s normalised to the lower half.
 * Rejects r or s equal to 0 or ≥ n.
 */
export function toContractSig(signature: string | Uint8Array): ContractSig {
  const bytes = rawSignatureBytes(signature);
  if (bytes.length !== 64) throw new P256FormatError(`signature must be 64 bytes, got ${bytes.length}`);
  const r = BigInt(`0x${bytes.subarray(0, 32).toString('hex')}`);
  let s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
  if (r === 0n || r >= P256_N || s === 0n || s >= P256_N) throw new P256FormatError('r or s out of range');
  if (s > HALF_N) s = P256_N - s;
  return { r: toHex32(r), s: toHex32(s) };
}

function fromSec1(bytes: Buffer): PublicKeyXY {
  let uncompressed = bytes;
  if (bytes.length === 33 && (bytes[0] === 2 || bytes[0] === 3)) {
    try {
      uncompressed = ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'uncompressed') as Buffer;
    } catch {
      throw new P256FormatError('compressed key is not a point on P-256');
    }
  } else if (bytes.length === 64) {
    uncompressed = Buffer.concat([Buffer.from([4]), bytes]);
  }
  if (uncompressed.length !== 65 || uncompressed[0] !== 4) {
    throw new P256FormatError(
      'key must be SEC1 compressed (33 bytes), uncompressed (65 bytes) or x‖y (64 bytes)',
    );
  }
  const xy = {
    qx: `0x${uncompressed.subarray(1, 33).toString('hex')}` as Hex32,
    qy: `0x${uncompressed.subarray(33).toString('hex')}` as Hex32,
  };
  assertOnCurve(xy);
  return xy;
}

function assertOnCurve(key: PublicKeyXY): void {
  try {
    toKeyObject(key);
  } catch {
    throw new P256FormatError('key is not a point on P-256');
  }
}

/** Node KeyObject of (qx, qy); throws when the point is not on the curve. */
export function toKeyObject(key: PublicKeyXY): KeyObject {
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(key.qx.slice(2), 'hex').toString('base64url'),
      y: Buffer.from(key.qy.slice(2), 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Any common form of a P-256 public key → (qx, qy): SEC1 hex (compressed 02/03…, uncompressed 04…, or bare
 * x‖y; with or without 0x), base58 of the compressed key (the DID document's `publicKeyBase58`, and the
 * `publickey` claim of a didsign reply), PEM (SPKI), a JWK, a KeyObject, or raw bytes.
 */
export function toPublicKeyXY(key: string | Uint8Array | JsonWebKey | KeyObject): PublicKeyXY {
  if (key instanceof Uint8Array) return fromSec1(Buffer.from(key));
  if (typeof key === 'string') {
    const text = key.trim();
    if (text.startsWith('-----BEGIN')) return toPublicKeyXY(createPublicKey(text));
    const hex = text.startsWith('0x') ? text.slice(2) : text;
    if (/^[0-9a-fA-F]+$/.test(hex) && [66, 128, 130].includes(hex.length))
      return fromSec1(Buffer.from(hex, 'hex'));
    if (/^[1-9A-HJ-NP-Za-km-z]{40,50}$/.test(text)) {
      const value = decodeBase58(text).toString(16).padStart(66, '0');
      return fromSec1(Buffer.from(value, 'hex'));
    }
    throw new P256FormatError('unrecognised public key string');
  }
  const jwk =
    'export' in key && typeof key.export === 'function' ? key.export({ format: 'jwk' }) : (key as JsonWebKey);
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new P256FormatError('JWK must be an EC P-256 key with x and y');
  }
  const xy = {
    qx: `0x${Buffer.from(jwk.x, 'base64url').toString('hex').padStart(64, '0')}` as Hex32,
    qy: `0x${Buffer.from(jwk.y, 'base64url').toString('hex').padStart(64, '0')}` as Hex32,
  };
  assertOnCurve(xy);
  return xy;
}

/**
 * Whether `signature` (any form accepted by {@link toContractSig}) is the key's signature of
 * sha256(UTF-8(statement)): the check the contract makes, done off chain before paying gas to relay.
 */
export function verifyStatementSignature(
  statement: string,
  signature: string | Uint8Array,
  key: PublicKeyXY,
): boolean {
  let sig: ContractSig;
  try {
    sig = toContractSig(signature);
  } catch {
    return false;
  }
  const p1363 = Buffer.from(sig.r.slice(2) + sig.s.slice(2), 'hex');
  return verify(
    'sha256',
    Buffer.from(statement, 'utf8'),
    { key: toKeyObject(key), dsaEncoding: 'ieee-p1363' },
    p1363,
  );
}
