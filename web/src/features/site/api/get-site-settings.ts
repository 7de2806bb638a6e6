import { siteSettingsSchema, type SiteSettings } from '@cr/api/contract/site.contract';
import { api } from '../../../lib/api-client';

/** GET /api/site/settings: public switches, no login needed. Also the start-up check that the api is up. */
export function getSiteSettings(): Promise<SiteSettings> {
  return api.get('/api/site/settings', undefined, { schema: siteSettingsSchema });
}
