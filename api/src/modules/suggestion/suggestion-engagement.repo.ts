import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import {
  suggestionAbuseReports,
  suggestionReactions,
  suggestionSubscriptions,
  suggestions,
  users,
} from '@cr/core/db/schema';
import { authorColumns } from './suggestion.repo';

export type ReactionKind = 'like' | 'dislike';

/** Counter changes of a reaction toggle, as `x = x + d` (never read-modify-write of a whole row). */
export async function bumpReactionCounts(
  db: Db,
  id: string,
  delta: { like: number; dislike: number; activeness: number },
) {
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

/** Adds a member's reaction; false when they already have one (the primary key). */
export async function insertReaction(
  db: Db,
  suggestionId: string,
  userId: string,
  kind: ReactionKind,
): Promise<boolean> {
  const inserted = await db
    .insert(suggestionReactions)
    .values({ suggestionId, userId, kind })
    .onConflictDoNothing()
    .returning({ kind: suggestionReactions.kind });
  return inserted.length > 0;
}

const reactionWhere = (suggestionId: string, userId: string) =>
  and(eq(suggestionReactions.suggestionId, suggestionId), eq(suggestionReactions.userId, userId));

/** A member's reaction to a suggestion; `lock` takes its row lock. */
export async function reactionOf(
  db: Db,
  suggestionId: string,
  userId: string,
  lock = false,
): Promise<{ kind: ReactionKind } | undefined> {
  const q = db
    .select({ kind: suggestionReactions.kind })
    .from(suggestionReactions)
    .where(reactionWhere(suggestionId, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function deleteReaction(db: Db, suggestionId: string, userId: string): Promise<void> {
  await db.delete(suggestionReactions).where(reactionWhere(suggestionId, userId));
}

export async function changeReaction(
  db: Db,
  suggestionId: string,
  userId: string,
  kind: ReactionKind,
): Promise<void> {
  await db
    .update(suggestionReactions)
    .set({ kind, createdAt: new Date() })
    .where(reactionWhere(suggestionId, userId));
}

/** Counts one view (+1 view, +1 activeness) and returns the new number of views. */
export async function countView(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(suggestions)
    .set({ viewsNum: sql`${suggestions.viewsNum} + 1`, activeness: sql`${suggestions.activeness} + 1` })
    .where(eq(suggestions.id, id))
    .returning({ viewsNum: suggestions.viewsNum });
  return row!.viewsNum;
}

/** The counters and status of a suggestion by id or display number. */
export async function statsOf(db: Db, ref: { id: string } | { number: number }) {
  const [row] = await db
    .select({
      likesNum: suggestions.likesNum,
      dislikesNum: suggestions.dislikesNum,
      viewsNum: suggestions.viewsNum,
      commentsNum: suggestions.commentsNum,
      status: suggestions.status,
    })
    .from(suggestions)
    .where('number' in ref ? eq(suggestions.number, ref.number) : eq(suggestions.id, ref.id))
    .limit(1);
  return row;
}

export async function subscribe(db: Db, suggestionId: string, userId: string): Promise<void> {
  await db.insert(suggestionSubscriptions).values({ userId, suggestionId }).onConflictDoNothing();
}

export async function unsubscribe(db: Db, suggestionId: string, userId: string): Promise<void> {
  await db
    .delete(suggestionSubscriptions)
    .where(
      and(eq(suggestionSubscriptions.userId, userId), eq(suggestionSubscriptions.suggestionId, suggestionId)),
    );
}

export async function isSubscribed(db: Db, suggestionId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: suggestionSubscriptions.userId })
    .from(suggestionSubscriptions)
    .where(
      and(eq(suggestionSubscriptions.suggestionId, suggestionId), eq(suggestionSubscriptions.userId, userId)),
    );
  return rows.length > 0;
}

export async function subscriberIds(db: Db, suggestionId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: suggestionSubscriptions.userId })
    .from(suggestionSubscriptions)
    .where(eq(suggestionSubscriptions.suggestionId, suggestionId));
  return rows.map((r) => r.userId);
}

/** Stores a member's report and marks the suggestion REPORTED; false when they reported it before. */
export async function insertAbuseReport(
  db: Db,
  suggestionId: string,
  reporterId: string,
  reason: string | null,
): Promise<boolean> {
  const inserted = await db
    .insert(suggestionAbuseReports)
    .values({ suggestionId, reporterId, reason })
    .onConflictDoNothing()
    .returning({ id: suggestionAbuseReports.suggestionId });
  if (inserted.length === 0) return false;
  await db.update(suggestions).set({ abuseStatus: 'REPORTED' }).where(eq(suggestions.id, suggestionId));
  return true;
}

/** The abuse reports of these suggestions with their reporters, oldest first. */
export async function reportsOf(db: Db, suggestionIds: string[]) {
  if (suggestionIds.length === 0) return [];
  return db
    .select({ report: suggestionAbuseReports, ...authorColumns })
    .from(suggestionAbuseReports)
    .innerJoin(users, eq(users.id, suggestionAbuseReports.reporterId))
    .where(inArray(suggestionAbuseReports.suggestionId, suggestionIds))
    .orderBy(suggestionAbuseReports.createdAt);
}
