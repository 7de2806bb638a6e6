import { siteSettingsSchema, updateSiteSettingsSchema } from '@cr/contract/site.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { getSiteSettings, updateSiteSettings } from './site.service';

export const siteRoutes = [
  defineRoute({
    method: 'get',
    path: '/site/settings',
    tag: 'site',
    summary: 'Public site switches read at start-up (suggestion suspension, dev mode).',
    policy: policy.public,
    response: siteSettingsSchema,
    handler: ({ deps }) => getSiteSettings(deps.database.db, deps.config.DEV_TOOLS),
  }),
  defineCommand({
    method: 'put',
    path: '/admin/site/settings',
    tag: 'site',
    summary: 'Admin: switch site settings (suspend or resume suggestions).',
    policy: policy.admin,
    body: updateSiteSettingsSchema,
    response: siteSettingsSchema,
    run: (tx, { deps, user, body, requestId }) =>
      updateSiteSettings(tx, body, { adminId: user!.id, requestId }, deps.config.DEV_TOOLS),
    answer: (_saved, { deps }) => getSiteSettings(deps.database.db, deps.config.DEV_TOOLS),
  }),
];
