import {
  candidateListSchema,
  councilMemberDetailSchema,
  councilOverviewSchema,
  councilTermListSchema,
  secretariatPositionSchema,
} from '@cr/contract/council.contract';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

/** Every call of the council pages (routes in api/src/modules/council/*.routes.ts). */
export const councilApi = {
  /** The current term's members and the secretariat. */
  overview: (signal?: AbortSignal) =>
    api.get('/api/council', undefined, { schema: councilOverviewSchema, signal }),
  /** Every term, newest first, with its members. */
  terms: (signal?: AbortSignal) =>
    api.get('/api/council/terms', undefined, { schema: councilTermListSchema, signal }),
  /** A member's profile and voting record (id: user id, DID or on-chain member id). */
  member: (id: string, query: { page?: number; results?: number; term?: number }, signal?: AbortSignal) =>
    api.get(`/api/council/members/${enc(id)}`, query, { schema: councilMemberDetailSchema, signal }),
  secretariat: (id: string, signal?: AbortSignal) =>
    api.get(`/api/council/secretariat/${enc(id)}`, undefined, { schema: secretariatPositionSchema, signal }),
  candidates: (signal?: AbortSignal) =>
    api.get('/api/council/candidates', undefined, { schema: candidateListSchema, signal }),
};
