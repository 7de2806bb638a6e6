import { createHash, createPublicKey, ECDH, verify as cryptoVerify, type KeyObject } from 'node:crypto';
import { Base58, EcdsaSigner } from '@elastosfoundation/did-js-sdk';
import { DidError } from './did-error';

/** Order of the P-256 group: r and s of a valid signature lie in [1, n-1]. */
const P256_N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** A DID's P-256 public key in the encodings the site needs (JWT checks, storage, contracts). */
export interface P256PublicKey {
  base58: string;
  /** 33-byte compressed point, hex. */
  compressedHex: string;
  /** Affine coordinates, 32-byte big-endian hex each (what on-chain P-256 verifiers take). */
  x: string;
  y: string;
  keyObject: KeyObject;
}

/** Parses a DID document key (`publicKeyBase58`, compressed P-256). */
export function p256KeyFromBase58(base58: string): P256PublicKey {
  let compressed: Buffer;
  try {
    compressed = Base58.decode(base58);
  } catch (cause) {
    throw new DidError('did.unresolvable', 'DID key is not base58', { cause });
  }
  if (compressed.length !== 33 || (compressed[0] !== 2 && compressed[0] !== 3)) {
    throw new DidError('did.unresolvable', 'DID key is not a compressed P-256 key');
  }
  let uncompressed: Buffer;
  try {
    uncompressed = ECDH.convertKey(compressed, 'prime256v1', undefined, undefined, 'uncompressed') as Buffer;
  } catch (cause) {
    throw new DidError('did.unresolvable', 'DID key is not a point on P-256', { cause });
  }
  const x = uncompressed.subarray(1, 33);
  const y = uncompressed.subarray(33, 65);
  const keyObject = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: x.toString('base64url'), y: y.toString('base64url') },
    format: 'jwk',
  });
  return {
    base58,
    compressedHex: compressed.toString('hex'),
    x: x.toString('hex'),
    y: y.toString('hex'),
    keyObject,
  };
}

/** True when a raw r‖s signature has both halves in [1, n-1] (what a verifier must insist on). */
function rsInRange(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const r = BigInt('0x' + Buffer.from(signature.subarray(0, 32)).toString('hex'));
  const s = BigInt('0x' + Buffer.from(signature.subarray(32)).toString('hex'));
  return r > 0n && r < P256_N && s > 0n && s < P256_N;
}

/** ECDSA P-256 over SHA-256(message), raw r‖s (JOSE ES256, Essentials `didsign`). */
export function verifyP256Sha256(key: P256PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  if (!rsInRange(signature)) return false;
  return cryptoVerify('sha256', message, { key: key.keyObject, dsaEncoding: 'ieee-p1363' }, signature);
}

/**
 * ECDSA P-256 over a 32-byte digest taken as already hashed (Essentials `signdigest`), raw r‖s.
 * Node has no pre-hashed verify, so this uses the DID SDK's signer (elliptic) after our own range checks.
 */
export function verifyP256Prehashed(key: P256PublicKey, digest: Uint8Array, signature: Uint8Array): boolean {
  if (digest.length !== 32 || !rsInRange(signature)) return false;
  try {
    return EcdsaSigner.verify(
      Buffer.from(key.compressedHex, 'hex'),
      Buffer.from(signature),
      Buffer.from(digest),
    );
  } catch {
    return false;
  }
}

export function sha256(data: Uint8Array | string): Buffer {
  return createHash('sha256').update(data).digest();
}
