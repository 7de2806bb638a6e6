import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Base58 } from '@elastosfoundation/did-js-sdk';

/** Tests only: a fresh P-256 key pair with the public key as a DID document writes it (base58, compressed). */
export function newP256(): { privateKey: KeyObject; base58: string; d: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  const compressed = Buffer.concat([Buffer.from([y[31]! & 1 ? 3 : 2]), x]);
  const d = Buffer.from(
    createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })).export({ format: 'jwk' }).d!,
    'base64url',
  );
  return { privateKey, base58: Base58.encode(compressed), d };
}
