import { STORAGE_KEYS } from './storage-keys';

/** The api-token of this tab, if signed in. */
export function readApiToken(): string | null {
  return sessionStorage.getItem(STORAGE_KEYS.apiToken);
}

/** Keeps a new token for this tab and, with "remember me", for later visits too. */
export function saveApiToken(token: string, remember: boolean): void {
  sessionStorage.setItem(STORAGE_KEYS.apiToken, token);
  if (remember) localStorage.setItem(STORAGE_KEYS.apiToken, token);
  else localStorage.removeItem(STORAGE_KEYS.apiToken);
}

/** At start-up: a remembered token (localStorage) becomes this tab's token, as on the original site. */
export function restoreRememberedToken(): void {
  const remembered = localStorage.getItem(STORAGE_KEYS.apiToken);
  if (remembered && !sessionStorage.getItem(STORAGE_KEYS.apiToken)) {
    sessionStorage.setItem(STORAGE_KEYS.apiToken, remembered);
  }
}

/**
 * Aborts the calls that carry this tab's token when the token is forgotten: a read still on its way when the member
 * logs out would otherwise reach the server after the token was revoked, and answer 401 to a page that has moved on.
 */
let sessionCalls = new AbortController();

/** The signal of the calls made with the current token (aborted when it is forgotten). */
export function sessionCallsSignal(): AbortSignal {
  return sessionCalls.signal;
}

/** Forgets the token everywhere (failed current-user check, logout) and aborts the calls still carrying it. */
export function clearApiTokens(): void {
  sessionStorage.removeItem(STORAGE_KEYS.apiToken);
  localStorage.removeItem(STORAGE_KEYS.apiToken);
  sessionCalls.abort();
  sessionCalls = new AbortController();
}
