import { z } from 'zod';

/** GET /api/site/settings — public switches the web app reads at start-up (no login needed). */
export const siteSettingsSchema = z.object({
  /** Suggestions are suspended until a new council is elected (an admin switches this). */
  suggestionsSuspended: z.boolean(),
  /** CRcles and Empower35 are suspended: CRcles are listed but new applications are refused (default on). */
  crclesSuspended: z.boolean().default(true),
  /** The Ambassadors training is postponed: its form shows the notice and refuses entries (default on). */
  trainingPostponed: z.boolean().default(true),
  /** True only outside production: the web app then offers the dev wallet and the dev mail outbox. */
  devMode: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** PUT /api/admin/site/settings — admin only. */
export const updateSiteSettingsSchema = z.object({
  suggestionsSuspended: z.boolean().optional(),
  crclesSuspended: z.boolean().optional(),
  trainingPostponed: z.boolean().optional(),
});
export type UpdateSiteSettings = z.infer<typeof updateSiteSettingsSchema>;

/** GET /api/health/ready — each dependency's state. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() })),
});
