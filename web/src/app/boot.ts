import { currentLanguage } from '../lib/i18n';
import { isServerDown } from '../lib/api-errors';
import { useAuthStore } from '../lib/auth-store';
import { clearApiTokens, readApiToken, restoreRememberedToken } from '../lib/session-token';
import { useSiteSettingsStore } from '../lib/site-settings-store';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { getSiteSettings } from '../features/site/api/get-site-settings';
import { loadAntdLocale } from './antd-locale';

export type BootOutcome = 'ready' | 'maintenance';

/**
 * Start-up (spec §4, §8): reads the public site settings (which also proves the api is up) and, with a saved
 * api-token, the current user. An unreachable api means the maintenance page; a refused token is forgotten and
 * the app continues logged out.
 */
export async function boot(): Promise<BootOutcome> {
  restoreRememberedToken();
  const token = readApiToken();
  const [settings, user] = await Promise.allSettled([
    getSiteSettings(),
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
