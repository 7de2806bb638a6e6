import { JWTHeader } from '@elastosfoundation/did-js-sdk';
import { ensureDidBackend } from './did-backend';
import { p256KeyFromBase58, type P256PublicKey } from './p256-key';
import { ensurePublished, openOrCreateStoredDid } from './sdk-store';

/** The site's own DID (`APP_DID`): it signs the request JWTs the QR codes carry. */
export interface AppIdentity {
  did: string;
  publicKey: P256PublicKey;
  /**
   * Signs `claims` as an ES256 JWT (header `typ: JWT`) with the app DID's `#primary` key.
   * `iss` is set to the app DID, `iat` to now and `exp` to now + `expiresInSec`.
   */
  signJwt(claims: Record<string, unknown>, options: { expiresInSec: number; now?: Date }): Promise<string>;
}

export interface AppIdentityOptions {
  /** Directory of the SDK DIDStore holding the app identity (created if missing). */
  storeDir: string;
  /** Password encrypting the private keys inside the store. */
  storepass: string;
  /** Production: the configured BIP39 mnemonic of APP_DID. Dev: omit, a new identity is made on first start. */
  mnemonic?: string;
  passphrase?: string;
  /** Dev: the EID simulator's URL; the app DID is published there when it does not resolve yet. */
  publishTo?: string;
}

/** Loads the app DID from its store, creating it first when needed (see AppIdentityOptions). */
export async function loadOrCreateAppIdentity(options: AppIdentityOptions): Promise<AppIdentity> {
  const stored = await openOrCreateStoredDid(options);
  if (options.publishTo) {
    ensureDidBackend(options.publishTo);
    await ensurePublished(stored, options.publishTo);
  }
  const { document, storepass } = stored;
  const did = document.getSubject().toString();
  const publicKey = p256KeyFromBase58(document.getDefaultPublicKey().getPublicKeyBase58());
  return {
    did,
    publicKey,
    async signJwt(claims, { expiresInSec, now = new Date() }) {
      const iat = Math.floor(now.getTime() / 1000);
      const reserved = ['iss', 'iat', 'exp', 'nbf'].filter((k) => k in claims);
      if (reserved.length) throw new Error(`claims must not set ${reserved.join(', ')}`);
      return document
        .jwtBuilder()
        .addHeader(JWTHeader.TYPE, JWTHeader.JWT_TYPE)
        .setIssuedAt(iat)
        .setExpiration(iat + expiresInSec)
        .addClaims(claims as never)
        .sign(storepass);
    },
  };
}
