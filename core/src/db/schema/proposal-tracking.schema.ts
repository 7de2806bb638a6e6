import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TrackingKind, TrackingStatus } from '@cr/contract/proposal-tracking.contract';
import { proposals } from './proposal.schema';
import { users } from './users.schema';

/**
 * Tracking messages and the final summary of a proposal (docs/tracking-states.md): one table for both kinds, the
 * same review. `status` moves only through moveTrackingStatus (TRACKING_TRANSITIONS); `round` counts the
 * submissions, so each submission and its review are mailed once.
 */
export const proposalTracking = pgTable(
  'proposal_tracking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TrackingKind>().notNull(),
    status: text('status').$type<TrackingStatus>().notNull(),
    /** Markdown as written; rendered sanitized by the web app. */
    content: text('content').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    round: integer('round').notNull().default(0),
    reviewComment: text('review_comment'),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Set once, when the secretary general publishes the entry: SHA-256 (contracts-abi textHash, 0x + 64 hex) of
     * `content` and of `reviewComment` as published. The archive carries both beside the texts, so a text edited in
     * the database afterwards no longer matches its hash (docs/verify.md "Archive").
     */
    contentHash: text('content_hash'),
    reviewHash: text('review_hash'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_tracking_list_idx').on(t.proposalId, t.kind, t.createdAt),
    // One final summary per proposal.
    uniqueIndex('proposal_tracking_summary_uq')
      .on(t.proposalId)
      .where(sql`${t.kind} = 'SUMMARY'`),
  ],
);

/** The secretariat notes of a proposal: every edit is a row; the newest is the current text. */
export const proposalNotes = pgTable(
  'proposal_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_notes_proposal_idx').on(t.proposalId, t.createdAt.desc())],
);

export type ProposalTrackingRow = typeof proposalTracking.$inferSelect;
export type ProposalNotesRow = typeof proposalNotes.$inferSelect;
