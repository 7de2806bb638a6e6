import type { AppDeps } from '../../app-deps';
import type { SuggestionList, SuggestionListQuery } from '@cr/contract/suggestion.contract';
import type { Db } from '@cr/core/db/db-client';
import { unauthorized } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { enforceRate } from '../../http/rate-limit';
import {
  listCondition,
  listOrder,
  listPage,
  pageOf,
  PERSONAL_FILTERS,
  tagsOfPage,
} from './suggestion-list.repo';
import { amountOut, toSummary } from './suggestion-view';

/**
 * An exact e-mail match tells whether that address wrote a suggestion, so it is for signed-in members only and
 * counted per member (EMAIL_SEARCH_LIMIT per 15 minutes): enough to look people up, too few to sweep a list.
 */
async function allowEmailSearch(deps: AppDeps, user: AuthUser | null): Promise<void> {
  if (!user) throw unauthorized();
  const limit = deps.config.EMAIL_SEARCH_LIMIT;
  if (limit > 0)
    await enforceRate(deps, { name: 'suggestion-email-search', limit, windowSec: 15 * 60 }, user.id);
}

/** A list query whose answer differs from member to member (the cache keeps it per member). */
export const isPersonalQuery = (query: Pick<SuggestionListQuery, 'filter'>): boolean =>
  PERSONAL_FILTERS.has(query.filter);

/** The member a list query is read for; the member's own filters need one signed in. */
function readerOf(query: SuggestionListQuery, user: AuthUser | null): string | null {
  if (isPersonalQuery(query) && !user) throw unauthorized();
  return user?.id ?? null;
}

/** GET /api/suggestion: one page and the total of the filtered list. */
export async function listSuggestions(
  deps: AppDeps,
  user: AuthUser | null,
  query: SuggestionListQuery,
): Promise<SuggestionList> {
  const db = deps.database.db;
  if (query.search && query.searchBy === 'email') await allowEmailSearch(deps, user);
  const reader = readerOf(query, user);
  const { rows, total, totalCapped } = await listPage(
    db,
    query,
    reader,
    query.results,
    (query.page - 1) * query.results,
  );
  const tags = tagsOfPage(rows);
  return {
    list: rows.map((r) => toSummary(r, tags)),
    total,
    totalCapped,
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
  const where = listCondition(query, readerOf(query, user));
  const order = listOrder(query.sortBy);
  yield CSV_HEADER.map(csvCell).join(',') + '\r\n';
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await pageOf(db, where, order, Math.min(CSV_BATCH, CSV_MAX_ROWS - offset), offset);
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
