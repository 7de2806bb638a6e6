import { STORAGE_KEYS } from './storage-keys';
import { paths } from './paths';

/** Remembers where a visitor wanted to go before being sent to /login (sessionStorage `loginRedirect`). */
export function rememberLoginRedirect(path: string): void {
  sessionStorage.setItem(STORAGE_KEYS.loginRedirect, path);
}

/** The remembered page, if any; only same-site paths are honoured. */
export function peekLoginRedirect(): string | null {
  const target = sessionStorage.getItem(STORAGE_KEYS.loginRedirect);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
}

export function clearLoginRedirect(): void {
  sessionStorage.removeItem(STORAGE_KEYS.loginRedirect);
}

/** Where to go after signing in (the remembered page, else `fallback`); forgets the remembered page. */
export function takeLoginRedirect(fallback = paths.profileInfo()): string {
  const target = peekLoginRedirect() ?? fallback;
  clearLoginRedirect();
  return target;
}
