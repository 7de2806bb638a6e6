import { VerifiablePresentation } from '@elastosfoundation/did-js-sdk';
import { isResolverUnavailable } from '../did-backend';
import { DidError } from '../did-error';
import { isPlainObject, safeEqual } from '../encoding';
import { verifyDidJwt } from '../jwt/jwt-verify';
import type { P256PublicKey } from '../p256-key';
import { verifyRequestEcho, type AppKeyRef } from './request-echo';

export interface CredAccessExpectation {
  /** The nonce stored with the request (the api checks it is unused and unexpired). */
  expectedNonce: string;
  realm: string;
  /** APP_DID: the reply's `aud` must name it. */
  appDid: string;
  /** APP_DID's key, to verify the `req` echo without resolving; resolved when absent. */
  appPublicKey?: P256PublicKey;
  /** When the request was for a known DID (e.g. rebinding), the only DID allowed to answer. */
  expectedSigner?: string;
  now?: Date;
}

export interface VerifiedCredAccess {
  /** The member's DID, proven by the reply's signature. */
  did: string;
  /** The DID's default key (#primary). */
  publicKey: P256PublicKey;
  /** Self-proclaimed values the member chose to share (never verified by anyone: treat as hints). */
  name?: string;
  email?: string;
  /** Every shared credential, by fragment (`name`, `email`, …) → value. */
  credentials: Record<string, unknown>;
  /** Our own request's claims, present when Essentials echoed `req` (verified with our key). */
  request?: Record<string, unknown>;
}

/**
 * Verifies the `{ jwt }` Essentials POSTs for a `credaccess` (login / bind DID) request:
 * ES256 signature by the DID in `iss` (resolved, algorithm pinned), `exp`, `type`, `did` = `iss`,
 * `aud` = APP_DID, a valid presentation whose holder is `iss` and whose proof carries our nonce and realm,
 * and the `req` echo (our signature) when present.
 */
export async function verifyCredAccessReply(
  jwt: unknown,
  expect: CredAccessExpectation,
): Promise<VerifiedCredAccess> {
  const verified = await verifyDidJwt(jwt, { now: expect.now, expectedSigner: expect.expectedSigner });
  const { claims, did } = verified;
  if (claims.type !== 'credaccess')
    throw new DidError('did.jwt_malformed', 'reply is not a credaccess reply');
  if (claims.did !== did)
    throw new DidError('did.signer_mismatch', 'reply names another DID than its signer');
  if (typeof claims.aud !== 'string' || claims.aud !== expect.appDid) {
    throw new DidError('did.audience_mismatch', 'reply is addressed to another site');
  }

  if (!isPlainObject(claims.presentation))
    throw new DidError('did.presentation_invalid', 'reply has no presentation');
  let vp: VerifiablePresentation;
  try {
    vp = VerifiablePresentation.parse(JSON.stringify(claims.presentation));
  } catch (cause) {
    throw new DidError('did.presentation_invalid', 'presentation does not parse', { cause });
  }
  if (vp.getHolder()?.toString() !== did) {
    throw new DidError('did.presentation_invalid', 'presentation holder is not the signer');
  }
  const proof = vp.getProof();
  if (!proof || typeof proof.getNonce() !== 'string' || !safeEqual(proof.getNonce(), expect.expectedNonce)) {
    throw new DidError('did.nonce_mismatch', 'presentation nonce is not the request nonce');
  }
  if (typeof proof.getRealm() !== 'string' || proof.getRealm() !== expect.realm) {
    throw new DidError('did.realm_mismatch', 'presentation realm is not ours');
  }
  let valid: boolean;
  try {
    valid = await vp.isValid();
  } catch (cause) {
    if (isResolverUnavailable(cause)) {
      throw new DidError(
        'did.resolver_unavailable',
        'DID resolver unavailable while checking the presentation',
        { cause },
      );
    }
    throw new DidError('did.presentation_invalid', 'presentation could not be validated', { cause });
  }
  if (!valid) throw new DidError('did.presentation_invalid', 'presentation is not valid');

  const credentials: Record<string, unknown> = {};
  for (const vc of vp.getCredentials()) {
    if (vc.getSubject().getId().toString() !== did) {
      throw new DidError('did.presentation_invalid', 'a shared credential is about another DID');
    }
    const fragment = vc.getId().getFragment();
    if (fragment) credentials[fragment] = vc.getSubject().getProperty(fragment);
  }

  let request: Record<string, unknown> | undefined;
  if (claims.req !== undefined) {
    const app: AppKeyRef = { did: expect.appDid, publicKey: expect.appPublicKey };
    request = await verifyRequestEcho(claims.req, { action: 'credaccess', app, now: expect.now });
    if (typeof request.nonce !== 'string' || !safeEqual(request.nonce, expect.expectedNonce)) {
      throw new DidError('did.request_echo_invalid', 'req echo is for another request');
    }
  }

  return {
    did,
    publicKey: verified.defaultKey,
    name: typeof credentials.name === 'string' ? credentials.name : undefined,
    email: typeof credentials.email === 'string' ? credentials.email : undefined,
    credentials,
    request,
  };
}
