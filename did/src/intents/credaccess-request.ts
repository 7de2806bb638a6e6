import type { AppIdentity } from '../app-identity';
import { DEFAULT_INTENT_HOSTS, hostRoot, withCallbackToken, type IntentHosts } from './intent-hosts';

/** A claim Essentials may share: `true` = required, or `{ required, reason }` (credaccess page, E §Q1). */
export type ClaimRequest = boolean | { required: boolean; reason?: string };

export interface CredAccessRequestInput {
  /** Callback the phone POSTs `{ jwt }` to. */
  callbackUrl: string;
  /** Optional one-time token added to the callback URL's query string. */
  callbackToken?: string;
  /** Single-use nonce; Essentials puts it in the presentation's proof. */
  nonce: string;
  /** Realm (our domain); Essentials puts it in the presentation's proof. */
  realm: string;
  website: { domain: string; logo: string };
  /** Credentials asked for by fragment name, e.g. `{ name: false, email: false }` (both optional). */
  claims?: Record<string, ClaimRequest>;
  expiresInSec: number;
  hosts?: IntentHosts;
  now?: Date;
}

export interface BuiltRequest {
  /** The QR text. */
  url: string;
  /** The request JWT (credaccess only). */
  jwt?: string;
  callbackUrl: string;
}

/**
 * `https://did.elastos.net/credaccess/<jwt>`: the request JWT is ES256-signed by APP_DID with
 * `iss`, `iat`, `exp`, `callbackurl`, `nonce`, `realm`, `website`, `claims`. No `appdid` and no
 * `redirecturl` (essentials-intents.md Q3: `appdid` would make Essentials demand a mainnet #appinfo).
 */
export async function buildCredAccessRequest(
  app: AppIdentity,
  input: CredAccessRequestInput,
): Promise<BuiltRequest> {
  assertToken(input.nonce, 'nonce');
  if (!input.realm) throw new Error('realm is required');
  const callbackUrl = input.callbackToken
    ? withCallbackToken(input.callbackUrl, input.callbackToken)
    : new URL(input.callbackUrl).toString();
  const jwt = await app.signJwt(
    {
      callbackurl: callbackUrl,
      nonce: input.nonce,
      realm: input.realm,
      website: { domain: input.website.domain, logo: input.website.logo },
      claims: input.claims ?? {},
    },
    { expiresInSec: input.expiresInSec, now: input.now },
  );
  const hosts = input.hosts ?? DEFAULT_INTENT_HOSTS;
  return { url: `${hostRoot(hosts.did)}/credaccess/${jwt}`, jwt, callbackUrl };
}

export function assertToken(value: string, what: string): void {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(value)) {
    throw new Error(`${what} must be 8-128 URL-safe characters`);
  }
}
