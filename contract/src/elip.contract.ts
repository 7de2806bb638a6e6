import { z } from 'zod';
import { countWords } from './word-count';
import { elipMessages } from './elip-messages.contract';
export { elipMessages, elipMessageType, type ElipMessageType } from './elip-messages.contract';

/**
 * ELIPs (spec §3 ELIP, §4 ELIP status, §5 ELIP). One schema per request, shared by the web form and the api
 * route; every refusal has a stable key in `elipMessages` (the web translates by key, en and zh).
 */
const M = elipMessages;

/** The spec's limit of the description (all sections together), counted with `countWords`. */
export const ELIP_DESC_MAX_WORDS = 3000;
export const ELIP_PAGE_SIZE = 10;

export const ELIP_TYPES = ['STANDARD_TRACK', 'PROCESS', 'INFORMATIONAL'] as const;
export const elipTypeSchema = z.enum(ELIP_TYPES);
export type ElipType = z.infer<typeof elipTypeSchema>;

export const ELIP_STATUSES = [
  'PERSONAL_DRAFT',
  'WAIT_FOR_REVIEW',
  'REJECTED',
  'DRAFT',
  'FINAL_REVIEW',
  'CANCELLED',
  'SUBMITTED_AS_PROPOSAL',
] as const;
export const elipStatusSchema = z.enum(ELIP_STATUSES);
export type ElipStatus = z.infer<typeof elipStatusSchema>;

/**
 * Every status move (docs/elips.md has the same table with who makes each move):
 * PERSONAL_DRAFT → WAIT_FOR_REVIEW (author submits); WAIT_FOR_REVIEW → DRAFT (secretariat approves) or REJECTED
 * (secretariat rejects with a comment); REJECTED → WAIT_FOR_REVIEW (author resubmits) or PERSONAL_DRAFT (author
 * keeps it private); DRAFT → FINAL_REVIEW (author asks the council) or CANCELLED (author cancels the draft);
 * FINAL_REVIEW → SUBMITTED_AS_PROPOSAL (a seated council member, once the council's YES votes outnumber OPPOSE:
 * it becomes that member's proposal draft, linked both ways) or REJECTED (secretariat); SUBMITTED_AS_PROPOSAL →
 * FINAL_REVIEW only when the member deletes that draft before publishing it. CANCELLED is final. Deleting is
 * allowed in PERSONAL_DRAFT and REJECTED.
 */
export const ELIP_TRANSITIONS: Record<ElipStatus, readonly ElipStatus[]> = {
  PERSONAL_DRAFT: ['WAIT_FOR_REVIEW'],
  WAIT_FOR_REVIEW: ['DRAFT', 'REJECTED'],
  REJECTED: ['WAIT_FOR_REVIEW', 'PERSONAL_DRAFT'],
  DRAFT: ['FINAL_REVIEW', 'CANCELLED'],
  FINAL_REVIEW: ['SUBMITTED_AS_PROPOSAL', 'REJECTED'],
  CANCELLED: [],
  SUBMITTED_AS_PROPOSAL: ['FINAL_REVIEW'],
};
/** Statuses in which the author edits the text. */
export const ELIP_EDITABLE: readonly ElipStatus[] = ['PERSONAL_DRAFT', 'REJECTED', 'DRAFT'];
/** Statuses in which the author deletes the ELIP. */
export const ELIP_DELETABLE: readonly ElipStatus[] = ['PERSONAL_DRAFT', 'REJECTED'];
/** Statuses everyone sees; the others only the author and the secretariat. */
export const ELIP_PUBLIC_STATUSES: readonly ElipStatus[] = [
  'DRAFT',
  'FINAL_REVIEW',
  'CANCELLED',
  'SUBMITTED_AS_PROPOSAL',
];

/** The sections of the description, in reading order; the first three and copyright are required. */
export const ELIP_SECTIONS = [
  'abstract',
  'motivation',
  'specification',
  'rationale',
  'backwardCompatibility',
  'referenceImplementation',
  'copyright',
] as const;
export type ElipSection = (typeof ELIP_SECTIONS)[number];
const REQUIRED_SECTIONS: readonly ElipSection[] = ['abstract', 'motivation', 'specification', 'copyright'];

/** The words of the description: every section counted with the spec's counter, added up. */
export function elipWords(values: Partial<Record<ElipSection, string | undefined>>): number {
  return ELIP_SECTIONS.reduce((n, k) => n + countWords(values[k] ?? ''), 0);
}

const section = z.string().trim().max(100_000, M['elip.too_long']).default('');
const preamble = z.string().trim().max(300, M['elip.too_long']).default('');

/**
 * POST /api/elip and PUT /api/elip/:id — the author's text. `submit` true sends it for review (PERSONAL_DRAFT or
 * REJECTED → WAIT_FOR_REVIEW); false keeps it where it is (a new one becomes a PERSONAL_DRAFT).
 */
