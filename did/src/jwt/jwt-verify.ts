import type { DIDDocument } from '@elastosfoundation/did-js-sdk';
import { resolveDid } from '../did-backend';
import { DidError } from '../did-error';
import { p256KeyFromBase58, verifyP256Sha256, type P256PublicKey } from '../p256-key';
import { decodeJwt, type DecodedJwt } from './jwt-decode';

/** Clock difference tolerated between the phone and the server, in seconds. */
export const CLOCK_SKEW_SEC = 60;

export interface JwtTimeOptions {
  now?: Date;
  /** Whether `exp` must be present (every Essentials reply and every request of ours carries one). */
  requireExp?: boolean;
}

/**
 * Checks the algorithm is pinned to ES256 and the signature verifies with `key`.
 * Anything but ES256 (`none`, HS256, RS256, ES256K, …) is refused before any key is used.
 */
export function checkEs256Signature(decoded: DecodedJwt, key: P256PublicKey): void {
  if (decoded.header.alg !== 'ES256') {
    throw new DidError('did.jwt_alg_refused', `JWT algorithm ${JSON.stringify(decoded.header.alg)} refused`);
  }
  if (decoded.header.crit !== undefined)
    throw new DidError('did.jwt_malformed', 'JWT critical headers refused');
  if (!verifyP256Sha256(key, Buffer.from(decoded.signingInput, 'ascii'), decoded.signature)) {
    throw new DidError('did.jwt_signature_invalid', 'JWT signature does not verify');
  }
}

/** Checks `exp`, `nbf` and `iat` against `now` with CLOCK_SKEW_SEC of tolerance. */
export function checkJwtTimes(claims: Record<string, unknown>, options: JwtTimeOptions = {}): void {
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const { exp, nbf, iat } = claims;
  if (exp === undefined) {
    if (options.requireExp ?? true) throw new DidError('did.jwt_malformed', 'JWT has no exp');
  } else if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw new DidError('did.jwt_malformed', 'JWT exp is not a number');
  } else if (now > exp + CLOCK_SKEW_SEC) {
    throw new DidError('did.expired', 'JWT has expired');
  }
  if (nbf !== undefined && (typeof nbf !== 'number' || now < nbf - CLOCK_SKEW_SEC)) {
    throw new DidError('did.jwt_malformed', 'JWT is not valid yet');
  }
  if (iat !== undefined && (typeof iat !== 'number' || iat > now + CLOCK_SKEW_SEC)) {
    throw new DidError('did.jwt_malformed', 'JWT is issued in the future');
  }
}

export interface VerifiedDidJwt {
  did: string;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  document: DIDDocument;
  /** The key that signed the JWT (`kid` if given, else the document's default key `#primary`). */
  signingKey: P256PublicKey;
  /** The document's default key, the one Essentials signs digests and statements with. */
  defaultKey: P256PublicKey;
}

/**
 * Verifies a JWT signed by the DID named in its `iss`: algorithm pinned to ES256, the issuer's document
 * resolved through the DID backend, the signature checked with that document's key, then the times.
 */
export async function verifyDidJwt(
  jwt: unknown,
  options: JwtTimeOptions & { expectedSigner?: string } = {},
): Promise<VerifiedDidJwt> {
  const decoded = decodeJwt(jwt);
  if (decoded.header.alg !== 'ES256') {
    throw new DidError('did.jwt_alg_refused', `JWT algorithm ${JSON.stringify(decoded.header.alg)} refused`);
  }
  const iss = decoded.claims.iss;
  if (typeof iss !== 'string') throw new DidError('did.jwt_malformed', 'JWT has no issuer DID');
  if (options.expectedSigner !== undefined && iss !== options.expectedSigner) {
    throw new DidError('did.signer_mismatch', 'the reply is signed by another DID than expected');
  }
  const document = await resolveDid(iss);
  const defaultPk = document.getDefaultPublicKey();
  if (!defaultPk) throw new DidError('did.unresolvable', `DID ${iss} has no default key`);
  const defaultKey = p256KeyFromBase58(defaultPk.getPublicKeyBase58());
  let signingKey = defaultKey;
  const kid = decoded.header.kid;
  if (kid !== undefined) {
    if (typeof kid !== 'string' || !kidBelongsTo(kid, iss) || !document.isAuthenticationKey(kid)) {
      throw new DidError('did.jwt_signature_invalid', 'JWT kid is not an authentication key of its issuer');
    }
    signingKey = p256KeyFromBase58(document.getPublicKey(kid).getPublicKeyBase58());
  }
  checkEs256Signature(decoded, signingKey);
  checkJwtTimes(decoded.claims, options);
  return { did: iss, header: decoded.header, claims: decoded.claims, document, signingKey, defaultKey };
}

function kidBelongsTo(kid: string, did: string): boolean {
  return kid.startsWith('#') || kid.startsWith(`${did}#`);
}
