import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '@cr/contract/calendar.contract';
import { api } from '../../../lib/api-client';

/** The member's calendar feed (docs/calendar-feed.md): status, create or renew (URL shown once), revoke. */
export const calendarApi = {
  status: () => api.get('/api/calendar/feed', undefined, { schema: calendarFeedStatusSchema }),
  create: () => api.post('/api/calendar/feed', undefined, { schema: calendarFeedCreatedSchema }),
  revoke: () => api.delete('/api/calendar/feed', undefined, { schema: calendarFeedStatusSchema }),
};
