import type { SiteSettings } from '@cr/contract/site.contract';
import { currentLanguage } from '../lib/i18n';
import { isServerDown } from '../lib/api-errors';
import { useAuthStore } from '../lib/auth-store';
import { clearApiTokens, readApiToken, restoreRememberedToken } from '../lib/session-token';
import { setPageData } from '../lib/page-data';
import { useSiteSettingsStore } from '../lib/site-settings-store';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { getSiteSettings } from '../features/site/api/get-site-settings';
import { loadAntdLocale } from './antd-locale';

export type BootOutcome = 'ready' | 'maintenance';

/**
 * The site settings the server put in a page it sent with its first screen (api's prerender-pages.ts), taken
 * once: the page came from the api, so it is up, and its settings are those of that moment. The data the page
 * was rendered with, if any, is kept for its first render (page-data.ts).
 */
function settingsSentWithPage(): SiteSettings | null {
  const el = document.getElementById('cr-boot');
  if (!el) return null;
  el.remove();
  try {
    const sent = JSON.parse(el.textContent ?? '') as {
      settings?: SiteSettings;
      data?: Record<string, unknown>;
    };
    setPageData(sent.data);
    return sent.settings ?? null;
  } catch {
    return null;
  }
}

/**
 * Start-up (spec §4, §8): reads the public site settings (which also proves the api is up; a page sent with its
 * first screen carries them) and, with a saved api-token, the current user. An unreachable api means the
 * maintenance page; a refused token is forgotten and the app continues logged out.
 */
export async function boot(): Promise<BootOutcome> {
  restoreRememberedToken();
  const token = readApiToken();
  const sent = settingsSentWithPage();
  const [settings, user] = await Promise.allSettled([
    sent ? Promise.resolve(sent) : getSiteSettings(),
    token ? getCurrentUser() : Promise.resolve(null),
    loadAntdLocale(currentLanguage()),
  ]);
  if (settings.status === 'rejected') return 'maintenance';
  useSiteSettingsStore.getState().setSettings(settings.value);
  if (user.status === 'fulfilled') {
    useAuthStore.getState().setUser(user.value);
  } else {
    if (isServerDown(user.reason)) return 'maintenance';
    clearApiTokens();
    useAuthStore.getState().setUser(null);
  }
  return 'ready';
}
