import type { Db } from '../../db/db-client';
import type { UserRow } from '../../db/schema';
import { genderSchema, roleSchema, type CurrentUser } from '../../contract/user.contract';
import { notFound } from '../../http/app-error';
import * as repo from './user.repo';

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
    // Circles and followers are added with their features; until then a user has none.
    circles: [],
    subscribers: [],
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw notFound('user', 'user.not_found');
  return toCurrentUser(row);
}
