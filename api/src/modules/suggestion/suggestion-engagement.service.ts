import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/db-client';
import {
  suggestionAbuseReports,
  suggestionReactions,
  suggestionSubscriptions,
  suggestions,
} from '../../db/schema';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import { assertActive, assertVisible } from './suggestion-access';
import { bumpListGeneration } from './suggestion-count-cache';
import * as repo from './suggestion.repo';
import { publishSuggestionEvent } from './suggestion-events';

type Kind = 'like' | 'dislike';

/** Counter changes of a reaction toggle, as `x = x + d` (never read-modify-write of a whole row). */
async function bump(db: Db, id: string, delta: { like: number; dislike: number; activeness: number }) {
  const [row] = await db
    .update(suggestions)
    .set({
      likesNum: sql`${suggestions.likesNum} + ${delta.like}`,
      dislikesNum: sql`${suggestions.dislikesNum} + ${delta.dislike}`,
      activeness: sql`${suggestions.activeness} + ${delta.activeness}`,
    })
    .where(eq(suggestions.id, id))
    .returning({ likesNum: suggestions.likesNum, dislikesNum: suggestions.dislikesNum });
  return row!;
}

/**
 * Like / dislike toggles (spec: mutually exclusive). One row per member and suggestion (primary key); the
 * insert-or-lock sequence below gives the same result as running concurrent clicks one after the other.
 */
export async function toggleReaction(deps: AppDeps, user: AuthUser, ref: string, kind: Kind) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  assertActive(s);
  const result = await db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await tx
        .insert(suggestionReactions)
        .values({ suggestionId: s.id, userId: user.id, kind })
        .onConflictDoNothing()
        .returning({ kind: suggestionReactions.kind });
      if (inserted.length) {
        const counts = await bump(tx, s.id, {
          like: kind === 'like' ? 1 : 0,
          dislike: kind === 'dislike' ? 1 : 0,
          activeness: 2,
        });
        return { ...counts, myReaction: kind as Kind | null };
      }
      const [existing] = await tx
        .select({ kind: suggestionReactions.kind })
        .from(suggestionReactions)
        .where(and(eq(suggestionReactions.suggestionId, s.id), eq(suggestionReactions.userId, user.id)))
        .for('update');
      if (!existing) continue; // removed meanwhile: insert again
      const where = and(eq(suggestionReactions.suggestionId, s.id), eq(suggestionReactions.userId, user.id));
      if (existing.kind === kind) {
        await tx.delete(suggestionReactions).where(where);
        const counts = await bump(tx, s.id, {
          like: kind === 'like' ? -1 : 0,
          dislike: kind === 'dislike' ? -1 : 0,
          activeness: 0,
        });
        return { ...counts, myReaction: null };
      }
      await tx.update(suggestionReactions).set({ kind, createdAt: new Date() }).where(where);
      const counts = await bump(tx, s.id, {
        like: kind === 'like' ? 1 : -1,
        dislike: kind === 'dislike' ? 1 : -1,
        activeness: 0,
      });
      return { ...counts, myReaction: kind as Kind | null };
    }
    throw conflict('suggestion.busy', 'Please try again.');
  });
  await publishSuggestionEvent(deps, s.id, 'reaction', {
    likesNum: result.likesNum,
    dislikesNum: result.dislikesNum,
  });
  return result;
}

/** Views: one per member (or address when signed out) per suggestion per hour, remembered in Redis. */
export const VIEW_WINDOW_SEC = 3600;

export async function recordView(deps: AppDeps, user: AuthUser | null, ref: string, clientAddress: string) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  const viewer = user ? `u:${user.id}` : `ip:${clientAddress}`;
  const fresh = await deps.redis.set(
    `cr:suggestion-view:${s.id}:${viewer}`,
    '1',
    'EX',
    VIEW_WINDOW_SEC,
    'NX',
  );
  if (fresh !== 'OK') return { viewsNum: s.viewsNum, counted: false };
  const [row] = await db
    .update(suggestions)
    .set({ viewsNum: sql`${suggestions.viewsNum} + 1`, activeness: sql`${suggestions.activeness} + 1` })
    .where(eq(suggestions.id, s.id))
    .returning({ viewsNum: suggestions.viewsNum });
  return { viewsNum: row!.viewsNum, counted: true };
}

/** Follow a suggestion: its comments are e-mailed to subscribers. Idempotent. */
export async function setSubscribed(deps: AppDeps, user: AuthUser, ref: string, subscribed: boolean) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  if (subscribed)
    await db
      .insert(suggestionSubscriptions)
      .values({ userId: user.id, suggestionId: s.id })
      .onConflictDoNothing();
  else
    await db
      .delete(suggestionSubscriptions)
      .where(
        and(eq(suggestionSubscriptions.userId, user.id), eq(suggestionSubscriptions.suggestionId, s.id)),
      );
  // The member's "subscribed" list changes: cached list answers are renewed.
  await bumpListGeneration(deps);
  return { subscribed };
}

/** Report abuse: one report per member; the suggestion becomes REPORTED for the admins. */
export async function reportAbuse(deps: AppDeps, user: AuthUser, ref: string, reason?: string) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  assertActive(s);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(suggestionAbuseReports)
      .values({ suggestionId: s.id, reporterId: user.id, reason: reason || null })
      .onConflictDoNothing()
      .returning({ id: suggestionAbuseReports.suggestionId });
    if (inserted.length === 0)
      throw conflict('suggestion.already_reported', 'You have already reported this suggestion.');
    await tx.update(suggestions).set({ abuseStatus: 'REPORTED' }).where(eq(suggestions.id, s.id));
  });
  return { abuseStatus: 'REPORTED' as const };
}

/** The counters of a suggestion: one read by primary key (or by the unique number). */
export async function getStats(deps: AppDeps, ref: string) {
  const where = /^[0-9]+$/.test(ref) ? eq(suggestions.number, Number(ref)) : eq(suggestions.id, ref);
  const [row] = await deps.database.db
    .select({
      likesNum: suggestions.likesNum,
      dislikesNum: suggestions.dislikesNum,
      viewsNum: suggestions.viewsNum,
      commentsNum: suggestions.commentsNum,
      status: suggestions.status,
    })
    .from(suggestions)
    .where(where)
    .limit(1);
  if (!row || row.status === 'ABUSED') throw notFound('suggestion', 'suggestion.not_found');
  const { status: _status, ...stats } = row;
  return stats;
}
