/**
 * Where the QR URLs point. Essentials handles URLs under its internal prefixes as intents
 * (essentials-intents.md §1.1); both hosts are configurable for forks and staging.
 */
export interface IntentHosts {
  /** Identity intents: credaccess, didsign, signdigest. */
  did: string;
  /** Wallet intents: esctransaction. */
  wallet: string;
}

export const DEFAULT_INTENT_HOSTS: IntentHosts = {
  did: 'https://did.elastos.net',
  wallet: 'https://wallet.web3essentials.io',
};

/** Prefixes Essentials treats as its own (config.xml InternalIntentFilters, the ones we may emit or read). */
export const ESSENTIALS_INTENT_PREFIXES = [
  'https://did.elastos.net/',
  'https://did.web3essentials.io/',
  'https://wallet.elastos.net/',
  'https://wallet.web3essentials.io/',
];

/** Query parameter of the callback URL that carries the request's one-time token. */
export const CALLBACK_TOKEN_PARAM = 't';

/** Adds the one-time token to an absolute http(s) callback URL. */
export function withCallbackToken(callbackUrl: string, token: string): string {
  const url = new URL(callbackUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('callback URL must be http(s)');
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token))
    throw new Error('callback token must be 16-128 URL-safe characters');
  url.searchParams.set(CALLBACK_TOKEN_PARAM, token);
  return url.toString();
}

/** Query string encoded with encodeURIComponent (spaces as %20, never `+`, which Android may read as a space). */
export function encodeQuery(params: [string, string][]): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

export function hostRoot(host: string): string {
  const url = new URL(host);
  return `${url.protocol}//${url.host}`;
}
