import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { calendarFeeds, type CalendarFeedRow } from '@cr/core/db/schema/calendar.schema';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { users } from '@cr/core/db/schema/users.schema';

/** Holds the member's row until the transaction ends: two "make my feed" at once run one after the other. */
export async function lockMember(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The member's live (not revoked) feed, if any. */
export async function liveFeedOf(db: Db, userId: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
  return row;
}

/** Revokes the member's live feed; returns how many rows were revoked (0 or 1). */
export async function revokeFeedsOf(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return rows.length;
}

export async function insertFeed(
  db: Db,
  feed: { userId: string; tokenHash: string },
): Promise<CalendarFeedRow> {
  const [row] = await db.insert(calendarFeeds).values(feed).returning();
  return row!;
}

/** The member behind a live feed token hash (an inactive account's feed answers like an unknown one). */
export async function feedOwnerByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: users.id,
      did: users.did,
      profile: users.profile,
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt), eq(users.active, true)),
    );
  return row;
}

/**
 * Proposals inside a window (PROPOSED: council voting; NOTIFICATION: community veto) whose end height is known.
 * Few at a time (partial indexes on the end heights), so the feed filters them per member in code.
 */
export async function proposalsInWindow(db: Db) {
  return db
    .select({
      id: proposals.id,
      number: proposals.number,
      title: proposals.title,
      status: proposals.status,
      ownerId: proposals.ownerId,
      votingEndHeight: proposals.votingEndHeight,
      vetoEndHeight: proposals.vetoEndHeight,
      term: proposals.term,
      registeredHeight: proposals.registeredHeight,
      publishedAt: proposals.publishedAt,
    })
    .from(proposals)
    .where(
      and(
        inArray(proposals.status, ['PROPOSED', 'NOTIFICATION']),
        isNotNull(proposals.votingEndHeight),
        isNotNull(proposals.number),
      ),
    )
    .orderBy(sql`${proposals.number} asc`);
}

export type WindowProposal = Awaited<ReturnType<typeof proposalsInWindow>>[number];
