import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import { conflict, notFound } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { assertActive, assertVisible } from './suggestion-access';
import * as repo from './suggestion.repo';
import * as engagement from './suggestion-engagement.repo';
import type { ReactionKind as Kind } from './suggestion-engagement.repo';
import { suggestionEvent } from './suggestion-events';

/**
 * Like / dislike toggles (spec: mutually exclusive). One row per member and suggestion (primary key); the
 * insert-or-lock sequence below gives the same result as running concurrent clicks one after the other.
 */
export async function toggleReaction(
  tx: Db,
  user: AuthUser,
  ref: string,
  kind: Kind,
): Promise<
  CommandOutcome<Awaited<ReturnType<typeof engagement.bumpReactionCounts>> & { myReaction: Kind | null }>
> {
  const s = assertVisible(await repo.findSuggestion(tx, ref), user);
  assertActive(s);
  const result = await (async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await engagement.insertReaction(tx, s.id, user.id, kind)) {
        const counts = await engagement.bumpReactionCounts(tx, s.id, {
          like: kind === 'like' ? 1 : 0,
          dislike: kind === 'dislike' ? 1 : 0,
          activeness: 2,
        });
        return { ...counts, myReaction: kind as Kind | null };
      }
      const existing = await engagement.reactionOf(tx, s.id, user.id, true);
      if (!existing) continue; // removed meanwhile: insert again
      if (existing.kind === kind) {
        await engagement.deleteReaction(tx, s.id, user.id);
        const counts = await engagement.bumpReactionCounts(tx, s.id, {
          like: kind === 'like' ? -1 : 0,
          dislike: kind === 'dislike' ? -1 : 0,
          activeness: 0,
        });
        return { ...counts, myReaction: null };
      }
      await engagement.changeReaction(tx, s.id, user.id, kind);
      const counts = await engagement.bumpReactionCounts(tx, s.id, {
        like: kind === 'like' ? 1 : -1,
        dislike: kind === 'dislike' ? 1 : -1,
        activeness: 0,
      });
      return { ...counts, myReaction: kind as Kind | null };
    }
    throw conflict('suggestion.busy', 'Please try again.');
  })();
  return {
    result,
    events: [
      suggestionEvent(s.id, 'reaction', { likesNum: result.likesNum, dislikesNum: result.dislikesNum }),
    ],
  };
}

/** Views: one per member (or address when signed out) per suggestion per hour, remembered in Redis. */
export const VIEW_WINDOW_SEC = 3600;

export async function recordView(
  tx: Db,
  redis: AppDeps['redis'],
  user: AuthUser | null,
  ref: string,
  clientAddress: string,
): Promise<CommandOutcome<{ viewsNum: number; counted: boolean }>> {
  const s = assertVisible(await repo.findSuggestion(tx, ref), user);
  const viewer = user ? `u:${user.id}` : `ip:${clientAddress}`;
  // The marker is the rule "one view per hour" (set if absent, as the count's gate), not an announcement.
  const fresh = await redis.set(`cr:suggestion-view:${s.id}:${viewer}`, '1', 'EX', VIEW_WINDOW_SEC, 'NX');
  if (fresh !== 'OK') return { result: { viewsNum: s.viewsNum, counted: false } };
  return { result: { viewsNum: await engagement.countView(tx, s.id), counted: true } };
}

/** Follow a suggestion: its comments are e-mailed to subscribers. Idempotent. */
export async function setSubscribed(
  tx: Db,
  user: AuthUser,
  ref: string,
  subscribed: boolean,
): Promise<CommandOutcome<{ subscribed: boolean }>> {
  const s = assertVisible(await repo.findSuggestion(tx, ref), user);
  if (subscribed) await engagement.subscribe(tx, s.id, user.id);
  else await engagement.unsubscribe(tx, s.id, user.id);
  // The member's "subscribed" list changes: cached list answers are renewed.
  return { result: { subscribed }, cacheScopes: ['suggestions'] };
}

/** Report abuse: one report per member; the suggestion becomes REPORTED for the admins. */
export async function reportAbuse(
  tx: Db,
  user: AuthUser,
  ref: string,
  reason?: string,
): Promise<CommandOutcome<{ abuseStatus: 'REPORTED' }>> {
  const s = assertVisible(await repo.findSuggestion(tx, ref), user);
  assertActive(s);
  if (!(await engagement.insertAbuseReport(tx, s.id, user.id, reason || null)))
    throw conflict('suggestion.already_reported', 'You have already reported this suggestion.');
  return { result: { abuseStatus: 'REPORTED' as const } };
}

/** The counters of a suggestion: one read by primary key (or by the unique number). */
export async function getStats(deps: AppDeps, ref: string) {
  const row = await engagement.statsOf(
    deps.database.db,
    /^[0-9]+$/.test(ref) ? { number: Number(ref) } : { id: ref },
  );
  if (!row || row.status === 'ABUSED') throw notFound('suggestion', 'suggestion.not_found');
  const { status: _status, ...stats } = row;
  return stats;
}
