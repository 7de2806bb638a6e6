import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type {
  adminSuggestionListQuerySchema,
  adminSuggestionListSchema,
} from '../../contract/suggestion.contract';
import { suggestionAbuseReports, suggestions, users } from '../../db/schema';
import { conflict } from '../../http/app-error';
import type { z } from 'zod';
import type { AuthUser } from '../session/auth-user';
import { assertVisible } from './suggestion-access';
import { bumpListGeneration } from './suggestion-count-cache';
import { searchCondition } from './suggestion-list.service';
import * as repo from './suggestion.repo';
import { getSuggestionDetail } from './suggestion.service';
import { toPublicAuthor, toSummary } from './suggestion-view';
import { publishSuggestionEvent } from './suggestion-events';

/** Admin list: every status, filtered by abuse state, newest change first, with the reports. */
export async function adminListSuggestions(
  deps: AppDeps,
  query: z.infer<typeof adminSuggestionListQuerySchema>,
): Promise<z.infer<typeof adminSuggestionListSchema>> {
  const db = deps.database.db;
  const conds: SQL[] = [];
  if (query.abuse !== 'any') conds.push(eq(suggestions.abuseStatus, query.abuse));
  if (query.status) conds.push(eq(suggestions.status, query.status));
  if (query.search)
    conds.push(searchCondition(/^#?\d+$/.test(query.search) ? 'number' : 'title', query.search));
  const where = conds.length ? and(...conds) : undefined;
  const order =
    query.abuse === 'any'
      ? [desc(suggestions.number)]
      : [desc(suggestions.updatedAt), desc(suggestions.number)];
  const [rows, total] = await Promise.all([
    repo.pageOf(db, where, order, query.results, (query.page - 1) * query.results),
    repo.countOf(db, where),
  ]);
  const ids = rows.map((r) => r.id);
  const [tags, reports] = await Promise.all([
    repo.tagsOf(db, ids),
    ids.length
      ? db
          .select({ report: suggestionAbuseReports, ...repo.authorColumns })
          .from(suggestionAbuseReports)
          .innerJoin(users, eq(users.id, suggestionAbuseReports.reporterId))
          .where(inArray(suggestionAbuseReports.suggestionId, ids))
          .orderBy(suggestionAbuseReports.createdAt)
      : Promise.resolve([]),
  ]);
  return {
    list: rows.map((r) => ({
      ...toSummary(r, tags),
      abuseStatus: r.abuseStatus,
      reports: reports
        .filter((x) => x.report.suggestionId === r.id)
        .map((x) => ({
          reporter: toPublicAuthor(x),
          reason: x.report.reason,
          createdAt: x.report.createdAt.toISOString(),
        })),
    })),
    total,
    page: query.page,
    results: query.results,
  };
}

/** Admin handles a report: `hide` makes the suggestion ABUSED, `dismiss` keeps it; both mark it HANDLED. */
export async function handleAbuse(deps: AppDeps, user: AuthUser, ref: string, action: 'hide' | 'dismiss') {
  const db = deps.database.db;
  const id = await db.transaction(async (tx) => {
    const row = assertVisible(await repo.findSuggestion(tx, ref, true), user);
    if (row.abuseStatus !== 'REPORTED')
      throw conflict('suggestion.not_reported', 'This suggestion has no open report.');
    await tx
      .update(suggestions)
      .set({
        abuseStatus: 'HANDLED',
        ...(action === 'hide' ? { status: 'ABUSED' as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(suggestions.id, row.id));
    return row.id;
  });
  await bumpListGeneration(deps);
  const detail = await getSuggestionDetail(deps, user, id);
  await publishSuggestionEvent(deps, id, 'suggestion-status', { status: detail.status });
  return detail;
}
