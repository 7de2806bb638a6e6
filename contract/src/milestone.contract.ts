import { z } from 'zod';
import { chainActionViewSchema } from './chain.contract';

/**
 * Milestone payments of an ACTIVE NORMAL proposal (spec §4 milestone statuses): one row per budget stage, projected
 * from the Treasury contract's events. CANCELLED is the contract's state of a stage that can no longer be paid
 * (the proposal was terminated or concluded before it was approved).
 */
export const MILESTONE_STATUSES = [
  'WAITING_FOR_REQUEST',
  'WAITING_FOR_APPROVAL',
  'WAITING_FOR_WITHDRAWAL',
  'WITHDRAWN',
  'REJECTED',
  'CANCELLED',
] as const;
export const milestoneStatusSchema = z.enum(MILESTONE_STATUSES);
export type MilestoneStatus = z.infer<typeof milestoneStatusSchema>;

export const stageKindSchema = z.enum(['ADVANCE', 'CONDITIONED', 'COMPLETION']);

/** What the viewer may do on a milestone now (the server checks again when the action is prepared and applied). */
export const milestoneActionSchema = z.enum(['request', 'approve', 'reject', 'withdraw']);
export type MilestoneAction = z.infer<typeof milestoneActionSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);
export const PAYMENT_MESSAGE_MAX = 5000;

export const milestoneViewSchema = z.object({
  /** 0-based stage index; pages show stage + 1. */
  stage: z.number().int(),
  kind: stageKindSchema,
  /** ELA, exact decimal string. */
  amount: z.string(),
  status: milestoneStatusSchema,
  message: z.string().nullable(),
  opinion: z.string().nullable(),
  /** The last review's outcome (null before any review). */
  approved: z.boolean().nullable(),
  requestedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawTxHash: z.string().nullable(),
  /** The transactions of the latest PaymentRequested / PaymentReviewed event of this stage (the integrity badges read them). */
  requestTxHash: z.string().nullable(),
  reviewTxHash: z.string().nullable(),
  /** The latest signed action on this milestone and its live chain status (retryable when it failed). */
  action: chainActionViewSchema.nullable(),
  actions: z.array(milestoneActionSchema),
  /** Why the owner cannot request this stage although it is next (e.g. the completion payment before the summary). */
  waitingFor: z.enum(['summary']).nullable(),
});
export type MilestoneView = z.infer<typeof milestoneViewSchema>;

export const withdrawalViewSchema = z.object({
  txHash: z.string(),
  blockNumber: z.number().int(),
  recipient: z.string(),
  /** ELA paid by this withdrawal. */
  amount: z.string(),
  fromStage: z.number().int(),
  toStage: z.number().int(),
  /** The recipient's balance (ELA) just before and after the withdrawal's block; null when the chain is unreachable. */
  balanceBefore: z.string().nullable(),
  balanceAfter: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

export const proposalPaymentsSchema = z.object({
  proposalId: z.string(),
  recipient: z.string().nullable(),
  milestones: z.array(milestoneViewSchema),
  withdrawals: z.array(withdrawalViewSchema),
  /** ELA the owner may withdraw now (approved, unpaid stages). */
  withdrawable: z.string(),
});
export type ProposalPayments = z.infer<typeof proposalPaymentsSchema>;

const ref = z.string().trim().min(1).max(100);
export const requestPaymentParamsSchema = z
  .object({ proposalId: ref, stage: z.number().int().min(0).max(15), message: text(PAYMENT_MESSAGE_MAX) })
  .strict();
export const reviewPaymentParamsSchema = z
  .object({
    proposalId: ref,
    stage: z.number().int().min(0).max(15),
    approve: z.boolean(),
    opinion: text(PAYMENT_MESSAGE_MAX),
  })
  .strict();
export const withdrawParamsSchema = z.object({ proposalId: ref }).strict();
