import { z } from 'zod';
import {
  elipDetailSchema,
  elipListSchema,
  type ElipInput,
  type ElipListQuery,
  type ElipMove,
  type ElipReviewInput,
} from '@cr/contract/elip.contract';
import { api, downloadBlob } from '../../../lib/api-client';

const elip = (id: string | number) => `/api/elip/${encodeURIComponent(String(id))}`;
type Query = Record<string, string | number | undefined>;

/** The ELIP routes of api/src/modules/elip (the server checks authorship and role on every call). */
export const elipApi = {
  list: (query: ElipListQuery, signal?: AbortSignal) =>
    api.get('/api/elip', query as Query, { schema: elipListSchema, signal }),
  exportCsv: (query: Omit<ElipListQuery, 'page'>) => downloadBlob('/api/elip/export.csv', query as Query),
  get: (id: string, signal?: AbortSignal) =>
    api.get(elip(id), undefined, { schema: elipDetailSchema, signal }),
  create: (body: ElipInput) => api.post('/api/elip', body, { schema: elipDetailSchema }),
  edit: (id: string, body: ElipInput) => api.put(elip(id), body, { schema: elipDetailSchema }),
  move: (id: string, move: ElipMove) =>
    api.post(`${elip(id)}/status`, { move }, { schema: elipDetailSchema }),
  /** A seated council member makes the approved ELIP their proposal draft. */
  propose: (id: string) =>
    api.post(
      `${elip(id)}/proposal`,
      {},
      {
        schema: z.object({ proposalId: z.string(), elip: elipDetailSchema }),
      },
    ),
  review: (id: string, body: ElipReviewInput) =>
    api.post(`${elip(id)}/review`, body, { schema: elipDetailSchema }),
  remove: (id: string) => api.delete(elip(id), undefined, { schema: z.object({ deleted: z.literal(true) }) }),
};
