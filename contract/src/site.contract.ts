import { z } from 'zod';
import { adminMessages } from './admin.contract';

/** The introduction video's address: a video file served over https (played by the browser, no player script). */
export const introVideoUrlSchema = z
  .string()
  .trim()
  .max(500, adminMessages['admin.video_url'])
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && /\.(mp4|webm)$/i.test(u.pathname);
    } catch {
      return false;
    }
  }, adminMessages['admin.video_url']);

/** GET /api/site/settings — public switches the web app reads at start-up (no login needed). */
export const siteSettingsSchema = z.object({
  /** Suggestions are suspended until a new council is elected (an admin switches this). */
  suggestionsSuspended: z.boolean(),
  /** CRcles and Empower35 are suspended: CRcles are listed but new applications are refused (default on). */
  crclesSuspended: z.boolean().default(true),
  /** The Ambassadors training is postponed: its form shows the notice and refuses entries (default on). */
  trainingPostponed: z.boolean().default(true),
  /** The public introduction video (/video), set by an admin; null until one is published. */
  introVideoUrl: z.string().nullable().default(null),
  /** True only outside production: the web app then offers the dev wallet and the dev mail outbox. */
  devMode: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** PUT /api/admin/site/settings — admin only. */
export const updateSiteSettingsSchema = z.object({
  suggestionsSuspended: z.boolean().optional(),
  crclesSuspended: z.boolean().optional(),
  trainingPostponed: z.boolean().optional(),
  /** null (or an empty text) takes the video off the page. */
  introVideoUrl: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(introVideoUrlSchema.nullable())
    .nullable()
    .optional(),
});
export type UpdateSiteSettings = z.infer<typeof updateSiteSettingsSchema>;

/** GET /api/health/ready — each dependency's state. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() })),
});
