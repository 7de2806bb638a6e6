import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app-deps';
import type { SuggestionList, SuggestionListQuery } from '../../contract/suggestion.contract';
import type { Db } from '../../db/db-client';
import { suggestions } from '../../db/schema';
import { unauthorized } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import { enforceRate } from '../../http/rate-limit';
import * as repo from './suggestion.repo';
import { escapeLike, searchTsQuery } from './suggestion-search';
import { amountOut, toSummary } from './suggestion-view';
import { cachedCount } from './suggestion-count-cache';

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

/** The WHERE of a public list query; every value is a parameter, nothing from the query string is spread. */
export function listCondition(query: SuggestionListQuery, user: AuthUser | null): SQL | undefined {
  const conds: SQL[] = [];
  const me = () => {
    if (!user) throw unauthorized();
    return user.id;
  };
  switch (query.filter) {
    case 'mine':
      conds.push(eq(suggestions.authorId, me()));
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
        sql`exists (select 1 from suggestion_comments c where c.suggestion_id = ${suggestions.id} and c.author_id = ${me()} and c.deleted_at is null)`,
      );
      break;
    case 'subscribed':
      conds.push(
        eq(suggestions.status, 'ACTIVE'),
        sql`exists (select 1 from suggestion_subscriptions ss where ss.suggestion_id = ${suggestions.id} and ss.user_id = ${me()})`,
      );
      break;
    default:
      conds.push(eq(suggestions.status, 'ACTIVE'));
  }
  if (query.type) conds.push(eq(suggestions.type, query.type));
  if (query.search) conds.push(searchCondition(query.searchBy, query.search));
  return and(...conds);
}

/**
 * An exact e-mail match tells whether that address wrote a suggestion, so it is for signed-in members only and
 * counted per member (EMAIL_SEARCH_LIMIT per 15 minutes): enough to look people up, too few to sweep a list.
 */
async function allowEmailSearch(deps: AppDeps, user: AuthUser | null): Promise<void> {
  if (!user) throw unauthorized();
  const limit = deps.config.EMAIL_SEARCH_LIMIT;
  if (limit > 0)
    await enforceRate(deps.redis, { name: 'suggestion-email-search', limit, windowSec: 15 * 60 }, user.id);
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

/** Filters whose sets belong to one member: small, counted on every request, never shared in a cache. */
const PERSONAL_FILTERS = new Set<SuggestionListQuery['filter']>(['mine', 'commented', 'subscribed']);

/** A list query whose answer differs from member to member (the cache keeps it per member). */
export const isPersonalQuery = (query: Pick<SuggestionListQuery, 'filter'>): boolean =>
  PERSONAL_FILTERS.has(query.filter);

/** GET /api/suggestion: one page and the total of the filtered list. */
export async function listSuggestions(
  deps: AppDeps,
  user: AuthUser | null,
  query: SuggestionListQuery,
): Promise<SuggestionList> {
  const db = deps.database.db;
  if (query.search && query.searchBy === 'email') await allowEmailSearch(deps, user);
  const where = listCondition(query, user);
  const [rows, total] = await Promise.all([
    repo.pageOf(db, where, listOrder(query.sortBy), query.results, (query.page - 1) * query.results),
    isPersonalQuery(query)
      ? repo.countOf(db, where)
      : cachedCount(deps, query, () => repo.countOf(db, where)),
  ]);
  const tags = await repo.tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toSummary(r, tags)),
    total,
    page: query.page,
    results: query.results,
  };
}

/** At most this many rows go into one CSV export. */
export const CSV_MAX_ROWS = 10_000;
const CSV_BATCH = 500;

/** A CSV cell: quoted, quotes doubled, and formula-looking text defused (CSV injection). */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const CSV_HEADER = [
  'Number',
  'Title',
  'Type',
  'Author',
  'Status',
  'Signed',
  'Budget (ELA)',
  'Likes',
  'Dislikes',
  'Views',
  'Comments',
  'Created',
  'Updated',
  'Abstract',
];

/** The filtered list as CSV rows (no e-mails), in the list's order, in batches. */
export async function* exportRows(db: Db, user: AuthUser | null, query: SuggestionListQuery) {
  const where = listCondition(query, user);
  const order = listOrder(query.sortBy);
  yield CSV_HEADER.map(csvCell).join(',') + '\r\n';
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await repo.pageOf(db, where, order, Math.min(CSV_BATCH, CSV_MAX_ROWS - offset), offset);
    if (rows.length === 0) return;
    yield (
      rows
        .map((r) =>
          [
            r.number,
            r.title,
            r.type,
            r.authorUsername,
            r.status,
            r.signed ? 'yes' : 'no',
            amountOut(r.budgetTotal) ?? '',
            r.likesNum,
            r.dislikesNum,
            r.viewsNum,
            r.commentsNum,
            r.createdAt.toISOString(),
            r.updatedAt.toISOString(),
            r.abstract,
          ]
            .map(csvCell)
            .join(','),
        )
        .join('\r\n') + '\r\n'
    );
    if (rows.length < CSV_BATCH) return;
  }
}
