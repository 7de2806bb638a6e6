import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConclusionOutcome, ConclusionStatus } from '@cr/contract/conclusion.contract';
import { chainActions } from './chain.schema';
import { proposals } from './proposal.schema';

/**
 * A conclusion of a proposal being co-signed (Governance.conclude): the one statement the owner and the secretary
 * general both sign, and their signatures. `status` moves only through CONCLUSION_TRANSITIONS; at most one row of a
 * proposal is SIGNING. When both signatures are here the relayed call is `actionId`.
 */
export const proposalConclusions = pgTable(
  'proposal_conclusions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<ConclusionOutcome>().notNull(),
    status: text('status').$type<ConclusionStatus>().notNull().default('SIGNING'),
    /** uint64 statement nonce, decimal. */
    nonce: text('nonce').notNull(),
    summaryHash: text('summary_hash').notNull(),
    /** The text hashed into summaryHash: the approved summary, or the conclusion note. */
    note: text('note').notNull(),
    statement: text('statement').notNull(),
    ownerDid: text('owner_did').notNull(),
    ownerSig: text('owner_sig'),
    ownerSignedAt: timestamp('owner_signed_at', { withTimezone: true }),
    secretaryDid: text('secretary_did').notNull(),
    secretarySig: text('secretary_sig'),
    secretarySignedAt: timestamp('secretary_signed_at', { withTimezone: true }),
    actionId: uuid('action_id').references(() => chainActions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proposal_conclusions_proposal_idx').on(t.proposalId, t.createdAt),
    // One conclusion being signed per proposal.
    uniqueIndex('proposal_conclusions_signing_uq')
      .on(t.proposalId)
      .where(sql`${t.status} = 'SIGNING'`),
  ],
);
export type ConclusionRow = typeof proposalConclusions.$inferSelect;