export const elipInputSchema = z
  .object({
    title: z.string().trim().min(1, M['elip.required']).max(200, M['elip.too_long']),
    type: elipTypeSchema,
    language: z.enum(['en', 'zh'], M['elip.language']).default('en'),
    discussionsTo: preamble,
    requires: preamble,
    replaces: preamble,
    supersededBy: preamble,
    abstract: section,
    motivation: section,
    specification: section,
    rationale: section,
    backwardCompatibility: section,
    referenceImplementation: section,
    copyright: section,
    submit: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    for (const k of REQUIRED_SECTIONS)
      if (!v[k]) ctx.addIssue({ code: 'custom', path: [k], message: M['elip.required'] });
    if (elipWords(v) > ELIP_DESC_MAX_WORDS)
      ctx.addIssue({ code: 'custom', path: ['abstract'], message: M['elip.words_max'] });
  });
export type ElipInput = z.input<typeof elipInputSchema>;
export type ElipValues = z.output<typeof elipInputSchema>;

export const elipParamsSchema = z.object({ id: z.string().trim().min(1).max(40) });

/** POST /api/elip/:id/review — the secretariat approves, or rejects with a comment. */
export const elipReviewInputSchema = z
  .object({
    decision: z.enum(['APPROVED', 'REJECTED']),
    comment: z.string().trim().max(5000, M['elip.too_long']).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'REJECTED' && !v.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: M['elip.comment_required'] });
  });
export type ElipReviewInput = z.input<typeof elipReviewInputSchema>;

/** POST /api/elip/:id/status — the author's moves: submit, final review, cancel, keep private. */
export const ELIP_AUTHOR_MOVES = ['submit', 'finalReview', 'cancel', 'personalDraft'] as const;
export const elipMoveInputSchema = z.object({ move: z.enum(ELIP_AUTHOR_MOVES) });
export type ElipMove = (typeof ELIP_AUTHOR_MOVES)[number];
/** Where each author move goes. */
export const ELIP_MOVE_TARGET: Record<ElipMove, ElipStatus> = {
  submit: 'WAIT_FOR_REVIEW',
  finalReview: 'FINAL_REVIEW',
  cancel: 'CANCELLED',
  personalDraft: 'PERSONAL_DRAFT',
};

export const ELIP_VOTE_VALUES = ['YES', 'OPPOSE', 'ABSTAIN'] as const;
/** The params of the wallet action `vote-elip`: a council member signs their vote and its reason. */
export const voteElipParamsSchema = z
  .object({
    elipId: z.uuid(),
    value: z.enum(ELIP_VOTE_VALUES),
    reason: z.string().trim().min(1, M['elip.reason_required']).max(2000, M['elip.too_long']),
  })
  .strict();

/** GET /api/elip?status=&type=&q=&from=&to=&sort=&page=&mine= */
export const elipListQuerySchema = z.object({
  status: elipStatusSchema.optional(),
  type: elipTypeSchema.optional(),
  q: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(['createdAt', 'updatedAt']).default('createdAt'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ElipListQuery = z.input<typeof elipListQuerySchema>;

export const elipPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
});
export type ElipPerson = z.infer<typeof elipPersonSchema>;

export const elipSummarySchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  title: z.string(),
  type: elipTypeSchema,
  status: elipStatusSchema,
  author: elipPersonSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ElipSummary = z.infer<typeof elipSummarySchema>;
export const elipListSchema = z.object({
  list: z.array(elipSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ElipList = z.infer<typeof elipListSchema>;

export const elipReviewSchema = z.object({
  _id: z.string(),
  decision: z.enum(['APPROVED', 'REJECTED']),
  comment: z.string(),
  reviewer: elipPersonSchema,
  createdAt: z.string(),
});
export const elipVoteSchema = z.object({
  did: z.string(),
  voter: elipPersonSchema.nullable(),
  value: z.enum(ELIP_VOTE_VALUES),
  reason: z.string(),
  signature: z.string(),
  createdAt: z.string(),
});
export type ElipVote = z.infer<typeof elipVoteSchema>;

export const elipDetailSchema = elipSummarySchema.extend({
  language: z.enum(['en', 'zh']),
  discussionsTo: z.string(),
  requires: z.string(),
  replaces: z.string(),
  supersededBy: z.string(),
  abstract: z.string(),
  motivation: z.string(),
  specification: z.string(),
  rationale: z.string(),
  backwardCompatibility: z.string(),
  referenceImplementation: z.string(),
  copyright: z.string(),
  reviews: z.array(elipReviewSchema),
  votes: z.array(elipVoteSchema),
  /**
   * The proposal made from this ELIP: its number once published; while it is a draft only its council member
   * gets its id (a draft is theirs alone), everyone else learns who is preparing it.
   */
  proposal: z
    .object({
      _id: z.string().nullable(),
      number: z.number().int().nullable(),
      status: z.string(),
      title: z.string(),
      proposer: elipPersonSchema,
    })
    .nullable(),
  /** What the caller may do now (the server checks again on every request). */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    review: z.boolean(),
    vote: z.boolean(),
    /** A seated council member may make it a proposal draft (FINAL_REVIEW, more YES than OPPOSE). */
    propose: z.boolean(),
    moves: z.array(z.enum(ELIP_AUTHOR_MOVES)),
  }),
});
export type ElipDetail = z.infer<typeof elipDetailSchema>;
