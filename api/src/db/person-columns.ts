import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './db-client';
import { users } from './schema';

/** The columns of a person as pages show them (name, username, avatar): never an e-mail or other private field. */
export const personColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: sql<string | null>`${users.profile}->>'avatar'`,
};

export interface PersonRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
}

/**
 * The person whose id is in `id` (a column of the row being joined), as a lateral subquery read by primary key for
 * each row of a page: `.innerJoinLateral(personByKey(db, t.ownerId), sql\`true\`)`. `limit 1` keeps PostgreSQL from
 * flattening it into a plain join, which a generic plan (an unknown LIMIT, taken as a tenth of the rows) answers
 * by hashing every member: 4.2 ms for a suggestion page that takes 1.4 ms by key.
 */
export function personByKey(db: Db, id: AnyPgColumn, alias = 'person') {
  return (
    db
      // A subquery's computed column needs a name to be read from outside it.
      .select({ ...personColumns, avatar: personColumns.avatar.as('avatar') })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .as(alias)
  );
}

/**
 * `id` is a member whose username, first or last name holds `pattern` (a LIKE pattern on the lower-cased names, or
 * its placeholder). The expression is the one users_name_trgm_idx indexes (pg_trgm), so the match comes from it.
 */
export const nameMatches = (id: AnyPgColumn, pattern: SQL | Placeholder): SQL =>
  sql`${id} in (select u2.id from users u2 where lower(coalesce(u2.username, '') || ' ' || coalesce(u2.first_name, '') || ' ' || coalesce(u2.last_name, '')) like ${pattern})`;
