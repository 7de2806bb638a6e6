import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/auth-store';
import { dropPageData, sentPageData } from '../lib/page-data';
import { useSiteSettingsStore } from '../lib/site-settings-store';
import { makeCurrentUser } from '../testing/test-user';
import { boot } from './boot';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const settingsOk = () => json(200, { code: 1, data: { suggestionsSuspended: true, devMode: true } });

function serve(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => handler(url, init)),
  );
}

beforeEach(() => {
  useAuthStore.setState({ user: null });
  useSiteSettingsStore.setState({ settings: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('boot', () => {
  it('without a token: reads the settings and starts logged out, without asking for the current user', async () => {
    const seen: string[] = [];
    serve((url) => {
      seen.push(url);
      return settingsOk();
    });
    await expect(boot()).resolves.toBe('ready');
    expect(seen).toEqual(['/api/site/settings']);
    expect(useSiteSettingsStore.getState().settings?.suggestionsSuspended).toBe(true);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('with a remembered token: copies it to this tab and signs the member in', async () => {
    localStorage.setItem('api-token', 'remembered');
    serve((url, init) => {
      if (url === '/api/site/settings') return settingsOk();
      expect(new Headers(init.headers).get('api-token')).toBe('remembered');
      return json(200, { code: 1, data: makeCurrentUser({ role: 'COUNCIL' }) });
    });
    await expect(boot()).resolves.toBe('ready');
    expect(sessionStorage.getItem('api-token')).toBe('remembered');
    expect(useAuthStore.getState().user?.role).toBe('COUNCIL');
  });

  it('a refused token is cleared from session and local storage and the app continues logged out', async () => {
    sessionStorage.setItem('api-token', 'stale');
    localStorage.setItem('api-token', 'stale');
    serve((url) =>
      url === '/api/site/settings'
        ? settingsOk()
        : json(401, { code: -1, error: { type: 'auth.required', message: 'Please log in.' } }),
    );
    await expect(boot()).resolves.toBe('ready');
    expect(sessionStorage.getItem('api-token')).toBeNull();
    expect(localStorage.getItem('api-token')).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('an unreachable api means maintenance, and the token is kept for when it is back', async () => {
    sessionStorage.setItem('api-token', 'good');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(boot()).resolves.toBe('maintenance');
    expect(sessionStorage.getItem('api-token')).toBe('good');
  });

  it('a gateway error from a proxy in front of the api also means maintenance', async () => {
    serve(() => new Response('<html>502</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(boot()).resolves.toBe('maintenance');
  });

  it('takes the settings a page sent with its first screen, once, instead of asking for them', async () => {
    const seen: string[] = [];
    serve((url) => {
      seen.push(url);
      return settingsOk();
    });
    const sent = document.createElement('script');
    sent.type = 'application/json';
    sent.id = 'cr-boot';
    sent.textContent = JSON.stringify({
      settings: { suggestionsSuspended: false, devMode: false },
      data: { 'proposal:12': { number: 12, title: 'Solar wallet' } },
    });
    document.body.append(sent);
    await expect(boot()).resolves.toBe('ready');
    expect(seen).toEqual([]);
    expect(useSiteSettingsStore.getState().settings?.suggestionsSuspended).toBe(false);
    expect(document.getElementById('cr-boot')).toBeNull();
    // The data the page was rendered with waits for the page's first render, which drops it once shown.
    expect(sentPageData('proposal:12')).toEqual({ number: 12, title: 'Solar wallet' });
    expect(sentPageData('proposal:13')).toBeUndefined();
    dropPageData('proposal:12');
    expect(sentPageData('proposal:12')).toBeUndefined();
    // A second start-up (the maintenance page's retry) asks the api.
    await expect(boot()).resolves.toBe('ready');
    expect(seen).toEqual(['/api/site/settings']);
  });
});
