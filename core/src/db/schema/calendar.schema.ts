import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * Personal calendar feeds (ICS at a secret URL). Only the SHA-256 of the token is stored, like the api-tokens: the
 * URL is shown once when the feed is made. One live feed per member (partial unique index); renewing revokes the
 * old row and inserts a new one, so an old URL answers 404 at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_hash_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_live_user_uq')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('calendar_feeds_user_idx').on(t.userId),
  ],
);

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
