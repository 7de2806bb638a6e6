import { z } from 'zod';

/**
 * The in-app inbox (docs/inbox.md): what needs the signed-in member now, by role, and what happened to their own
 * suggestions. "Need" items (a vote, a review, a rejection to fix, a withdrawal) leave when done; event items
 * (a comment, a mention, a chain refusal of something the member signed) stay until read.
 */
export const inboxKindSchema = z.enum([
  'vote',
  'review-payment',
  'review-tracking',
  'review-summary',
  'fix-payment',
  'fix-tracking',
  'fix-summary',
  'withdraw',
  'comment',
  'mention',
  'chain-refused',
]);
export type InboxKind = z.infer<typeof inboxKindSchema>;

export const inboxItemSchema = z.object({
  /** Stable id of this item's version (e.g. `vote:<proposalId>`, `review-tracking:<id>:<round>`). */
  key: z.string(),
  kind: inboxKindSchema,
  /** A need leaves the inbox when done; an event stays until read. */
  need: z.boolean(),
  read: z.boolean(),
  /** ISO time it arrived (registration, submission, request, comment). */
  at: z.string(),
  /** Where the member acts. */
  subject: z.object({
    type: z.enum(['proposal', 'suggestion']),
    number: z.number().int().nullable(),
    id: z.string(),
    title: z.string(),
  }),
  /** Payment stage (payments), or null. */
  stage: z.number().int().nullable(),
  /** Who commented or mentioned (events), or null. */
  actor: z.string().nullable(),
  /** The deadline, for votes: ETA of the voting end from the observed block interval, and blocks left. */
  endsAt: z.string().nullable(),
  endHeight: z.number().int().nullable(),
  blocksLeft: z.number().int().nullable(),
  /** A short excerpt (comment text, rejection comment, the chain's reason for a refusal), or null. */
  excerpt: z.string().nullable(),
  /** The page to open when the item names its own (a chain refusal: the draft or the suggestion), else null. */
  link: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** GET /api/inbox */
export const inboxSchema = z.object({
  items: z.array(inboxItemSchema),
  unread: z.number().int(),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** POST /api/inbox/read: some keys, or every item now in the inbox. */
export const inboxReadSchema = z.union([
  z.object({ keys: z.array(z.string().min(1).max(200)).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);
export type InboxRead = z.infer<typeof inboxReadSchema>;

/** On the member's room `user:<id>`: their inbox changed, read it again. */
export const INBOX_EVENT = 'inbox';
