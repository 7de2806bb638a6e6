import {
  memberSearchResultSchema,
  type MemberHit,
  type MemberSearchResult,
} from '@cr/contract/user.contract';
import { api } from './api-client';

export type { MemberHit };

/** GET /api/user/search: members by username or name (signed in; at least 2 characters; at most 8). */
export function searchMembers(q: string, signal?: AbortSignal): Promise<MemberSearchResult> {
  return api.get('/api/user/search', { q }, { schema: memberSearchResultSchema, signal });
}
