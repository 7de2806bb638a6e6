import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The council as the chain says (projected from the Council contract's events by the proposal module's worker
 * plugin, idempotently: re-reading the same events gives the same rows). Site accounts are matched by DID.
 */
export const councilTerms = pgTable('council_terms', {
  term: integer('term').primaryKey(),
  /** First block of the term and the first block after it (moved earlier by TermCutShort). */
  startHeight: bigint('start_height', { mode: 'number' }).notNull(),
  endHeight: bigint('end_height', { mode: 'number' }).notNull(),
  electionStartHeight: bigint('election_start_height', { mode: 'number' }).notNull(),
  seats: integer('seats').notNull(),
  seated: integer('seated').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member of a term: memberId = keccak256(did) as on chain. `seated` false once removed mid-term. */
export const councilMembers = pgTable(
  'council_members',
  {
    term: integer('term').notNull(),
    memberId: text('member_id').notNull(),
    did: text('did').notNull(),
    qx: text('qx').notNull(),
    qy: text('qy').notNull(),
    seated: boolean('seated').notNull().default(true),
    seatedHeight: bigint('seated_height', { mode: 'number' }).notNull(),
    removedHeight: bigint('removed_height', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.term, t.memberId] }), index('council_members_did_idx').on(t.did, t.term)],
);

/**
 * Governance parameters and the secretary general as last set on chain (one row, id = 1). Circulating supply
 * and veto threshold give a proposal's veto threshold when it enters NOTIFICATION.
 */
export const governanceState = pgTable('governance_state', {
  id: integer('id').primaryKey().default(1),
  votingPeriodBlocks: bigint('voting_period_blocks', { mode: 'number' }),
  termLengthBlocks: bigint('term_length_blocks', { mode: 'number' }),
  electionPeriodBlocks: bigint('election_period_blocks', { mode: 'number' }),
  /** Wei, exact. */
  circulatingSupplyWei: numeric('circulating_supply_wei', { precision: 78, scale: 0 }),
  vetoThresholdBps: integer('veto_threshold_bps'),
  secretaryDid: text('secretary_did'),
  secretaryQx: text('secretary_qx'),
  secretaryQy: text('secretary_qy'),
  /** The CHANGE_SECRETARY proposal (draft hash) that installed the secretary, or null (operator). */
  secretaryByProposal: text('secretary_by_proposal'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CouncilTermRow = typeof councilTerms.$inferSelect;
export type CouncilMemberRow = typeof councilMembers.$inferSelect;
export type GovernanceStateRow = typeof governanceState.$inferSelect;
