import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * ELIPs (Elastos Improvement Proposals, spec §3 ELIP). `number` comes from the table's own sequence. The status
 * moves only as `ELIP_TRANSITIONS` allows (contract/src/elip.contract.ts, docs/elips.md); the check
 * constraints at the end of the migration keep status, type and language to their lists.
 */
export const elips = pgTable(
  'elips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: serial('number').notNull(),
    title: text('title').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull(),
    language: text('language').notNull().default('en'),
    discussionsTo: text('discussions_to'),
    requires: text('requires'),
    replaces: text('replaces'),
    supersededBy: text('superseded_by'),
    abstract: text('abstract').notNull(),
    motivation: text('motivation').notNull(),
    specification: text('specification').notNull(),
    rationale: text('rationale').notNull().default(''),
    backwardCompatibility: text('backward_compatibility').notNull().default(''),
    referenceImplementation: text('reference_implementation').notNull().default(''),
    copyright: text('copyright').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('elips_number_uq').on(t.number),
    index('elips_status_created_idx').on(t.status, t.createdAt),
    index('elips_author_idx').on(t.authorId),
  ],
);

/** The secretariat's reviews of an ELIP: APPROVED or REJECTED with a comment; the history is kept. */
export const elipReviews = pgTable(
  'elip_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elipId: uuid('elip_id')
      .notNull()
      .references(() => elips.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('elip_reviews_elip_idx').on(t.elipId, t.createdAt)],
);

/**
 * Council votes on an ELIP in FINAL_REVIEW: one row per seated member's DID, signed in the member's wallet
 * (wallet action `vote-elip`); a new signed vote replaces the member's previous one.
 */
export const elipVotes = pgTable(
  'elip_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elipId: uuid('elip_id')
      .notNull()
      .references(() => elips.id, { onDelete: 'cascade' }),
    voterDid: text('voter_did').notNull(),
    voterId: uuid('voter_id').references(() => users.id, { onDelete: 'set null' }),
    term: integer('term').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    statement: text('statement').notNull(),
    signature: text('signature').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('elip_votes_elip_did_uq').on(t.elipId, t.voterDid)],
);

/** Release notes of the site ("What's new"): admins write them, everyone reads them. */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    releasedOn: text('released_on').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('releases_released_on_idx').on(t.releasedOn)],
);

export type ElipRow = typeof elips.$inferSelect;
export type ElipReviewRow = typeof elipReviews.$inferSelect;
export type ElipVoteRow = typeof elipVotes.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;
