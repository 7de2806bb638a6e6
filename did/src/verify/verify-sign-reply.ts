import { DidError } from '../did-error';
import { base64urlDecode, isHex64, safeEqual } from '../encoding';
import { verifyDidJwt } from '../jwt/jwt-verify';
import { verifyP256Prehashed, verifyP256Sha256, type P256PublicKey } from '../p256-key';
import { verifyRequestEcho, type AppKeyRef } from './request-echo';

export type SignExpectation =
  { kind: 'didsign'; statement: string } | { kind: 'signdigest'; digestHex: string };

export interface SignReplyExpectation {
  /** The DID that must have signed, when the request was for a known member. */
  expectedSigner?: string;
  expected: SignExpectation;
  /** jwtExtra fields we put in the request. */
  requestId: string;
  nonce: string;
  /** Needed only to check a `req` echo (didsign requests sent as a JWT). */
  app?: AppKeyRef;
  now?: Date;
}

export interface VerifiedSignature {
  did: string;
  kind: SignExpectation['kind'];
  /** Raw P-256 signature r‖s, 128 lowercase hex characters. */
  signatureHex: string;
  /** The DID's default key (#primary), which made the signature. */
  publicKey: P256PublicKey;
}

/**
 * Verifies the `{ jwt }` Essentials POSTs for `didsign` / `signdigest`: the JWT (ES256 by the DID in
 * `iss`, resolved; `exp`), the signer, our jwtExtra `requestId` and `nonce`, the `publickey` claim
 * (didsign) against the document, and the P-256 signature: over SHA-256(UTF-8 statement) for didsign
 * (base64url r‖s), over the 32 digest bytes as given for signdigest (hex r‖s).
 */
export async function verifySignReply(
  jwt: unknown,
  expect: SignReplyExpectation,
): Promise<VerifiedSignature> {
  const verified = await verifyDidJwt(jwt, { now: expect.now, expectedSigner: expect.expectedSigner });
  const { claims, did, defaultKey } = verified;

  if (typeof claims.requestId !== 'string' || !safeEqual(claims.requestId, expect.requestId)) {
    throw new DidError('did.extra_mismatch', 'reply is for another request');
  }
  if (typeof claims.nonce !== 'string' || !safeEqual(claims.nonce, expect.nonce)) {
    throw new DidError('did.nonce_mismatch', 'reply nonce is not the request nonce');
  }
  if (claims.publickey !== undefined && claims.publickey !== defaultKey.base58) {
    throw new DidError('did.signer_mismatch', 'publickey claim is not the DID document key');
  }

  const { expected } = expect;
  let signature: Buffer | null;
  let ok: boolean;
  if (expected.kind === 'didsign') {
    if (claims.publickey === undefined)
      throw new DidError('did.jwt_malformed', 'didsign reply has no publickey');
    signature = typeof claims.signature === 'string' ? base64urlDecode(claims.signature) : null;
    if (!signature || signature.length !== 64)
      throw new DidError('did.signature_invalid', 'signature is not base64url r‖s');
    ok = verifyP256Sha256(defaultKey, Buffer.from(expected.statement, 'utf8'), signature);
  } else {
    if (!isHex64(expected.digestHex)) throw new Error('expected digest must be 64 lowercase hex characters');
    signature =
      typeof claims.signature === 'string' && /^[0-9a-f]{128}$/.test(claims.signature)
        ? Buffer.from(claims.signature, 'hex')
        : null;
    if (!signature) throw new DidError('did.signature_invalid', 'signature is not 128 hex characters');
    ok = verifyP256Prehashed(defaultKey, Buffer.from(expected.digestHex, 'hex'), signature);
  }
  if (!ok) throw new DidError('did.signature_invalid', 'signature does not verify over the expected data');

  if (claims.req !== undefined && expect.app) {
    await verifyRequestEcho(claims.req, { action: expected.kind, app: expect.app, now: expect.now });
  }
  return { did, kind: expected.kind, signatureHex: signature.toString('hex'), publicKey: defaultKey };
}
