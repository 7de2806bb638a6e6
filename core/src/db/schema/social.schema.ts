import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/** Who follows whom: one row per pair; following yourself is refused by the check. */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId),
    check('user_follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** A member blocks another: the blocked one can then neither message nor follow the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Direct messages: plain text, stored before anything is announced, so an offline recipient loses nothing.
 * `readAt` is set when the recipient opens the conversation; `digestedAt` when an unread message went into the
 * hourly e-mail digest (each message at most once).
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    index('direct_messages_pair_idx').on(t.senderId, t.recipientId, t.createdAt),
    index('direct_messages_recipient_pair_idx').on(t.recipientId, t.senderId, t.createdAt),
    index('direct_messages_unread_idx')
      .on(t.recipientId, t.createdAt)
      .where(sql`${t.readAt} is null`),
    check('direct_messages_not_self', sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

export type DirectMessageRow = typeof directMessages.$inferSelect;
