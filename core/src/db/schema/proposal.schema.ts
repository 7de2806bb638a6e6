import { sql } from 'drizzle-orm';
import {
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
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import type { SuggestionContent } from '@cr/contract/suggestion-content.contract';
import type { ChainStatus } from '../../chain/chain-status';
import { chainActions } from './chain.schema';
import { elips } from './elip.schema';
import { suggestions } from './suggestion.schema';
import { users } from './users.schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Proposal display numbers (#1, #2...): a sequence taken when a proposal is published, never count()+1. */
export const proposalNumberSeq = pgSequence('proposal_number_seq', { startWith: 1 });

/** The terms registered on chain, as JSON (amounts in wei as decimal strings). */
export interface StoredTerms {
  kind: 'NORMAL' | 'CHANGE_OWNER' | 'CHANGE_SECRETARY' | 'TERMINATE';
  recipient: string;
  stages: { kind: 'ADVANCE' | 'CONDITIONED' | 'COMPLETION'; amount: string }[];
  target: string;
  newDid: string;
  newQx: string;
  newQy: string;
  newRecipient: string;
}

/**
 * A proposal (docs/proposal-states.md). DRAFT rows belong to the council member preparing them; every other
 * status follows the chain: PROPOSED is written when the member's registration is signed (pending chain), and the
 * Governance events move it on. `voting_end_height`/`veto_end_height` come from the ProposalRegistered event.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null while DRAFT; nextval('proposal_number_seq') when published. */
    number: bigint('number', { mode: 'number' }),
    status: text('status').$type<ProposalStatus>().notNull(),
    kind: text('kind').$type<StoredTerms['kind']>().notNull().default('NORMAL'),
    /** The suggestion type (spec §3), e.g. "1", CHANGE_PROPOSAL. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    titleSearch: tsvector('title_search').notNull(),
    abstract: text('abstract').notNull().default(''),
    contentFormat: text('content_format').$type<'MARKDOWN' | 'HTML'>().notNull().default('MARKDOWN'),
    content: text('content'),
    goal: text('goal'),
    motivation: text('motivation'),
    planText: text('plan_text'),
    relevanceText: text('relevance_text'),
    budgetStatement: text('budget_statement'),
    /** The signed suggestion's content (budget, plan, relevance, type-specific fields) as registered. */
    suggestionContent: jsonb('suggestion_content').$type<SuggestionContent>(),
    conflict: boolean('conflict').notNull().default(false),
    motionReference: integer('motion_reference'),
    /** Total budget in ELA (exact, 8 places); null without budget. */
    budgetTotal: numeric('budget_total', { precision: 30, scale: 8 }),
    suggestionId: uuid('suggestion_id').references(() => suggestions.id),
    /** The ELIP a council member submitted as this proposal (docs/elips.md); one proposal per ELIP. */
    elipId: uuid('elip_id').references(() => elips.id),
    /** The suggestion's author (owner of the proposal). */
    ownerId: uuid('owner_id').references(() => users.id),
    /** The council member who created it / made it a proposal (proposer, referee). */
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => users.id),
    proposerDid: text('proposer_did'),
    // ---- registration (set when published) ----
    /** 0x + the suggestion's draft hash: the proposal's id on chain. */
    draftHash: text('draft_hash'),
    termsHash: text('terms_hash'),
    terms: jsonb('terms').$type<StoredTerms>(),
    ownerDid: text('owner_did'),
    ownerSignature: text('owner_signature'),
    memberSignature: text('member_signature'),
    registerStatement: text('register_statement'),
    registerActionId: uuid('register_action_id').references(() => chainActions.id),
    registerChainStatus: text('register_chain_status').$type<ChainStatus>(),
    registerTxHash: text('register_tx_hash'),
    term: integer('term'),
    registeredHeight: bigint('registered_height', { mode: 'number' }),
    votingEndHeight: bigint('voting_end_height', { mode: 'number' }),
    vetoEndHeight: bigint('veto_end_height', { mode: 'number' }),
    seats: integer('seats').notNull().default(12),
    // ---- live tallies (from VoteCast / VetoLocked events) ----
    yesCount: integer('yes_count').notNull().default(0),
    opposeCount: integer('oppose_count').notNull().default(0),
    abstainCount: integer('abstain_count').notNull().default(0),
    vetoTotalWei: numeric('veto_total_wei', { precision: 78, scale: 0 }).notNull().default('0'),
    vetoThresholdWei: numeric('veto_threshold_wei', { precision: 78, scale: 0 }),
    vetoStakes: integer('veto_stakes').notNull().default(0),
    /** Effects of CHANGE_OWNER / CHANGE_SECRETARY / TERMINATE were applied in the database (once, at ACTIVE). */
    effectsAppliedAt: timestamp('effects_applied_at', { withTimezone: true }),
    /** Reminders to members who have not voted: scheduled once per window (rows in proposal_notifications). */
    remindedEarlyAt: timestamp('reminded_early_at', { withTimezone: true }),
    remindedLateAt: timestamp('reminded_late_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposals_number_uq').on(t.number),
    // One proposal per suggestion (drafts excepted): the second council member gets a clear refusal.
    uniqueIndex('proposals_suggestion_uq')
      .on(t.suggestionId)
      .where(sql`${t.status} <> 'DRAFT'`),
    uniqueIndex('proposals_draft_hash_uq').on(t.draftHash),
    uniqueIndex('proposals_elip_uq').on(t.elipId),
    // The list indexes end with the filtered columns and the id, so a page's ids are read from the index alone (an
    // index-only scan): page 31 of 50 skips 1,500 entries without visiting their rows (1.9 ms → 0.3 ms). The id
    // is `desc nulls first`, as the list's `id desc` tie-breaker sorts.
    index('proposals_status_number_idx').on(t.status, t.number.desc(), t.createdAt.desc(), t.type, t.id),
    index('proposals_number_idx').on(t.number.desc(), t.createdAt.desc(), t.status, t.type, t.id),
    index('proposals_created_idx').on(t.createdAt.desc(), t.id.desc().nullsFirst(), t.status, t.type),
    index('proposals_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc().nullsFirst(), t.type),
    index('proposals_proposer_idx').on(t.proposerId, t.number.desc()),
    // A proposer search's matches (each named member's proposals, status not DRAFT, a type or any) with what the
    // list's orders read, from the index alone: without it the count read all 5,000 wide rows (40–70 ms) whatever
    // the name matched, and the page then visited each match's row (docs/list-performance.md#searches).
    index('proposals_proposer_status_idx').on(
      t.proposerId,
      t.status,
      t.type,
      t.createdAt.desc(),
      t.number.desc(),
      t.votingEndHeight,
      t.vetoEndHeight,
      t.id,
    ),
    index('proposals_voting_end_idx')
      .on(t.votingEndHeight)
      .where(sql`${t.status} = 'PROPOSED'`),
    index('proposals_veto_end_idx')
      .on(t.vetoEndHeight)
      .where(sql`${t.status} = 'NOTIFICATION'`),
    index('proposals_title_search_idx').using('gin', t.titleSearch),
    // The CHANGE_OWNER / TERMINATE proposals naming a proposal as their target (read by every proposal detail).
    index('proposals_target_idx')
      .on(sql`lower(${t.terms}->>'target')`)
      .where(sql`lower(${t.terms}->>'target') is not null`),
  ],
);

