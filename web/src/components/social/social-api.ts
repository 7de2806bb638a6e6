import {
  conversationListSchema,
  directMessageSchema,
  followStateSchema,
  threadSchema,
  unreadCountSchema,
} from '@cr/contract/social.contract';
import { api } from '../../lib/api-client';

const member = (id: string) => `/api/social/users/${encodeURIComponent(id)}`;
const conversation = (id: string) => `/api/social/messages/${encodeURIComponent(id)}`;

/** The routes of api/src/modules/social (every refusal is checked again by the server). */
export const socialApi = {
  state: (userId: string) => api.get(member(userId), undefined, { schema: followStateSchema }),
  follow: (userId: string) => api.post(`${member(userId)}/follow`, {}, { schema: followStateSchema }),
  unfollow: (userId: string) =>
    api.delete(`${member(userId)}/follow`, undefined, { schema: followStateSchema }),
  block: (userId: string) => api.post(`${member(userId)}/block`, {}, { schema: followStateSchema }),
  unblock: (userId: string) =>
    api.delete(`${member(userId)}/block`, undefined, { schema: followStateSchema }),
  conversations: () => api.get('/api/social/messages', undefined, { schema: conversationListSchema }),
  unread: () => api.get('/api/social/messages/unread', undefined, { schema: unreadCountSchema }),
  thread: (userId: string, before?: string) =>
    api.get(conversation(userId), { before }, { schema: threadSchema }),
  send: (userId: string, content: string) =>
    api.post(conversation(userId), { content }, { schema: directMessageSchema }),
  markRead: (userId: string) => api.post(`${conversation(userId)}/read`, {}, { schema: unreadCountSchema }),
};
