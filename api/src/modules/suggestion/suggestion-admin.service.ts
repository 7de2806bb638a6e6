import type { AppDeps } from '../../app-deps';
import type {
  adminSuggestionListQuerySchema,
  adminSuggestionListSchema,
} from '@cr/contract/suggestion.contract';
import { conflict } from '@cr/core/errors/app-error';
import type { z } from 'zod';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { assertVisible } from './suggestion-access';
import { adminCondition, adminOrder, countOf, pageOf, tagsOfPage } from './suggestion-list.repo';
import { reportsOf } from './suggestion-engagement.repo';
import * as repo from './suggestion.repo';
import { toPublicAuthor, toSummary } from './suggestion-view';
import { suggestionEvent } from './suggestion-events';
import { recordAudit } from '../audit';

/** Admin list: every status, filtered by abuse state, newest change first, with the reports. */
export async function adminListSuggestions(
  deps: AppDeps,
  query: z.infer<typeof adminSuggestionListQuerySchema>,
): Promise<z.infer<typeof adminSuggestionListSchema>> {
  const db = deps.database.db;
  const where = adminCondition({
    abuse: query.abuse,
    status: query.status,
    // A number ("12", "#12") finds that suggestion; any other text searches the titles.
    search: query.search
      ? { by: /^#?\d+$/.test(query.search) ? 'number' : 'title', text: query.search }
      : undefined,
  });
  const [rows, total] = await Promise.all([
    pageOf(db, where, adminOrder(query.abuse !== 'any'), query.results, (query.page - 1) * query.results),
    countOf(db, where),
  ]);
  const ids = rows.map((r) => r.id);
  const [tags, reports] = [tagsOfPage(rows), await reportsOf(db, ids)];
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
export async function handleAbuse(
  tx: Db,
  user: AuthUser,
  ref: string,
  action: 'hide' | 'dismiss',
  requestId: string | null = null,
): Promise<CommandOutcome<string>> {
  const row = assertVisible(await repo.findSuggestion(tx, ref, true), user);
  if (row.abuseStatus !== 'REPORTED')
    throw conflict('suggestion.not_reported', 'This suggestion has no open report.');
  if (action === 'hide' && row.status !== 'ABUSED')
    await repo.moveSuggestionStatus(tx, row.id, row.status, 'ABUSED', { abuseStatus: 'HANDLED' });
  else await repo.markAbuseHandled(tx, row.id);
  const status = action === 'hide' ? 'ABUSED' : row.status;
  // Moderation is a privileged act: its audit entry commits with it.
  await recordAudit(tx, {
    actorId: user.id,
    action: `suggestion.abuse_${action}`,
    targetType: 'suggestion',
    targetId: row.id,
    before: { status: row.status, abuseStatus: row.abuseStatus },
    after: { status, abuseStatus: 'HANDLED' },
    requestId,
  });
  return {
    result: row.id,
    cacheScopes: ['suggestions'],
    events: [suggestionEvent(row.id, 'suggestion-status', { status })],
  };
}
