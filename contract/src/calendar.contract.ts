import { z } from 'zod';

/** The member's personal calendar feed (ICS at a secret URL): whether one is live, and since when. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  /** ISO time the live feed was made; null without one. */
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/calendar/feed: the new secret URL, shown this once (only its hash is stored). */
export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({
  url: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** GET /api/calendar/:token.ics */
export const calendarFeedParamsSchema = z.object({ token: z.string().min(1).max(200) });
