import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
  sql`${id} in (${namedIds(pattern)})`;

/**
 * The same condition checked row by row against the matched members hashed once (a "hashed SubPlan": `is true` keeps
 * PostgreSQL from turning the IN into a join), for a walk over a sort index that holds `id`: the walk then visits
 * no row and looks up no member (a page of a common first name: 7.1 → 0.7 ms). PostgreSQL takes it to match half
 * the rows, so it always walks: only for searches known to match many (docs/list-performance.md §16).
 */
export const nameMatchesWalked = (id: AnyPgColumn, pattern: SQL | Placeholder): SQL =>
  sql`(${id} in (${namedIds(pattern)})) is true`;

const named = alias(users, 'u2');

/** A member's lower-cased names hold `pattern`: the expression users_name_trgm_idx indexes. */
const namedLike = (pattern: SQL | Placeholder) =>
  sql`lower(coalesce(${named.username}, '') || ' ' || coalesce(${named.firstName}, '') || ' ' || coalesce(${named.lastName}, '')) like ${pattern}`;

const namedIds = (pattern: SQL | Placeholder) =>
  sql`select ${named.id} from users u2 where ${namedLike(pattern)}`;

/**
 * The members named like `pattern`, as a subquery to join from (`.id`): for a search whose matches are those
 * members' rows, read member by member through an index on the member's id (proposal-list.repo's proposer search).
 */
export const membersNamed = (db: Db, pattern: SQL | Placeholder) =>
  db.select({ id: named.id }).from(named).where(namedLike(pattern)).as('named');

/**
 * A name search narrows the members through users_name_trgm_idx only from three characters on: a shorter text has
 * no trigram, matches most members, and is read from every member's row.
 */
export const narrowsNames = (text: string): boolean => [...text].length >= 3;
