import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * Read marks of the in-app inbox (docs/inbox.md). The items themselves are derived from current state on each read
 * (votes awaited, reviews awaited, rejections, withdrawals, comments, mentions); this table only remembers which
 * item keys a member has read. A key names the item's version (e.g. a resubmission's round), so an item that comes
 * back is unread again.
 */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] }), index('inbox_reads_read_at_idx').on(t.readAt)],
);

export type InboxReadRow = typeof inboxReads.$inferSelect;
