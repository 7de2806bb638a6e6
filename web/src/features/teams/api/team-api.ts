import {
  memberDirectorySchema,
  myTeamsSchema,
  teamDetailSchema,
  teamListSchema,
  teamPostListSchema,
  type MemberDirectoryQuery,
  type TeamEditInput,
  type TeamInput,
  type TeamListQuery,
} from '@cr/contract/team.contract';
import { uploadResultSchema } from '@cr/contract/upload.contract';
import { api } from '../../../lib/api-client';

const team = (id: string) => `/api/team/${encodeURIComponent(id)}`;
const member = (id: string, userId: string) => `${team(id)}/members/${encodeURIComponent(userId)}`;

/** The team routes of api/src/modules/team (every owner-only action is checked again by the server). */
export const teamApi = {
  list: (query: TeamListQuery, signal?: AbortSignal) =>
    api.get('/api/team', query as Record<string, string | number | undefined>, {
      schema: teamListSchema,
      signal,
    }),
  mine: (signal?: AbortSignal) => api.get('/api/team/mine', undefined, { schema: myTeamsSchema, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get(team(id), undefined, { schema: teamDetailSchema, signal }),
  create: (body: TeamInput) => api.post('/api/team', body, { schema: teamDetailSchema }),
  edit: (id: string, body: TeamEditInput) => api.put(team(id), body, { schema: teamDetailSchema }),
  apply: (id: string, message?: string) =>
    api.post(`${team(id)}/apply`, { message }, { schema: teamDetailSchema }),
  leave: (id: string) => api.post(`${team(id)}/leave`, {}, { schema: teamDetailSchema }),
  approve: (id: string, userId: string) =>
    api.post(`${member(id, userId)}/approve`, {}, { schema: teamDetailSchema }),
  reject: (id: string, userId: string) =>
    api.post(`${member(id, userId)}/reject`, {}, { schema: teamDetailSchema }),
  remove: (id: string, userId: string) =>
    api.delete(member(id, userId), undefined, { schema: teamDetailSchema }),
  transfer: (id: string, userId: string) =>
    api.post(`${team(id)}/transfer`, { userId }, { schema: teamDetailSchema }),
  posts: (id: string, signal?: AbortSignal) =>
    api.get(`${team(id)}/posts`, undefined, { schema: teamPostListSchema, signal }),
  post: (id: string, content: string) =>
    api.post(`${team(id)}/posts`, { content }, { schema: teamPostListSchema }),
  members: (query: MemberDirectoryQuery, signal?: AbortSignal) =>
    api.get('/api/members', query as Record<string, string | number | undefined>, {
      schema: memberDirectorySchema,
      signal,
    }),
  /** Admin: remove a team or CRcle with the reason (audited on the server). */
  adminRemove: (id: string, reason: string) =>
    api.post(`/api/admin/team/${encodeURIComponent(id)}/remove`, { reason }),
  uploadImage: (file: File) => api.upload('/api/upload/file', file, { schema: uploadResultSchema }),
};
