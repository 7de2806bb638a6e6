import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/p256';
import { encodeBase58, keccak256 } from 'ethers';
import { toContractSig, toPublicKeyXY, type ContractSig, type PublicKeyXY } from '../p256';
import { statementDigest } from '../statements';

/**
 * Test identities: a P-256 key and a DID, signing exactly as the Essentials wallet does:
 * - `didsign`: ECDSA over SHA-256(UTF-8(statement)), random k, s not normalised, base64url raw r‖s;
 * - `signdigest`: ECDSA over the 32 digest bytes as they are (prehashed), hex raw r‖s.
 */
export interface TestIdentity {
  name: string;
  did: string;
  key: PublicKeyXY;
  privateKey: KeyObject;
  /** The `didsign` reply's signature: base64url of raw r‖s (86 characters). */
  didsign(statement: string): string;
  /** The `signdigest` reply's signature: hex raw r‖s (128 characters), over the digest as given. */
  signdigest(digestHex: string): string;
  /** didsign, converted for the contract (low-s). */
  sig(statement: string): ContractSig;
}

export function makeIdentity(name: string): TestIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const key = toPublicKeyXY(publicKey);
  const did = `did:elastos:i${encodeBase58(keccak256(Buffer.from(key.qx.slice(2) + key.qy.slice(2), 'hex'))).slice(0, 33)}`;
  const d = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url');
  const identity: TestIdentity = {
    name,
    did,
    key,
    privateKey,
    didsign: (statement) =>
      sign('sha256', Buffer.from(statement, 'utf8'), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
        'base64url',
      ),
    signdigest: (digestHex) => {
      const digest = Buffer.from(digestHex.replace(/^0x/, ''), 'hex');
      return p256.sign(digest, d, { lowS: false, prehash: false, extraEntropy: true }).toCompactHex();
    },
    sig: (statement) => toContractSig(identity.didsign(statement)),
  };
  return identity;
}

/** A didsign signature whose s is in the upper half (what Essentials returns about half the time). */
export function highSSignature(identity: TestIdentity, statement: string): { raw: string; s: bigint } {
  for (;;) {
    const raw = Buffer.from(identity.didsign(statement), 'base64url');
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    if (s > 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n / 2n)
      return { raw: raw.toString('hex'), s };
  }
}

/** Signs via the `signdigest` path: the digest sent to the wallet is sha256(statement). */
export function signdigestSig(identity: TestIdentity, statement: string): ContractSig {
  return toContractSig(identity.signdigest(statementDigest(statement)));
}
