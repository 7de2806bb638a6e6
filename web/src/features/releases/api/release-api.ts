import { z } from 'zod';
import { releaseListSchema, releaseSchema, type ReleaseInput } from '@cr/contract/release.contract';
import { api } from '../../../lib/api-client';

const release = (id: string) => `/api/release/${encodeURIComponent(id)}`;

/** The release-note routes of api/src/modules/release (admins only for changes; the server checks). */
export const releaseApi = {
  list: (signal?: AbortSignal) => api.get('/api/release', undefined, { schema: releaseListSchema, signal }),
  create: (body: ReleaseInput) => api.post('/api/release', body, { schema: releaseSchema }),
  edit: (id: string, body: ReleaseInput) => api.put(release(id), body, { schema: releaseSchema }),
  remove: (id: string) =>
    api.delete(release(id), undefined, { schema: z.object({ deleted: z.literal(true) }) }),
};
