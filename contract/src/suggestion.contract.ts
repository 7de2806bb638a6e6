import { z } from 'zod';
import { suggestionDraftContentSchema, suggestionTypeSchema } from './suggestion-content.contract';
import { publicAuthorSchema } from './public-author.contract';

/** Stored status (spec §4 constants). */
export const suggestionStatusSchema = z.enum(['ACTIVE', 'ARCHIVED', 'CANCELLED', 'ABUSED']);
export type SuggestionStatus = z.infer<typeof suggestionStatusSchema>;
/** Shown status (spec §4): posted, underConsideration, moreInfoRequired, referred (added to proposal), cancelled. */
export const suggestionDisplayStatusSchema = z.enum([
  'posted',
  'underConsideration',
  'moreInfoRequired',
  'referred',
  'cancelled',
]);
export const suggestionTagTypeSchema = z.enum(['UNDER_CONSIDERATION', 'INFO_NEEDED', 'ADDED_TO_PROPOSAL']);
/** The spec's tag names for the tag types. */
export const SUGGESTION_TAG_LABELS = {
  UNDER_CONSIDERATION: 'under-consideration',
  INFO_NEEDED: 'info-needed',
  ADDED_TO_PROPOSAL: 'added-to-proposal',
} as const;
export const abuseStatusSchema = z.enum(['REPORTED', 'HANDLED']);

// ---------- ids and paging ----------

/** `:id` of a suggestion: its uuid or its display number. */
export const suggestionRefParamsSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^[1-9][0-9]{0,15}$/)]),
});
export const draftParamsSchema = z.object({ draftId: z.uuid() });

export const SUGGESTION_PAGE_SIZES = [10, 20] as const;
const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => n === 10 || n === 20, 'Page size is 10 or 20.')
  .default(10);
const page = z.coerce.number().int().min(1).max(100_000).default(1);

// ---------- list ----------

/** Filters of the list (spec §2): all, added by me, commented by me, subscribed, archived, signed, unsigned. */
export const suggestionFilterSchema = z.enum([
  'all',
  'mine',
  'commented',
  'subscribed',
  'archived',
  'signed',
  'unsigned',
]);
/** Sorts: newest (default), likes (most popular), views (most views), activeness (trending). */
export const suggestionSortSchema = z.enum(['newest', 'likes', 'views', 'activeness']);
/** What a search matches: title, number, abstract, author name, or author e-mail (exact, never shown). */
export const suggestionSearchBySchema = z.enum(['title', 'number', 'abstract', 'name', 'email']);

