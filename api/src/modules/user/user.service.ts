import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type { UserRow } from '@cr/core/db/schema';
import { personName } from '@cr/contract/person-name';
import {
  genderSchema,
  MEMBER_SEARCH_MAX_RESULTS,
  roleSchema,
  type CurrentUser,
  type MemberSearchQuery,
  type MemberSearchResult,
} from '@cr/contract/user.contract';
import { notFound } from '@cr/core/errors/app-error';
import { enforceRate, type RateRule } from '../../http/rate-limit';
import type { AuthUser } from '../session';
import { crclesOf } from '../team';
import * as repo from './user.repo';

/** Member searches per signed-in member: the mention box asks as the person types (debounced), never a sweep. */
export const MEMBER_SEARCH_LIMIT: RateRule = { name: 'member-search', limit: 60, windowSec: 60 };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The signed-in user's own view (spec §7): includes the e-mail, which public views never show. */
export function toCurrentUser(row: UserRow): CurrentUser {
  const gender = genderSchema.safeParse(row.profile.gender);
  const role = roleSchema.safeParse(row.role);
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    did: row.did ? { id: row.did, boundAt: (row.didBoundAt ?? row.createdAt).toISOString() } : null,
    role: role.success ? role.data : 'MEMBER',
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      gender: gender.success ? gender.data : null,
      avatar: str(row.profile.avatar),
      country: row.country,
    },
    // The CRcles are read by getCurrentUser; followers come with their feature.
    circles: [],
    subscribers: [],
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw notFound('user', 'user.not_found');
  const circles = await crclesOf(db, userId);
  return { ...toCurrentUser(row), circles: circles.map((c) => ({ _id: c.id, name: c.name })) };
}

/** Members by username or name for the @mention box (signed in, rate limited, at most 8, no e-mail). */
export async function searchMembers(
  deps: AppDeps,
  user: AuthUser,
  query: MemberSearchQuery,
): Promise<MemberSearchResult> {
  await enforceRate(deps, MEMBER_SEARCH_LIMIT, user.id);
  const rows = await repo.searchMembers(deps.database.db, query.q, MEMBER_SEARCH_MAX_RESULTS);
  return {
    list: rows.map((r) => ({
      _id: r.id,
      username: r.username,
      name: personName(r),
      avatar: r.avatar || null,
    })),
  };
}
