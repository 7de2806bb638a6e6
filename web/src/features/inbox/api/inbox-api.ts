import { inboxSchema, type InboxRead } from '@cr/contract/inbox.contract';
import { api } from '../../../lib/api-client';

/** The member's inbox (docs/inbox.md): always the session's member. */
export const inboxApi = {
  get: () => api.get('/api/inbox', undefined, { schema: inboxSchema }),
  markRead: (body: InboxRead) => api.post('/api/inbox/read', body, { schema: inboxSchema }),
};
