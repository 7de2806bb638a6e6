import type { SiteSettings } from '@cr/contract/site.contract';
import { api } from '../../../lib/api-client';

/**
 * GET /api/site/settings: public switches, no login needed. Also the start-up check that the api is up. Its
 * schema is fetched alongside the call (start-up shows its skeleton without zod).
 */
export function getSiteSettings(): Promise<SiteSettings> {
  return api.get('/api/site/settings', undefined, {
    schema: () => import('@cr/contract/site.contract').then((m) => m.siteSettingsSchema),
  });
}
