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
 * its placeholder), from users_search_name_trgm_idx (pg_trgm).
 */
export const nameMatches = (id: AnyPgColumn, pattern: SQL | Placeholder): SQL =>
  sql`${id} in (${namedIds(pattern)})`;

const named = alias(users, 'u2');

/** A member's lower-cased names hold `pattern` (users_search_name_trgm_idx). */
const namedLike = (pattern: SQL | Placeholder) => sql`${named.searchName} like ${pattern}`;

const namedIds = (pattern: SQL | Placeholder) =>
  sql`select ${named.id} from users u2 where ${namedLike(pattern)}`;

/**
 * The members named like `pattern`, as a subquery to join from (`.id`): for a search whose matches are those
 * members' rows, read member by member through an index on the member's id (proposal-list.repo's proposer search).
 */
export const membersNamed = (db: Db, pattern: SQL | Placeholder) => namedSelect(db, pattern).as('named');

const namedSelect = (db: Db, pattern: SQL | Placeholder) =>
  db.select({ id: named.id }).from(named).where(namedLike(pattern));

/**
 * The same members as a CTE, for a statement that checks them more than once: PostgreSQL computes a CTE read twice
 * once, and matching a name reads every member's names when it has no trigram (a Chinese name: 2.4 ms for 5,000).
 */
export const membersNamedOnce = (db: Db, pattern: SQL | Placeholder) =>
  db.$with('named').as(namedSelect(db, pattern));

/**
 * `id` is one of the members in `named` (membersNamedOnce). `walked`: checked row by row against them hashed once
 * (a "hashed SubPlan": `is true` keeps PostgreSQL from turning the IN into a join), for a walk over a sort index that
 * holds `id`, which then visits no row and looks up no member (a page of a common first name: 7.1 → 0.7 ms).
 * PostgreSQL takes that form to match half the rows, so it always walks: only for searches known to match many
 * (docs/list-performance.md#searches).
 */
export const amongNamed = (
  id: AnyPgColumn,
  named: ReturnType<typeof membersNamedOnce>,
  walked = false,
): SQL =>
  walked
    ? sql`(${id} in (select ${named.id} from ${named})) is true`
    : sql`${id} in (select ${named.id} from ${named})`;

/**
 * A name search narrows the members through users_search_name_trgm_idx only from three characters on: a shorter text has
 * no trigram, matches most members, and is read from every member's row.
 */
export const narrowsNames = (text: string): boolean => [...text].length >= 3;
