import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@cr/core/db/db-client';
import {
  placeholders,
  preparedOnce,
  type PageValues,
  type StatementParams,
} from '@cr/core/db/statement-params';
import { teamMembers, teams, users } from '@cr/core/db/schema';
import type { TeamType } from '@cr/contract/team.contract';
import { likeSearch, likeValues } from '@cr/core/db/like-search';
import { escapeLike } from '@cr/core/db/text-search';
import { summaryColumns, type MembershipRow, type TeamSummaryRow } from './team.repo';

export interface TeamFilter {
  type: TeamType;
  q?: string;
  subcategory?: string;
  /** The signed-in reader: each row carries their membership, if any. */
  viewerId?: string;
  limit: number;
  offset: number;
}

/**
 * Which filters a page has; `q`: a search word, with Han pairs (`han`) or not. The word itself is a value, the
 * statement planned at each call with it (see `run`).
 */
type Shape = { subcategory: boolean; q: false | 'word' | 'han' };
const mine = alias(teamMembers, 'mine');
const order = (t: { createdAt: SQL.Aliased | AnyColumn; id: SQL.Aliased | AnyColumn }) => [
  desc(t.createdAt),
  desc(t.id),
];

/**
 * The page statement of a filter shape (prepared once per connection where it can be; see `run`). The page's ids are chosen first, so the owner,
 * the member count and the reader's membership are read for the page's rows only, never for the rows OFFSET
 * skips. With a search word, the total is counted from the same matches the page is cut from (a CTE read twice
 * is computed once), so each match is checked once.
 */
function pageQuery(db: Db, shape: Shape, p: StatementParams) {
  const where: SQL[] = [eq(teams.type, p.v('type'))];
  if (shape.subcategory) where.push(eq(teams.subcategory, p.v('subcategory')));
  const columns = { ...summaryColumns, mine };
  if (shape.q) {
    where.push(likeSearch(teams.searchText, p.v('pattern'), shape.q === 'han' ? p.v('pairs') : null));
    const matches = db.$with('matches').as(
      db
        .select({ id: teams.id, createdAt: teams.createdAt })
        .from(teams)
        .where(and(...where)),
    );
    const page = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(...order(matches))
      .limit(p.limit)
      .offset(p.offset)
      .as('page');
    return db
      .with(matches)
      .select({ ...columns, total: sql<number>`(select count(*)::int from ${matches})` })
      .from(page)
      .innerJoin(teams, eq(teams.id, page.id))
      .innerJoin(users, eq(users.id, teams.ownerId))
      .leftJoin(mine, and(eq(mine.teamId, teams.id), eq(mine.userId, sql`${p.v('viewer')}::uuid`)))
      .orderBy(...order(teams));
  }
  const cond = and(...where);
  const page = db
    .select({ id: teams.id })
    .from(teams)
    .where(cond)
    .orderBy(...order(teams))
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  const total = sql<number>`(select count(*)::int from ${teams} where ${cond})`;
  return db
    .select({ ...columns, total })
    .from(page)
    .innerJoin(teams, eq(teams.id, page.id))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .leftJoin(mine, and(eq(mine.teamId, teams.id), eq(mine.userId, sql`${p.v('viewer')}::uuid`)))
    .orderBy(...order(teams));
}

/**
 * Every shape runs as a statement prepared once per connection: without a search word with a generic plan (the
 * newest-first index whatever the page), with one planned at each call with the word (a LIKE pattern's best plan
 * depends on it: a generic plan would read the whole trigram index for a word with no trigram in it).
 */
function run(db: Db, shape: Shape, values: PageValues) {
  const name = `team_list${shape.subcategory ? '_subcategory' : ''}${shape.q ? `_q_${shape.q}` : ''}`;
  return preparedOnce(db, name, (on) => pageQuery(on, shape, placeholders()).prepare(name), {
    plan: shape.q ? 'custom' : 'generic',
  }).execute(values);
}

/**
 * One page of teams of a type, newest first, with the total and the reader's memberships, in one round trip (a
 * page past the end counts apart); `q` matches the name, description or a tag.
 */
export async function listTeams(
  db: Db,
  f: TeamFilter,
): Promise<{ rows: (TeamSummaryRow & { mine: MembershipRow | null })[]; total: number }> {
  const search = f.q ? likeValues(f.q.toLowerCase(), escapeLike) : null;
  const shape: Shape = { subcategory: !!f.subcategory, q: search ? (search.pairs ? 'han' : 'word') : false };
  const values = {
    ...search,
    type: f.type,
    subcategory: f.subcategory,
    viewer: f.viewerId ?? null,
    limit: f.limit,
    offset: f.offset,
  };
  const found = await run(db, shape, values);
  const rows = found.map(({ team, owner, memberCount, mine }) => ({ team, owner, memberCount, mine }));
  if (found.length) return { rows, total: found[0]!.total };
  if (f.offset === 0) return { rows, total: 0 };
  const again = await run(db, shape, { ...values, offset: 0, limit: 1 });
  return { rows, total: again[0]?.total ?? 0 };
}
