import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SuggestionContent, SuggestionDraftContent } from '@cr/contract/suggestion-content.contract';
import { users } from './users.schema';

/** A text-search document (built from our own tokens with array_to_tsvector, so no locale decides words). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Suggestion display numbers (#1, #2...): a sequence, never count()+1. */
export const suggestionNumberSeq = pgSequence('suggestion_number_seq', { startWith: 1 });

/**
 * A posted suggestion (docs/suggestion-states.md). `status` ACTIVE | ARCHIVED | CANCELLED | ABUSED;
 * `abuse_status` null | REPORTED | HANDLED. The counters are changed only by `x = x ± 1` in the transaction that
 * writes the row they count (reactions, comments), so concurrent clicks never lose an update.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('suggestion_number_seq')`),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull(),
    /** The validated, normalized content (suggestion-content.contract.ts); what the draft hash covers. */
    content: jsonb('content').$type<SuggestionContent>().notNull(),
    /** Total budget in ELA (exact decimal, 8 places); null without a budget. */
    budgetTotal: numeric('budget_total', { precision: 30, scale: 8 }),
    titleSearch: tsvector('title_search').notNull(),
    abstractSearch: tsvector('abstract_search').notNull(),
    status: text('status')
      .$type<'ACTIVE' | 'ARCHIVED' | 'CANCELLED' | 'ABUSED'>()
      .notNull()
      .default('ACTIVE'),
    abuseStatus: text('abuse_status').$type<'REPORTED' | 'HANDLED'>(),
    /** The current version number (suggestion_versions holds every one). */
    version: integer('version').notNull().default(1),
    /** SHA-256 of the canonical form of (number, content): what the author signs. */
    draftHash: text('draft_hash').notNull(),
    /** Signature by the author's DID over the signing statement (which ends with the draft hash). */
    signed: boolean('signed').notNull().default(false),
    signature: text('signature'),
    signerDid: text('signer_did'),
    signerPublicKey: text('signer_public_key'),
    signedStatement: text('signed_statement'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Set by the proposal feature when a council member makes it a proposal. */
    proposalNumber: bigint('proposal_number', { mode: 'number' }),
    proposalHash: text('proposal_hash'),
    likesNum: integer('likes_num').notNull().default(0),
    dislikesNum: integer('dislikes_num').notNull().default(0),
    viewsNum: integer('views_num').notNull().default(0),
    commentsNum: integer('comments_num').notNull().default(0),
    /** Trending score: +1 per counted view, +2 per reaction, +3 per comment. */
    activeness: integer('activeness').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suggestions_number_uq').on(t.number),
    // The list indexes end with the filtered columns, the id and the author, so a page's ids are read from the index
    // alone (an index-only scan): page 100 skips 2,000 entries without visiting 2,000 rows (8.6 ms → 0.5 ms), and a
    // search by author name walks them checking each author against the matched members
    // (docs/list-performance.md#searches).
    index('suggestions_status_number_idx').on(t.status, t.number.desc(), t.signed, t.type, t.id, t.authorId),
    ...(
      [
        ['suggestions_status_likes_idx', t.likesNum],
        ['suggestions_status_views_idx', t.viewsNum],
        ['suggestions_status_activeness_idx', t.activeness],
      ] as const
    ).map(([name, sortKey]) =>
      index(name).on(t.status, sortKey.desc(), t.number.desc(), t.signed, t.type, t.id, t.authorId),
    ),
    index('suggestions_status_signed_number_idx').on(
      t.status,
      t.signed,
      t.number.desc(),
      t.type,
      t.id,
      t.authorId,
    ),
    // An author's suggestions with the filtered columns: a search by author name counts its (up to 1,001) matches
    // from the index alone, never from the rows (12.4 → 2.6 ms for a first name 59 members share).
    index('suggestions_author_number_idx').on(t.authorId, t.number.desc(), t.status, t.signed, t.type, t.id),
    index('suggestions_abuse_idx').on(t.abuseStatus, t.updatedAt.desc()),
    index('suggestions_title_search_idx').using('gin', t.titleSearch),
    index('suggestions_abstract_search_idx').using('gin', t.abstractSearch),
  ],
);

/**
 * How many suggestions hold each (status, signed, type): the public lists' totals are summed from these few rows
 * instead of counting up to 100,000 index entries on every page. Kept exact by the trigger suggestions_counts
 * (migration 0029) in the same transaction as the suggestion's own change; never written by the app.
 */
export const suggestionCounts = pgTable(
  'suggestion_counts',
  {
    status: text('status').notNull(),
    signed: boolean('signed').notNull(),
    type: text('type').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.signed, t.type] })],
);

/** Every saved state of a suggestion: version 1 on posting, one more per edit or revert. */
export const suggestionVersions = pgTable(
  'suggestion_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    content: jsonb('content').$type<SuggestionContent>().notNull(),
    draftHash: text('draft_hash').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** Set when this version restores an earlier one. */
    revertedFrom: integer('reverted_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suggestion_versions_uq').on(t.suggestionId, t.version)],
);

/** Unposted work of an author: a new suggestion (suggestion_id null) or pending edits of one (one per suggestion). */
export const suggestionDrafts = pgTable(
  'suggestion_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suggestionId: uuid('suggestion_id').references(() => suggestions.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: jsonb('content').$type<SuggestionDraftContent>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suggestion_drafts_suggestion_uq').on(t.suggestionId),
    index('suggestion_drafts_author_idx').on(t.authorId, t.updatedAt.desc()),
  ],
);

export const suggestionComments = pgTable(
  'suggestion_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** A reply names the comment it answers (one level of threads). */
    parentId: uuid('parent_id').references((): AnyPgColumn => suggestionComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Users @mentioned (ids), notified by e-mail. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A deleted comment keeps its place in the thread without its text. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('suggestion_comments_suggestion_idx').on(t.suggestionId, t.createdAt),
    index('suggestion_comments_author_idx').on(t.authorId, t.suggestionId),
  ],
);

/** One like or dislike per member and suggestion (mutually exclusive by the primary key). */
export const suggestionReactions = pgTable(
  'suggestion_reactions',
  {
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'like' | 'dislike'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.suggestionId, t.userId] }),
    index('suggestion_reactions_user_idx').on(t.userId),
  ],
);

export const suggestionSubscriptions = pgTable(
  'suggestion_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.suggestionId] }),
    index('suggestion_subscriptions_suggestion_idx').on(t.suggestionId),
  ],
);

/** Council tags: UNDER_CONSIDERATION, INFO_NEEDED (with the council's comment), ADDED_TO_PROPOSAL. */
export const suggestionTags = pgTable(
  'suggestion_tags',
  {
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    type: text('type').$type<'UNDER_CONSIDERATION' | 'INFO_NEEDED' | 'ADDED_TO_PROPOSAL'>().notNull(),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.suggestionId, t.type] })],
);

/** Abuse reports, one per member and suggestion; the suggestion's abuse_status summarizes them. */
export const suggestionAbuseReports = pgTable(
  'suggestion_abuse_reports',
  {
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.suggestionId, t.reporterId] })],
);

export type SuggestionRow = typeof suggestions.$inferSelect;
export type SuggestionVersionRow = typeof suggestionVersions.$inferSelect;
export type SuggestionDraftRow = typeof suggestionDrafts.$inferSelect;
export type SuggestionCommentRow = typeof suggestionComments.$inferSelect;
