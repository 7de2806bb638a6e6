import { z } from 'zod';
import { SUGGESTION_MESSAGES as M } from './suggestion-messages.contract';
import { publicAuthorSchema } from './suggestion.contract';

/** Comments are at most 2,048 characters (the original's MAX_LENGTH_COMMENT). */
export const COMMENT_MAX_CHARS = 2048;
/** Names one comment may mention (`@ALL` counts as one): each is an e-mail, so a comment cannot become a mailing. */
export const COMMENT_MAX_MENTIONS = 10;

/**
 * POST /api/suggestion/:id/comments and PUT /api/suggestion/:id/comments/:commentId. `@username` mentions a
 * member (e-mailed); `@ALL` mentions every council member; an unknown name is refused with "User not found".
 */
export const commentBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, M.commentRequired)
    .max(COMMENT_MAX_CHARS, M.commentTooLong)
    .refine((body) => findMentions(body).length <= COMMENT_MAX_MENTIONS, M.mentionsTooMany),
  parentId: z.uuid().optional(),
});
export const editCommentSchema = commentBodySchema.pick({ body: true });

/** The @mentions in a comment, as written (without the @). */
export function findMentions(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(/(^|[^\w@.])@([A-Za-z0-9_][A-Za-z0-9_.-]{0,49})/g)) {
    names.add(m[2]!.replace(/[.-]+$/, ''));
  }
  return [...names];
}

export const suggestionCommentSchema = z.object({
  _id: z.string(),
  parentId: z.string().nullable(),
  author: publicAuthorSchema,
  /** Empty when deleted. */
  body: z.string(),
  deleted: z.boolean(),
  mentions: z.array(z.object({ _id: z.string(), username: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const suggestionCommentListSchema = z.object({ list: z.array(suggestionCommentSchema) });
export type SuggestionComment = z.infer<typeof suggestionCommentSchema>;

/** A new or edited comment, with the e-mails it caused (mentions, author, subscribers). */
export const commentResultSchema = z.object({
  comment: suggestionCommentSchema,
  mailed: z.number().int(),
  mailFailed: z.number().int(),
});
export const commentParamsSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^[1-9][0-9]{0,15}$/)]),
  commentId: z.uuid(),
});
