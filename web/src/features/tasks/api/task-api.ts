import {
  myTasksSchema,
  taskDetailSchema,
  taskListSchema,
  type TaskAction,
  type TaskApplyInput,
  type TaskEditInput,
  type TaskInput,
  type TaskListQuery,
} from '@cr/contract/task.contract';
import { myTeamsSchema } from '@cr/contract/team.contract';
import { uploadResultSchema } from '@cr/contract/upload.contract';
import { api } from '../../../lib/api-client';

const task = (id: string) => `/api/task/${encodeURIComponent(id)}`;
type Query = Record<string, string | number | undefined>;

/** The task routes of api/src/modules/task (every owner, admin and council check is made again by the server). */
export const taskApi = {
  list: (query: TaskListQuery, signal?: AbortSignal) =>
    api.get('/api/task', query as Query, { schema: taskListSchema, signal }),
  adminList: (query: TaskListQuery, signal?: AbortSignal) =>
    api.get('/api/admin/task', query as Query, { schema: taskListSchema, signal }),
  mine: (projects: boolean, signal?: AbortSignal) =>
    api.get('/api/task/mine', { projects: projects ? '1' : '0' }, { schema: myTasksSchema, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get(task(id), undefined, { schema: taskDetailSchema, signal }),
  create: (body: TaskInput) => api.post('/api/task', body, { schema: taskDetailSchema }),
  edit: (id: string, body: TaskEditInput) => api.put(task(id), body, { schema: taskDetailSchema }),
  action: (id: string, action: TaskAction, note?: string) =>
    api.post(`${task(id)}/status`, { action, note }, { schema: taskDetailSchema }),
  apply: (id: string, body: TaskApplyInput) =>
    api.post(`${task(id)}/apply`, body, { schema: taskDetailSchema }),
  withdraw: (id: string) => api.post(`${task(id)}/withdraw`, {}, { schema: taskDetailSchema }),
  decide: (id: string, candidateId: string, decision: 'approve' | 'reject') =>
    api.post(
      `${task(id)}/candidates/${encodeURIComponent(candidateId)}/${decision}`,
      {},
      {
        schema: taskDetailSchema,
      },
    ),
  comment: (id: string, content: string) =>
    api.post(`${task(id)}/comments`, { content }, { schema: taskDetailSchema }),
  /** The teams I own (to apply as a team). */
  myTeams: (signal?: AbortSignal) => api.get('/api/team/mine', undefined, { schema: myTeamsSchema, signal }),
  uploadImage: (file: File) => api.upload('/api/upload/file', file, { schema: uploadResultSchema }),
};