/** GET /api/suggestion and GET /api/suggestion/export.csv — parsed, never spread into a query. */
export const suggestionListQuerySchema = z.object({
  page,
  results: pageSize,
  filter: suggestionFilterSchema.default('all'),
  sortBy: suggestionSortSchema.default('newest'),
  searchBy: suggestionSearchBySchema.default('title'),
  search: z.string().trim().max(200).optional(),
  type: suggestionTypeSchema.optional(),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuerySchema>;

export { publicAuthorSchema, type PublicAuthor } from './public-author.contract';

export const suggestionTagSchema = z.object({
  type: suggestionTagTypeSchema,
  /** The council's comment (INFO_NEEDED). */
  description: z.string().nullable(),
  createdAt: z.string(),
});

export const suggestionSignatureSchema = z.object({
  signature: z.string(),
  did: z.string(),
  publicKey: z.string().nullable(),
  /** The exact words signed; they end with the draft hash. */
  statement: z.string(),
  signedAt: z.string(),
});

export const suggestionSummarySchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  title: z.string(),
  type: suggestionTypeSchema,
  abstract: z.string(),
  author: publicAuthorSchema,
  status: suggestionStatusSchema,
  displayStatus: suggestionDisplayStatusSchema,
  tags: z.array(suggestionTagSchema),
  signed: z.boolean(),
  budgetTotal: z.string().nullable(),
  likesNum: z.number().int(),
  dislikesNum: z.number().int(),
  viewsNum: z.number().int(),
  commentsNum: z.number().int(),
  activeness: z.number().int(),
  proposalNumber: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SuggestionSummary = z.infer<typeof suggestionSummarySchema>;

export const suggestionListSchema = z.object({
  list: z.array(suggestionSummarySchema),
  /** How many match; with `totalCapped`, more than this many do (a search counts its first 1,000 matches). */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  results: z.number().int(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

// ---------- detail ----------

/** GET /api/suggestion/:id — public; `my*`/`can*` describe the caller (false when signed out). */
export const suggestionDetailSchema = suggestionSummarySchema.extend({
  content: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  draftHash: z.string(),
  signature: suggestionSignatureSchema.nullable(),
  abuseStatus: abuseStatusSchema.nullable(),
  proposalHash: z.string().nullable(),
  myReaction: z.enum(['like', 'dislike']).nullable(),
  subscribed: z.boolean(),
  isAuthor: z.boolean(),
  /** Author, unsigned, ACTIVE. */
  canEdit: z.boolean(),
  canSign: z.boolean(),
});
export type SuggestionDetail = z.infer<typeof suggestionDetailSchema>;

export const suggestionVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  type: suggestionTypeSchema,
  content: z.record(z.string(), z.unknown()),
  draftHash: z.string(),
  createdBy: publicAuthorSchema,
  revertedFrom: z.number().int().nullable(),
  createdAt: z.string(),
});
/** GET /api/suggestion/:id/versions — every version, newest first; the web diffs any two. */
export const suggestionVersionListSchema = z.object({
  current: z.number().int(),
  versions: z.array(suggestionVersionSchema),
});

// ---------- actions ----------

/** PUT /api/suggestion/:id?baseVersion=N — a stale base version is refused instead of overwriting. */
export const updateSuggestionQuerySchema = z.object({
  baseVersion: z.coerce.number().int().min(1).optional(),
});
/** POST /api/suggestion?draftId=… — posting from a draft removes that draft in the same transaction. */
export const createSuggestionQuerySchema = z.object({ draftId: z.uuid().optional() });
export const revertSuggestionSchema = z.object({ version: z.number().int().min(1) });
export const reportAbuseSchema = z.object({ reason: z.string().trim().max(1000).optional() });
/** POST /api/admin/suggestion/:id/abuse — hide (status ABUSED) or dismiss; both mark the report HANDLED. */
export const handleAbuseSchema = z.object({ action: z.enum(['hide', 'dismiss']) });
export const requestMoreInfoSchema = z.object({
  comment: z.string().trim().min(1, 'Please input comment').max(2048, 'Comment is too long'),
});

/** The outcome of an action that e-mails people: how many messages left and how many failed. */
export const mailOutcomeSchema = z.object({ mailed: z.number().int(), mailFailed: z.number().int() });

export const reactionResultSchema = z.object({
  likesNum: z.number().int(),
  dislikesNum: z.number().int(),
  myReaction: z.enum(['like', 'dislike']).nullable(),
});
export const viewResultSchema = z.object({ viewsNum: z.number().int(), counted: z.boolean() });
export const subscriptionResultSchema = z.object({ subscribed: z.boolean() });

// ---------- drafts ----------

export const suggestionDraftSchema = z.object({
  _id: z.string(),
  suggestionId: z.string().nullable(),
  title: z.string().nullable(),
  content: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const suggestionDraftListSchema = z.object({
  list: z.array(suggestionDraftSchema.omit({ content: true })),
});
/** Body of POST /api/suggestion/drafts, PUT /api/suggestion/drafts/:draftId and PUT /api/suggestion/:id/draft. */
export const saveSuggestionDraftSchema = suggestionDraftContentSchema;

// ---------- admin ----------

export const adminSuggestionListQuerySchema = z.object({
  page,
  results: pageSize,
  abuse: z.enum(['any', 'REPORTED', 'HANDLED']).default('any'),
  status: suggestionStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export const adminSuggestionSchema = suggestionSummarySchema.extend({
  abuseStatus: abuseStatusSchema.nullable(),
  reports: z.array(
    z.object({ reporter: publicAuthorSchema, reason: z.string().nullable(), createdAt: z.string() }),
  ),
});
export const adminSuggestionListSchema = z.object({
  list: z.array(adminSuggestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  results: z.number().int(),
});

/** Council actions answer with the updated suggestion and the e-mails sent (to the secretary and author). */
export const councilActionResultSchema = mailOutcomeSchema.extend({ suggestion: suggestionDetailSchema });
export const abuseReportResultSchema = z.object({ abuseStatus: abuseStatusSchema });

/** GET /api/suggestion/:id/stats — the live counters (one primary-key read; also the bench's baseline). */
export const suggestionStatsSchema = z.object({
  likesNum: z.number().int(),
  dislikesNum: z.number().int(),
  viewsNum: z.number().int(),
  commentsNum: z.number().int(),
});

/**
 * Live updates of one suggestion: room `suggestion:<id>` (public, like the page) gets each of these after the
 * change is committed, every payload with `suggestionId` (docs/suggestion-states.md lists them). The detail
 * page re-reads on any of them, and its comments on `comment`.
 */
export const suggestionRoom = (id: string) => `suggestion:${id}`;
export const SUGGESTION_EVENTS = [
  'reaction',
  'comment',
  'tags',
  'suggestion-signed',
  'suggestion-status',
  'suggestion-updated',
] as const;
export type SuggestionEvent = (typeof SUGGESTION_EVENTS)[number];
/** What every event of a suggestion's room carries, whatever else it holds. */
export interface SuggestionEventPayload {
  suggestionId: string;
}
