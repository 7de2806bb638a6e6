import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chainActions } from './chain.schema';
import { users } from './users.schema';

/**
 * Who was told that the chain refused an action for good (core/src/chain/chain-refusal.ts): one row per action and
 * person who signed it, written in the transaction that records the failure. The inbox lists them (kind
 * `chain-refused`) until read and a `chain.refused` e-mail goes to each; the text is rendered from `title`, the
 * action's `failure_reason` and `link` at read or send time.
 */
export const chainRefusalNotices = pgTable(
  'chain_refusal_notices',
  {
    actionId: uuid('action_id')
      .notNull()
      .references(() => chainActions.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was refused, in the words of its module (e.g. the proposal's title). */
    title: text('title').notNull(),
    /** The page where the person sees the record as it now is (a site path, e.g. `/proposals/<id>`). */
    link: text('link').notNull(),
    /** The record the notice is about (`proposal`, `suggestion`...) and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.recipientId] }),
    index('chain_refusal_notices_recipient_idx').on(t.recipientId, t.createdAt),
  ],
);

export type ChainRefusalNoticeRow = typeof chainRefusalNotices.$inferSelect;
