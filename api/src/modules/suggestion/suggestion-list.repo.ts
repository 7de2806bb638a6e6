import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SuggestionListQuery } from '../../contract/suggestion.contract';
import type { Db } from '../../db/db-client';
import { suggestions, users, type SuggestionRow } from '../../db/schema';
import { escapeLike, searchTsQuery } from './suggestion-search';
import { authorColumns } from './suggestion.repo';

/** Never matches: a search with nothing searchable finds nothing rather than everything. */
const NOTHING = sql`false`;

/** The search condition of a list query: each kind is answered by an index (docs/suggestion-states.md). */
export function searchCondition(searchBy: SuggestionListQuery['searchBy'], text: string): SQL {
  switch (searchBy) {
    case 'number': {
      const m = /^#?\s*([1-9][0-9]{0,15})$/.exec(text);
      return m ? eq(suggestions.number, Number(m[1])) : NOTHING;
    }
    case 'title':
    case 'abstract': {
      const q = searchTsQuery(text);
      if (!q) return NOTHING;
      const doc = searchBy === 'title' ? suggestions.titleSearch : suggestions.abstractSearch;
      return sql`${doc} @@ ${q}::tsquery`;
    }
    case 'name': {
      // The expression is the one users_name_trgm_idx indexes (pg_trgm), so the match comes from the index.
      const pattern = `%${escapeLike(text.toLowerCase())}%`;
      return sql`${suggestions.authorId} in (select u2.id from users u2 where lower(coalesce(u2.username, '') || ' ' || coalesce(u2.first_name, '') || ' ' || coalesce(u2.last_name, '')) like ${pattern})`;
    }
    case 'email':
      // Exact match through users_email_lower_uq; the e-mail is never part of any answer.
      return sql`${suggestions.authorId} = (select u3.id from users u3 where lower(u3.email) = ${text.toLowerCase()})`;
  }
}

/**
 * The WHERE of a public list query; every value is a parameter, nothing from the query string is spread. The
 * member's own filters (mine, commented, subscribed) match nothing without `userId`.
 */
export function listCondition(query: SuggestionListQuery, userId: string | null): SQL | undefined {
  const conds: SQL[] = [];
  switch (query.filter) {
    case 'mine':
      conds.push(userId ? eq(suggestions.authorId, userId) : NOTHING);
      break;
    case 'archived':
      conds.push(eq(suggestions.status, 'ARCHIVED'));
      break;
    case 'signed':
    case 'unsigned':
      conds.push(eq(suggestions.status, 'ACTIVE'), eq(suggestions.signed, query.filter === 'signed'));
      break;
    case 'commented':
      conds.push(
        eq(suggestions.status, 'ACTIVE'),
        userId
          ? sql`exists (select 1 from suggestion_comments c where c.suggestion_id = ${suggestions.id} and c.author_id = ${userId} and c.deleted_at is null)`
          : NOTHING,
      );
      break;
    case 'subscribed':
      conds.push(
        eq(suggestions.status, 'ACTIVE'),
        userId
          ? sql`exists (select 1 from suggestion_subscriptions ss where ss.suggestion_id = ${suggestions.id} and ss.user_id = ${userId})`
          : NOTHING,
      );
      break;
    default:
      conds.push(eq(suggestions.status, 'ACTIVE'));
  }
  if (query.type) conds.push(eq(suggestions.type, query.type));
  if (query.search) conds.push(searchCondition(query.searchBy, query.search));
  return and(...conds);
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
  ...authorColumns,
};
/** A list row as `toSummary` takes it (the detail page's row has no `tags` column). */
export type SummaryRow = Omit<PageRow, 'tags'>;
type PageRow = Awaited<ReturnType<typeof pageOf>>[number];

/** A suggestion's council tags as one JSON array, oldest first (timestamps as ISO text). */
const tagsJson = sql<
  { type: string; description: string | null; createdAt: string }[]
>`coalesce((select json_agg(json_build_object('type', t.type, 'description', t.description, 'createdAt', t.created_at) order by t.created_at) from suggestion_tags t where t.suggestion_id = ${suggestions.id}), '[]'::json)`;

/**
 * One page of suggestions matching `where`, in `order`, with their authors and tags, in one statement. The page's
 * ids are chosen first, so the author join and the tags are read for the page's rows only, never for the rows
 * OFFSET skips (2,000 tag lookups on page 100); the outer query sorts the page's rows again by the same order.
 */
export async function pageOf(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const page = db
    .select({ id: suggestions.id })
    .from(suggestions)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ ...summaryColumns, tags: tagsJson })
    .from(page)
    .innerJoin(suggestions, eq(suggestions.id, page.id))
    .innerJoin(users, eq(users.id, suggestions.authorId))
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
