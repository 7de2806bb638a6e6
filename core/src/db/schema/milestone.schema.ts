import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MilestoneStatus } from '@cr/contract/milestone.contract';
import { chainActions } from './chain.schema';
import { proposals } from './proposal.schema';

/**
 * One row per budget stage of an ACTIVE NORMAL proposal, created when the Treasury activates the budget. `status`
 * follows the Treasury events (PaymentRequested / PaymentReviewed / Withdrawn / StageCancelled) through
 * MILESTONE_TRANSITIONS; the texts whose hashes the chain holds (message, opinion) are written by the signed actions.
 */
export const proposalMilestones = pgTable(
  'proposal_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    kind: text('kind').$type<'ADVANCE' | 'CONDITIONED' | 'COMPLETION'>().notNull(),
    amountWei: text('amount_wei').notNull(),
    /** The address the Treasury pays (the terms' recipient; RecipientChanged moves it). */
    recipient: text('recipient').notNull(),
    status: text('status').$type<MilestoneStatus>().notNull().default('WAITING_FOR_REQUEST'),
    message: text('message'),
    messageHash: text('message_hash'),
    opinion: text('opinion'),
    opinionHash: text('opinion_hash'),
    approved: boolean('approved'),
    /** The latest signed action relayed for this stage (request, review or withdrawal). */
    actionId: uuid('action_id').references(() => chainActions.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawTxHash: text('withdraw_tx_hash'),
    withdrawBlock: integer('withdraw_block'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposal_milestones_stage_idx').on(t.proposalId, t.stage),
    index('proposal_milestones_action_idx').on(t.actionId),
  ],
);
export type MilestoneRow = typeof proposalMilestones.$inferSelect;
