import { inArray, sql } from 'drizzle-orm';
import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import type { Db } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema/users.schema';

const avatarOf = sql<string | null>`${users.profile}->>'avatar'`;
/** A member's line about themselves (the profile's motto, or its older bio). */
export const mottoOf = sql<string | null>`coalesce(${users.profile}->>'motto', ${users.profile}->>'bio')`;
/** The columns of an account's public card (never the e-mail). */
export const cardColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: avatarOf,
};

/** Public cards (no e-mail) of users by id. */
export async function publicUsers(db: Db, ids: (string | null)[]): Promise<Map<string, PublicAuthor>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(cardColumns).from(users).where(inArray(users.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      { _id: r.id, username: r.username, firstName: r.firstName, lastName: r.lastName, avatar: r.avatar },
    ]),
  );
}

/** Public cards of site accounts by DID. */
export async function usersByDid(db: Db, dids: string[]) {
  if (dids.length === 0) return new Map<string, PublicAuthor & { motto: string | null }>();
  const rows = await db
    .select({ ...cardColumns, did: users.did, motto: mottoOf })
    .from(users)
    .where(inArray(users.did, [...new Set(dids)]));
  return new Map(
    rows.map((r) => [
      r.did!,
      {
        _id: r.id,
        username: r.username,
        firstName: r.firstName,
        lastName: r.lastName,
        avatar: r.avatar,
        motto: r.motto,
      },
    ]),
  );
}
