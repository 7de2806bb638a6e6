import { and, desc, eq, sql, type Placeholder, type SQL, type WithSubquery } from 'drizzle-orm';
import {
  placeholders,
  preparedOnce,
  type PageValues,
  type StatementParams,
} from '@cr/core/db/statement-params';
import type { AnyPgColumn, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { SuggestionListQuery } from '@cr/contract/suggestion.contract';
import type { Db } from '@cr/core/db/db-client';
import { amongNamed, membersNamedOnce, nameMatches, personByKey } from '@cr/core/db/person-columns';
import { suggestionCounts, suggestions, type SuggestionRow } from '@cr/core/db/schema';
import { escapeLike, searchNumber, searchTsQuery } from '@cr/core/db/text-search';

/** Never matches: a search with nothing searchable finds nothing rather than everything. */
const NOTHING = sql`false`;

/**
 * What a search binds: the suggestion number, the tsquery text, the LIKE pattern or the e-mail; null when the text
 * has nothing searchable, which then matches nothing rather than everything.
 */
export function searchValue(searchBy: SuggestionListQuery['searchBy'], text: string): string | number | null {
  switch (searchBy) {
    case 'number':
      return searchNumber(text);
    case 'title':
    case 'abstract':
      return searchTsQuery(text);
    case 'name':
      return `%${escapeLike(text.toLowerCase())}%`;
    case 'email':
      return text.toLowerCase();
  }
}

/**
 * The search condition of a list query on its bound value (`searchValue`, or its placeholder in a prepared
 * statement): each kind is answered by an index (docs/suggestion-states.md).
 */
function searchWhere(searchBy: SuggestionListQuery['searchBy'], value: SQL | Placeholder): SQL {
  switch (searchBy) {
    case 'number':
      return sql`${suggestions.number} = ${value}`;
    case 'title':
      return sql`${suggestions.titleSearch} @@ ${value}::tsquery`;
    case 'abstract':
      return sql`${suggestions.abstractSearch} @@ ${value}::tsquery`;
    case 'name':
      return nameMatches(suggestions.authorId, value);
    case 'email':
      // Exact match through users_email_lower_uq; the e-mail is never part of any answer.
      return sql`${suggestions.authorId} = (select u3.id from users u3 where lower(u3.email) = ${value})`;
  }
}

/** The search condition of a statement built for one call (the admin list, the CSV export). */
export function searchCondition(searchBy: SuggestionListQuery['searchBy'], text: string): SQL {
  const value = searchValue(searchBy, text);
  return value === null ? NOTHING : searchWhere(searchBy, sql`${value}`);
}

/** The filters whose sets belong to one member (and are counted from their matches, never from the counts). */
export const PERSONAL_FILTERS: ReadonlySet<SuggestionListQuery['filter']> = new Set([
  'mine',
  'commented',
  'subscribed',
]);

/** Columns the status filters read: the suggestions themselves, or their counts. */
type StatusColumns = typeof suggestions | typeof suggestionCounts;

/** The status, signature and type filters of a public list (what `suggestion_counts` can total). */
function statusConditions(
  filter: SuggestionListQuery['filter'],
  t: StatusColumns,
  type: string | Placeholder | SQL | undefined,
): SQL[] {
  const conds: SQL[] = [];
  switch (filter) {
    case 'mine':
      break;
    case 'archived':
      conds.push(eq(t.status, 'ARCHIVED'));
      break;
    case 'signed':
    case 'unsigned':
      conds.push(eq(t.status, 'ACTIVE'), eq(t.signed, filter === 'signed'));
      break;
    default:
      conds.push(eq(t.status, 'ACTIVE'));
  }
  if (type !== undefined) conds.push(eq(t.type, type));
  return conds;
}

/**
 * The WHERE of a public list query; every value is a parameter, nothing from the query string is spread. The
 * member's own filters (mine, commented, subscribed) match nothing without `userId`.
 */
export function listCondition(query: SuggestionListQuery, userId: string | null): SQL | undefined {
  const conds = [
    ...statusConditions(query.filter, suggestions, query.type),
    ...memberConditions(query.filter, userId),
  ];
  if (query.search) conds.push(searchCondition(query.searchBy, query.search));
  return and(...conds);
}

/** The member's own filters: written, commented or followed by `userId` (nothing without one). */
function memberConditions(
  filter: SuggestionListQuery['filter'],
  userId: string | Placeholder | SQL | null,
): SQL[] {
  switch (filter) {
    case 'mine':
      return [userId ? eq(suggestions.authorId, userId) : NOTHING];
    case 'commented':
      return [
        userId
          ? sql`exists (select 1 from suggestion_comments c where c.suggestion_id = ${suggestions.id} and c.author_id = ${userId} and c.deleted_at is null)`
          : NOTHING,
      ];
    case 'subscribed':
      return [
        userId
          ? sql`exists (select 1 from suggestion_subscriptions ss where ss.suggestion_id = ${suggestions.id} and ss.user_id = ${userId})`
          : NOTHING,
      ];
    default:
      return [];
  }
}

/** `desc nulls last`, exactly as the indexes are declared (a plain `desc` would not match them). */
const descIndexed = (col: AnyPgColumn) => sql`${col} desc nulls last`;

/** ORDER BY of each sort; the number breaks ties, so pages never overlap. Each matches a (status, …) index. */
export function listOrder(sortBy: SuggestionListQuery['sortBy']): SQL[] {
  switch (sortBy) {
    case 'likes':
      return [descIndexed(suggestions.likesNum), descIndexed(suggestions.number)];
    case 'views':
      return [descIndexed(suggestions.viewsNum), descIndexed(suggestions.number)];
    case 'activeness':
      return [descIndexed(suggestions.activeness), descIndexed(suggestions.number)];
    default:
      return [descIndexed(suggestions.number)];
  }
}

/** The WHERE of the admin list: every status, narrowed by abuse state, status and a number or title search. */
export function adminCondition(filter: {
  abuse: NonNullable<SuggestionRow['abuseStatus']> | 'any';
  status?: SuggestionRow['status'];
  search?: { by: 'number' | 'title'; text: string };
}): SQL | undefined {
  const conds: SQL[] = [];
  if (filter.abuse !== 'any') conds.push(eq(suggestions.abuseStatus, filter.abuse));
  if (filter.status) conds.push(eq(suggestions.status, filter.status));
  if (filter.search) conds.push(searchCondition(filter.search.by, filter.search.text));
  return conds.length ? and(...conds) : undefined;
}

/** ORDER BY of the admin list: by number, or latest change first when narrowed to an abuse state. */
export const adminOrder = (byLatestChange: boolean): SQL[] =>
  byLatestChange ? [desc(suggestions.updatedAt), desc(suggestions.number)] : [desc(suggestions.number)];

/** Summary columns of list rows (content is left out: a page never carries full documents). */
export const summaryColumns = {
  id: suggestions.id,
  number: suggestions.number,
  title: suggestions.title,
  type: suggestions.type,
  abstract: suggestions.abstract,
  status: suggestions.status,
  signed: suggestions.signed,
  budgetTotal: suggestions.budgetTotal,
  likesNum: suggestions.likesNum,
  dislikesNum: suggestions.dislikesNum,
  viewsNum: suggestions.viewsNum,
  commentsNum: suggestions.commentsNum,
  activeness: suggestions.activeness,
  proposalNumber: suggestions.proposalNumber,
  abuseStatus: suggestions.abuseStatus,
  createdAt: suggestions.createdAt,
  updatedAt: suggestions.updatedAt,
};

/** A list row as `toSummary` takes it (the detail page's row has no `tags` column). */
export type SummaryRow = Omit<PageRow, 'tags'>;
type PageRow = Omit<Awaited<ReturnType<typeof pageStatement>>[number], 'total'>;

/** A suggestion's council tags as one JSON array, oldest first (timestamps as ISO text). */
const tagsJson = sql<
  { type: string; description: string | null; createdAt: string }[]
>`coalesce((select json_agg(json_build_object('type', t.type, 'description', t.description, 'createdAt', t.created_at) order by t.created_at) from suggestion_tags t where t.suggestion_id = ${suggestions.id}), '[]'::json)`;

/** One page of suggestions matching `where`, in `order`, with their authors and tags (admin list, CSV export). */
export async function pageOf(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const rows = await pageStatement(db, where, order, { limit, offset }, sql<number>`0`);
  return rows.map(({ total: _total, ...row }) => row);
}

/**
 * A search or a member's own filter counts its matches up to this many: past it, the total is given as "more than"
 * (`totalCapped`) rather than counting 60,000 rows on every request for a common word. The pager then reaches the
 * first 1,000 matches; a narrower search finds the rest.
 */
export const MATCH_COUNT_CAP = 1_000;

/**
 * One page of a public list and its total, in one statement prepared once per connection and shape (planning and
 * building it cost as much as running it). Without a search word or a member's own filter, the total is summed from
 * `suggestion_counts` (a few rows, kept exact by a trigger) instead of counting up to 100,000 index entries, on a
 * generic plan. A search is planned at each call with its word, and counts its matches up to MATCH_COUNT_CAP. A
 * page past the end counts apart.
 */
export async function listPage(
  db: Db,
  query: SuggestionListQuery,
  userId: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: PageRow[]; total: number; totalCapped: boolean }> {
  const personal = PERSONAL_FILTERS.has(query.filter);
  const search = query.search ? searchValue(query.searchBy, query.search) : undefined;
  // Nothing searchable, or a member's own filter without a member: nothing matches.
  if (search === null || (personal && !userId)) return { rows: [], total: 0, totalCapped: false };
  const values = { type: query.type, user: userId, search };
  const run = (lim: number, off: number) =>
    search === undefined
      ? runPrepared(db, query, { ...values, limit: lim, offset: off })
      : runSearch(db, query, { ...values, limit: lim, offset: off });
  let found = await run(limit, offset);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (!found.length && offset > 0) found = await run(1, 0);
  const total = found[0]?.total ?? 0;
  return (search !== undefined || personal) && total > MATCH_COUNT_CAP
    ? { rows, total: MATCH_COUNT_CAP, totalCapped: true }
    : { rows, total, totalCapped: false };
}

/**
 * A search as a statement prepared once per connection and shape (search kind, filter, sort, type or not), planned
 * at each call with its word: its best plan depends on how many rows the word matches.
 */
function runSearch(db: Db, query: SuggestionListQuery, values: PageValues) {
  const { searchBy, filter, sortBy } = query;
  const name = `suggestion_search_${searchBy}_${filter}_${sortBy}${query.type ? '_type' : ''}`;
  return preparedOnce(db, name, (on) => {
    const p = placeholders();
    // A name search checks the matched members twice (the matches, the walk): they are found once.
    const named = searchBy === 'name' ? membersNamedOnce(on, p.v('search')) : null;
    const where = (walked: boolean) =>
      and(
        ...statusConditions(filter, suggestions, query.type ? p.v('type') : undefined),
        ...memberConditions(filter, p.v('user')),
        named ? amongNamed(suggestions.authorId, named, walked) : searchWhere(searchBy, p.v('search')),
      );
    return matchesStatement(on, where(false), sortBy, p, where(true), named).prepare(name);
  }).execute(values);
}

type ListShape = Pick<SuggestionListQuery, 'filter' | 'sortBy'> & { type: boolean };

/**
 * The statement of a list without a search word: by status, signature and type with the total summed from
 * `suggestion_counts`, or a member's own filter with its matches counted.
 */
function shapeStatement(db: Db, shape: ListShape, p: StatementParams) {
  const type = shape.type ? p.v('type') : undefined;
  const where = and(
    ...statusConditions(shape.filter, suggestions, type),
    ...memberConditions(shape.filter, p.v('user')),
  );
  if (PERSONAL_FILTERS.has(shape.filter)) return matchesStatement(db, where, shape.sortBy, p);
  const counted = statusConditions(shape.filter, suggestionCounts, type);
  const total = sql<number>`(select coalesce(sum(${suggestionCounts.n}), 0)::int from ${suggestionCounts}${
    counted.length ? sql` where ${and(...counted)}` : sql``
  })`;
  return pageStatement(db, where, listOrder(shape.sortBy), p, total);
}

/** A list without a search word runs as a statement prepared once per connection and shape. */
function runPrepared(db: Db, query: SuggestionListQuery, values: PageValues) {
  const shape: ListShape = { filter: query.filter, sortBy: query.sortBy, type: !!query.type };
  const name = `suggestion_list_${shape.filter}_${shape.sortBy}${shape.type ? '_type' : ''}`;
  return preparedOnce(
    db,
    name,
    (on) => shapeStatement(on, shape, placeholders()).prepare(name),
    // Every shape reads an index in order and its rows by key, whatever the page (PrepareOptions).
    { plan: 'generic' },
  ).execute(values);
}

/**
 * A page of the rows matching `where`, with their count up to one past MATCH_COUNT_CAP, in one statement. The
 * matches are read once, up to one past the cap (`matches`, a CTE read more than once is computed once); when they
 * are all there, the page is sorted from them, else (a common word or name) it is read by walking the sort index,
 * where matches are dense (`walkWhere`: the same condition, written for that walk). PostgreSQL runs only the arm
 * whose one-time condition on the count holds, so a rare word is never walked for and a common one never sorted.
 */
function matchesStatement(
  db: Db,
  where: SQL | undefined,
  sortBy: SuggestionListQuery['sortBy'],
  p: Pick<StatementParams, 'limit' | 'offset'>,
  walkWhere: SQL | undefined = where,
  /** A CTE both conditions read. */
  shared: WithSubquery | null = null,
) {
  const matches = db.$with('matches').as(
    db
      .select({ id: suggestions.id, number: suggestions.number })
      .from(suggestions)
      .where(where)
      .limit(MATCH_COUNT_CAP + 1),
  );
  const total = sql<number>`(select count(*)::int from ${matches})`;
  const allThere = sql`${total} <= ${sql.raw(String(MATCH_COUNT_CAP))}`;
  const sorted =
    sortBy === 'newest'
      ? db
          .select({ id: matches.id })
          .from(matches)
          .where(allThere)
          .orderBy(sql`${matches.number} desc`)
      : db
          .select({ id: suggestions.id })
          .from(matches)
          .innerJoin(suggestions, eq(suggestions.id, matches.id))
          .where(allThere)
          .orderBy(...listOrder(sortBy));
  const walked = db
    .select({ id: suggestions.id })
    .from(suggestions)
    .where(and(walkWhere, sql`not ${allThere}`))
    .orderBy(...listOrder(sortBy))
    .limit(p.limit)
    .offset(p.offset);
  const page = sorted.limit(p.limit).offset(p.offset).unionAll(walked).as('page');
  return pageRows(db, page, listOrder(sortBy), total, shared ? [shared, matches] : [matches]);
}

/**
 * One page of suggestions matching `where`, in `order`, with their authors, tags and `total`, in one statement.
 * The page's ids are chosen first (from a sort index alone where it covers the filter), so the author join and the
 * tags are read for the page's rows only, never for the rows OFFSET skips (2,000 tag lookups on page 100); the
 * outer query sorts the page's rows again by the same order.
 */
function pageStatement(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  p: Pick<StatementParams, 'limit' | 'offset'>,
  total: SQL<number>,
) {
  const page = db
    .select({ id: suggestions.id })
    .from(suggestions)
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  return pageRows(db, page, order, total);
}

/** The rows of a page's ids (`page`), in `order`, with their authors, tags and `total`. */
function pageRows(
  db: Db,
  page: SubqueryWithSelection<{ id: typeof suggestions.id }, 'page'>,
  order: SQL[],
  total: SQL<number>,
  /** The CTEs `page` and `total` read. */
  ctes: WithSubquery[] = [],
) {
  const author = personByKey(db, suggestions.authorId, 'author');
  return db
    .with(...ctes)
    .select({
      ...summaryColumns,
      authorId: author.id,
      authorUsername: author.username,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      authorAvatar: author.avatar,
      tags: tagsJson,
      total,
    })
    .from(page)
    .innerJoin(suggestions, eq(suggestions.id, page.id))
    .innerJoinLateral(author, sql`true`)
    .orderBy(...order);
}

/** The tags of a page's rows, as `toSummary` takes them. */
export const tagsOfPage = (rows: PageRow[]) =>
  rows.flatMap((r) =>
    r.tags.map((t) => ({
      suggestionId: r.id,
      type: t.type,
      description: t.description,
      createdAt: new Date(t.createdAt),
    })),
  );

export async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(suggestions)
    .where(where);
  return Number(row?.n ?? 0);
}
