import { z } from 'zod';

/**
 * Tracking messages, the final summary and the secretariat notes of a proposal (docs/tracking-states.md).
 * The owner writes tracking messages and one summary; the secretary general reviews them; the secretary general
 * edits the notes (each edit kept).
 */

/** Spec §4: DRAFT, REVIEWING, PUBLISHED (shown as APPROVED), REJECT. */
export const trackingStatusSchema = z.enum(['DRAFT', 'REVIEWING', 'PUBLISHED', 'REJECT']);
export type TrackingStatus = z.infer<typeof trackingStatusSchema>;

export const trackingKindSchema = z.enum(['TRACKING', 'SUMMARY']);
export type TrackingKind = z.infer<typeof trackingKindSchema>;

/** Spec §9: at most 128 tracking messages per proposal. */
export const TRACKING_MESSAGES_MAX = 128;
export const TRACKING_CONTENT_MAX = 20_000;
export const REVIEW_COMMENT_MAX = 2_000;
export const NOTES_MAX = 20_000;

export const trackingParamsSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^[1-9][0-9]{0,15}$/)]),
});
export const trackingItemParamsSchema = trackingParamsSchema.extend({ itemId: z.uuid() });

const content = z
  .string()
  .trim()
  .min(1, 'Please write the message.')
  .max(TRACKING_CONTENT_MAX, 'This field is too long.');

/** A new tracking message or the summary, saved as a draft or submitted for review at once. */
export const trackingCreateSchema = z.object({
  kind: trackingKindSchema,
  /** Markdown; the page renders it sanitized. */
  content,
  submit: z.boolean().default(false),
});
export type TrackingCreate = z.infer<typeof trackingCreateSchema>;

/** Edit a DRAFT or REJECT entry; `submit` sends it for review in the same step. */
export const trackingUpdateSchema = z.object({ content, submit: z.boolean().default(false) });
export type TrackingUpdate = z.infer<typeof trackingUpdateSchema>;

export const trackingReviewSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().trim().max(REVIEW_COMMENT_MAX, 'This field is too long.').default(''),
  })
  .refine((r) => r.decision === 'approve' || r.comment.length > 0, {
    message: 'Please give the reason for the rejection.',
    path: ['comment'],
  });
export type TrackingReview = z.infer<typeof trackingReviewSchema>;

const personSchema = z.object({ _id: z.string(), username: z.string(), name: z.string() });

export const trackingEntrySchema = z.object({
  _id: z.string(),
  kind: trackingKindSchema,
  status: trackingStatusSchema,
  content: z.string(),
  author: personSchema.nullable(),
  /** The secretary general's comment on the last review (a rejection's reason). */
  review: z
    .object({ comment: z.string(), reviewer: personSchema.nullable(), reviewedAt: z.string() })
    .nullable(),
  /** How many times it was submitted for review. */
  round: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;

/** GET /api/proposals/:id/tracking — the public sees PUBLISHED entries; owner, secretary and council see all. */
export const trackingListSchema = z.object({
  proposalId: z.string(),
  messages: z.array(trackingEntrySchema),
  summary: trackingEntrySchema.nullable(),
  /** Tracking messages written so far (any status) and the limit. */
  count: z.number().int(),
  limit: z.number().int(),
  my: z.object({
    /** The owner, on an ACTIVE proposal. */
    canWrite: z.boolean(),
    /** The secretary general. */
    canReview: z.boolean(),
    /** Sees drafts and entries under review (owner, secretary, council). */
    seesAll: z.boolean(),
  }),
});
export type TrackingList = z.infer<typeof trackingListSchema>;

export const notesEditSchema = z.object({
  content: z.string().trim().max(NOTES_MAX, 'This field is too long.'),
});
export type NotesEdit = z.infer<typeof notesEditSchema>;

export const notesVersionSchema = z.object({
  _id: z.string(),
  content: z.string(),
  author: personSchema.nullable(),
  createdAt: z.string(),
});

/** GET /api/proposals/:id/notes — the current notes (the newest edit) and every earlier edit, newest first. */
export const proposalNotesSchema = z.object({
  proposalId: z.string(),
  current: notesVersionSchema.nullable(),
  history: z.array(notesVersionSchema),
  my: z.object({ canEdit: z.boolean() }),
});
export type ProposalNotes = z.infer<typeof proposalNotesSchema>;

/** Socket.io: room `proposal:<id>` gets this when a tracking entry or the notes change (after commit). */
export const TRACKING_UPDATE_EVENT = 'proposal:tracking';
export const trackingEventSchema = z.object({ id: z.string(), what: z.enum(['tracking', 'notes']) });