/**
 * How many proposals hold each (status, type): a plain list's total is summed from these few rows instead of
 * counting up to 5,000 index entries on every page. Kept exact by the trigger proposals_counts (migration 0035) in
 * the same transaction as the proposal's own change; never written by the app.
 */
export const proposalCounts = pgTable(
  'proposal_counts',
  {
    status: text('status').$type<ProposalStatus>().notNull(),
    type: text('type').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.type] })],
);

/**
 * A council member's vote: one row per member and proposal (a later vote replaces the earlier one; `version`
 * grows with each and is the on-chain nonce). `chain_status` mirrors the vote's chain action; `chained_*` is what
 * the chain recorded (VoteCast), which is what counts.
 */
export const proposalVotes = pgTable(
  'proposal_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** keccak256(did), as on chain. */
    memberId: text('member_id').notNull(),
    memberDid: text('member_did').notNull(),
    userId: uuid('user_id').references(() => users.id),
    choice: text('choice').$type<'yes' | 'oppose' | 'abstain'>(),
    /** Null only for a vote seen on chain that was not cast through this site. */
    reason: text('reason'),
    opinionHash: text('opinion_hash'),
    version: integer('version').notNull().default(0),
    votedAt: timestamp('voted_at', { withTimezone: true }),
    chainActionId: uuid('chain_action_id').references(() => chainActions.id),
    chainStatus: text('chain_status').$type<ChainStatus>().notNull().default('unchain'),
    txHash: text('tx_hash'),
    chainedChoice: text('chained_choice').$type<'yes' | 'oppose' | 'abstain'>(),
    chainedNonce: bigint('chained_nonce', { mode: 'number' }),
    chainedAt: timestamp('chained_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('proposal_votes_member_uq').on(t.proposalId, t.memberId),
    index('proposal_votes_user_idx').on(t.userId, t.votedAt.desc()),
    index('proposal_votes_did_idx').on(t.memberDid, t.votedAt.desc()),
    index('proposal_votes_action_idx').on(t.chainActionId),
  ],
);

/**
 * E-mails about proposals (outbox): reminders to members who have not voted and status changes for the owner.
 * Unique per (proposal, kind, recipient): each is scheduled exactly once; one message per recipient.
 */
export const proposalNotifications = pgTable(
  'proposal_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** `reminder:early` (3 days before), `reminder:late` (1 day before), `status:<STATUS>`. */
    kind: text('kind').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed' | 'skipped'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('proposal_notifications_uq').on(t.proposalId, t.kind, t.recipientId),
    index('proposal_notifications_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type ProposalRow = typeof proposals.$inferSelect;
export type ProposalVoteRow = typeof proposalVotes.$inferSelect;
export type ProposalNotificationRow = typeof proposalNotifications.$inferSelect;
