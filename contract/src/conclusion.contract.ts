import { z } from 'zod';
import { chainActionViewSchema } from './chain.contract';

/**
 * The conclusion of an ACTIVE NORMAL proposal (Governance.conclude): FINAL (completed, every stage approved and the
 * final summary approved) or INCOMPLETED (closed early). The owner and the secretary general sign the SAME
 * statement (same outcome, summary hash and nonce); whoever signs first creates it, the other co-signs, and then
 * the signed call is relayed. A pending conclusion not yet co-signed may be cancelled or replaced by either party.
 */
export const conclusionOutcomeSchema = z.enum(['FINAL', 'INCOMPLETED']);
export type ConclusionOutcome = z.infer<typeof conclusionOutcomeSchema>;

/** SIGNING: one signature so far; SIGNED: both, the chain action carries it; CANCELLED: withdrawn or replaced. */
export const CONCLUSION_STATUSES = ['SIGNING', 'SIGNED', 'CANCELLED'] as const;
export type ConclusionStatus = (typeof CONCLUSION_STATUSES)[number];

export const CONCLUSION_NOTE_MAX = 5000;

/** What the viewer may do now (the server checks again when the action is prepared and applied). */
export const conclusionActionSchema = z.enum(['final', 'incompleted', 'cosign', 'cancel']);
export type ConclusionAction = z.infer<typeof conclusionActionSchema>;

export const conclusionViewSchema = z.object({
  proposalId: z.string(),
  /** The proposal may still be concluded (ACTIVE NORMAL). */
  open: z.boolean(),
  /** FINAL is possible now: every stage approved and the final summary approved. */
  finalReady: z.boolean(),
  summaryApproved: z.boolean(),
  /** The latest conclusion not cancelled (pending, or on its way to the chain, or on chain). */
  pending: z
    .object({
      id: z.string(),
      outcome: conclusionOutcomeSchema,
      status: z.enum(CONCLUSION_STATUSES),
      nonce: z.string(),
      summaryHash: z.string(),
      /** The text the summary hash is of: the approved summary, or the conclusion note. */
      note: z.string().nullable(),
      statement: z.string(),
      ownerSigned: z.boolean(),
      secretarySigned: z.boolean(),
      ownerSignedAt: z.string().nullable(),
      secretarySignedAt: z.string().nullable(),
      action: chainActionViewSchema.nullable(),
    })
    .nullable(),
  viewer: z.object({ owner: z.boolean(), secretary: z.boolean() }),
  actions: z.array(conclusionActionSchema),
});
export type ProposalConclusion = z.infer<typeof conclusionViewSchema>;

const ref = z.string().trim().min(1).max(100);
/**
 * The owner or the secretary general signs a conclusion. `note`: why an INCOMPLETED proposal closes when there is
 * no approved summary (its hash is the statement's summary hash); ignored when the summary is approved.
 */
export const concludeParamsSchema = z
  .object({
    proposalId: ref,
    outcome: conclusionOutcomeSchema,
    note: z.string().trim().min(1).max(CONCLUSION_NOTE_MAX).optional(),
  })
  .strict();
