import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { personColumns, type PersonRow } from '@cr/core/db/person-columns';
import { directMessages, userBlocks, userFollows, users, type DirectMessageRow } from '@cr/core/db/schema';

export type SocialPersonRow = PersonRow;
const person = personColumns;

export async function findPerson(db: Db, id: string): Promise<SocialPersonRow | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findPeople(db: Db, ids: string[]): Promise<SocialPersonRow[]> {
  if (ids.length === 0) return [];
  return db.select(person).from(users).where(inArray(users.id, ids));
}

// ---- follow ----

/** Idempotent: following twice keeps one row. */
export async function insertFollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.insert(userFollows).values({ followerId, followeeId }).onConflictDoNothing();
}

export async function deleteFollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
}

export async function followCounts(
  db: Db,
  userId: string,
): Promise<{ followers: number; following: number }> {
  const [row] = await db
    .select({
      followers: sql<number>`(select count(*)::int from ${userFollows} f where f.followee_id = ${userId})`,
      following: sql<number>`(select count(*)::int from ${userFollows} f where f.follower_id = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
    .limit(1);
  return !!row;
}

// ---- block ----

export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function isBlocking(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return !!row;
}

// ---- messages ----

export async function insertMessage(
  db: Db,
  values: { senderId: string; recipientId: string; content: string },
): Promise<DirectMessageRow> {
  const [row] = await db.insert(directMessages).values(values).returning();
  return row!;
}

const between = (a: string, b: string) =>
  or(
    and(eq(directMessages.senderId, a), eq(directMessages.recipientId, b)),
    and(eq(directMessages.senderId, b), eq(directMessages.recipientId, a)),
  );

/** One page of the conversation between `me` and `other`, newest first (one more than `limit` tells hasMore). */
export async function listThread(
  db: Db,
  me: string,
  other: string,
  limit: number,
  before?: Date,
): Promise<DirectMessageRow[]> {
  return db
    .select()
    .from(directMessages)
    .where(and(between(me, other), before ? lt(directMessages.createdAt, before) : undefined))
    .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
    .limit(limit + 1);
}

/** Marks read what `other` sent to `me`; returns how many changed. */
export async function markRead(db: Db, me: string, other: string, now = new Date()): Promise<number> {
  const rows = await db
    .update(directMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(directMessages.recipientId, me),
        eq(directMessages.senderId, other),
        isNull(directMessages.readAt),
      ),
    )
    .returning({ id: directMessages.id });
  return rows.length;
}

export async function countUnread(db: Db, me: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(directMessages)
    .where(and(eq(directMessages.recipientId, me), isNull(directMessages.readAt)));
  return Number(row?.n ?? 0);
}

export interface ConversationRow {
  otherId: string;
  last: DirectMessageRow;
  unread: number;
}

/** Each conversation of `me`: the other member, the last message and how many of theirs are unread. */
export async function listConversations(db: Db, me: string, limit = 100): Promise<ConversationRow[]> {
  const other = sql<string>`case when ${directMessages.senderId} = ${me} then ${directMessages.recipientId} else ${directMessages.senderId} end`;
  // The other member is computed once in a CTE, so DISTINCT ON and ORDER BY name the same column.
  const mine = db.$with('mine').as(
    db
      .select({ otherId: other.as('other_id'), id: directMessages.id, at: directMessages.createdAt })
      .from(directMessages)
      .where(or(eq(directMessages.senderId, me), eq(directMessages.recipientId, me))),
  );
  const latest = await db
    .with(mine)
    .selectDistinctOn([mine.otherId], { otherId: mine.otherId, id: mine.id })
    .from(mine)
    .orderBy(mine.otherId, desc(mine.at), desc(mine.id));
  const messages = latest.length
    ? await db
        .select()
        .from(directMessages)
        .where(
          inArray(
            directMessages.id,
            latest.map((r) => r.id),
          ),
        )
    : [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const lastRows = latest.flatMap((r) => {
    const message = byId.get(r.id);
    return message ? [{ otherId: r.otherId, message }] : [];
  });
  const unreadRows = await db
    .select({ otherId: directMessages.senderId, n: sql<number>`count(*)::int` })
    .from(directMessages)
    .where(and(eq(directMessages.recipientId, me), isNull(directMessages.readAt)))
    .groupBy(directMessages.senderId);
  const unread = new Map(unreadRows.map((r) => [r.otherId, Number(r.n)]));
  return lastRows
    .map((r) => ({ otherId: r.otherId, last: r.message, unread: unread.get(r.otherId) ?? 0 }))
    .sort((a, b) => b.last.createdAt.getTime() - a.last.createdAt.getTime())
    .slice(0, limit);
}

/**
 * Claims the messages unread since before `olderThan` and not yet in a digest: marks them digested and returns
 * them, so each message goes into at most one digest even when several api instances run the pass.
 */
export async function claimDigestMessages(
  db: Db,
  olderThan: Date,
  now = new Date(),
): Promise<{ recipientId: string; count: number; newest: Date }[]> {
  const claimed = await db
    .update(directMessages)
    .set({ digestedAt: now })
    .where(
      and(
        isNull(directMessages.readAt),
        isNull(directMessages.digestedAt),
        lt(directMessages.createdAt, olderThan),
      ),
    )
    .returning({ recipientId: directMessages.recipientId, createdAt: directMessages.createdAt });
  const by = new Map<string, { recipientId: string; count: number; newest: Date }>();
  for (const c of claimed) {
    const entry = by.get(c.recipientId) ?? { recipientId: c.recipientId, count: 0, newest: c.createdAt };
    entry.count += 1;
    if (c.createdAt > entry.newest) entry.newest = c.createdAt;
    by.set(c.recipientId, entry);
  }
  return [...by.values()];
}
