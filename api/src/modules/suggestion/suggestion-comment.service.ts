import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { findMentions, type SuggestionComment } from '../../contract/suggestion-comment.contract';
import { SUGGESTION_MESSAGES as M } from '../../contract/suggestion-messages.contract';
import type { Db } from '../../db/db-client';
import {
  suggestionComments,
  suggestionSubscriptions,
  suggestions,
  users,
  type SuggestionRow,
} from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import { assertVisible, isAdmin } from './suggestion-access';
import {
  mailEach,
  suggestionLink,
  usersByIds,
  usersWithRole,
  type MailOutcome,
  type Recipient,
} from './suggestion-mail';
import * as repo from './suggestion.repo';
import { toPublicAuthor } from './suggestion-view';
import { publishSuggestionEvent } from './suggestion-events';

/** `@ALL` mentions every council member (the original's "ALL (All Council Members)"). */
export const MENTION_ALL = 'ALL';

/** The members a comment mentions; an unknown name refuses the comment with "User not found". */
export async function resolveMentions(db: Db, body: string): Promise<Recipient[]> {
  const names = findMentions(body);
  if (names.length === 0) return [];
  const all = names.some((n) => n === MENTION_ALL);
  const named = names.filter((n) => n !== MENTION_ALL).map((n) => n.toLowerCase());
  const found = named.length
    ? await db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(and(inArray(sql`lower(${users.username})`, named), eq(users.active, true)))
    : [];
  const missing = named.filter((n) => !found.some((u) => u.username.toLowerCase() === n));
  if (missing.length)
    throw new AppError(400, 'comment.mention_unknown', M.mentionUnknown, [
      { path: 'body', message: M.mentionUnknown },
    ]);
  return all ? [...found, ...(await usersWithRole(db, 'COUNCIL'))] : found;
}

/** Inserts a comment and counts it on the suggestion (+1 comment, +3 activeness) in the caller's transaction. */
export async function insertComment(
  tx: Db,
  input: { suggestionId: string; authorId: string; body: string; parentId?: string; mentions: Recipient[] },
) {
  if (input.parentId) {
    const [parent] = await tx
      .select({ id: suggestionComments.id, parentId: suggestionComments.parentId })
      .from(suggestionComments)
      .where(
        and(
          eq(suggestionComments.id, input.parentId),
          eq(suggestionComments.suggestionId, input.suggestionId),
        ),
      );
    if (!parent) throw badRequest('comment.parent_invalid', 'The comment you reply to was not found.');
    if (parent.parentId) input.parentId = parent.parentId; // replies stay one level deep
  }
  const [row] = await tx
    .insert(suggestionComments)
    .values({
      suggestionId: input.suggestionId,
      authorId: input.authorId,
      body: input.body,
      parentId: input.parentId ?? null,
      mentions: [...new Set(input.mentions.map((m) => m.id))],
    })
    .returning();
  await tx
    .update(suggestions)
    .set({ commentsNum: sql`${suggestions.commentsNum} + 1`, activeness: sql`${suggestions.activeness} + 3` })
    .where(eq(suggestions.id, input.suggestionId));
  return row!;
}

/** E-mails about a new comment: mentioned members, the author and subscribers; never the commenter. */
export async function notifyComment(
  deps: AppDeps,
  s: SuggestionRow,
  commenter: AuthUser,
  body: string,
  mentioned: Recipient[],
): Promise<MailOutcome> {
  const db = deps.database.db;
  const subscribers = await db
    .select({ userId: suggestionSubscriptions.userId })
    .from(suggestionSubscriptions)
    .where(eq(suggestionSubscriptions.suggestionId, s.id));
  const others = await usersByIds(db, [s.authorId, ...subscribers.map((x) => x.userId)]);
  const mentionedIds = new Set(mentioned.map((m) => m.id));
  const link = suggestionLink(deps, s.number);
  const recipients = [...mentioned, ...others].filter((r) => r.id !== commenter.id);
  return mailEach(deps, recipients, (r) => ({
    subject: mentionedIds.has(r.id)
      ? `${commenter.username} mentioned you on suggestion #${s.number}`
      : `New comment on suggestion #${s.number}`,
    text: `${commenter.username} commented on suggestion #${s.number} "${s.title}":\n\n${body}\n\n${link}`,
  }));
}

/** One comment as the page shows it (what a room's `comment` event carries). */
export async function commentView(db: Db, id: string): Promise<SuggestionComment> {
  const [c] = await db
    .select({ comment: suggestionComments, ...repo.authorColumns })
    .from(suggestionComments)
    .innerJoin(users, eq(users.id, suggestionComments.authorId))
    .where(eq(suggestionComments.id, id));
  if (!c) throw notFound('comment', 'comment.not_found');
  const mentioned = await usersByIds(db, c.comment.mentions);
  return toComment(c.comment, toPublicAuthor(c), mentioned);
}

function toComment(
  c: typeof suggestionComments.$inferSelect,
  author: SuggestionComment['author'],
  mentioned: { id: string; username: string }[],
): SuggestionComment {
  const deleted = !!c.deletedAt;
  return {
    _id: c.id,
    parentId: c.parentId,
    author,
    body: deleted ? '' : c.body,
    deleted,
    mentions: deleted
      ? []
      : mentioned.filter((m) => c.mentions.includes(m.id)).map((m) => ({ _id: m.id, username: m.username })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Comments of a suggestion, oldest first (threads by parentId). Public. */
export async function listComments(deps: AppDeps, user: AuthUser | null, ref: string) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  const rows = await db
    .select({ comment: suggestionComments, ...repo.authorColumns })
    .from(suggestionComments)
    .innerJoin(users, eq(users.id, suggestionComments.authorId))
    .where(eq(suggestionComments.suggestionId, s.id))
    .orderBy(asc(suggestionComments.createdAt), asc(suggestionComments.id))
    .limit(1000);
  const mentioned = await usersByIds(db, [...new Set(rows.flatMap((r) => r.comment.mentions))]);
  return { list: rows.map((r) => toComment(r.comment, toPublicAuthor(r), mentioned)) };
}

/** Comment (signed in; members, council and admins alike), on an active or archived suggestion. */
export async function addComment(
  deps: AppDeps,
  user: AuthUser,
  ref: string,
  input: { body: string; parentId?: string },
) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  if (s.status !== 'ACTIVE' && s.status !== 'ARCHIVED')
    throw conflict('suggestion.comments_closed', 'Comments are closed on this suggestion.');
  const mentioned = await resolveMentions(db, input.body);
  const row = await db.transaction((tx) =>
    insertComment(tx, {
      suggestionId: s.id,
      authorId: user.id,
      body: input.body,
      parentId: input.parentId,
      mentions: mentioned,
    }),
  );
  const comment = await commentView(db, row.id);
  await publishSuggestionEvent(deps, s.id, 'comment', comment);
  const mail = await notifyComment(deps, s, user, input.body, mentioned);
  return { comment, ...mail };
}

async function ownComment(
  db: Db,
  user: AuthUser,
  suggestionRef: string,
  commentId: string,
  allowAdmin: boolean,
) {
  const s = assertVisible(await repo.findSuggestion(db, suggestionRef), user);
  const [c] = await db
    .select()
    .from(suggestionComments)
    .where(
      and(
        eq(suggestionComments.id, commentId),
        eq(suggestionComments.suggestionId, s.id),
        isNull(suggestionComments.deletedAt),
      ),
    );
  if (!c) throw notFound('comment', 'comment.not_found');
  if (c.authorId !== user.id && !(allowAdmin && isAdmin(user)))
    throw forbidden('You can only change your own comments.', 'comment.not_author');
  return { s, c };
}

/** Edit your own comment; members newly mentioned are notified. */
export async function editComment(
  deps: AppDeps,
  user: AuthUser,
  ref: string,
  commentId: string,
  body: string,
) {
  const db = deps.database.db;
  const { s, c } = await ownComment(db, user, ref, commentId, false);
  const mentioned = await resolveMentions(db, body);
  await db
    .update(suggestionComments)
    .set({ body, mentions: [...new Set(mentioned.map((m) => m.id))], updatedAt: new Date() })
    .where(eq(suggestionComments.id, c.id));
  const comment = await commentView(db, c.id);
  await publishSuggestionEvent(deps, s.id, 'comment', comment);
  const fresh = mentioned.filter((m) => !c.mentions.includes(m.id) && m.id !== user.id);
  const link = suggestionLink(deps, s.number);
  const mail = await mailEach(deps, fresh, () => ({
    subject: `${user.username} mentioned you on suggestion #${s.number}`,
    text: `${user.username} mentioned you in a comment on suggestion #${s.number} "${s.title}":\n\n${body}\n\n${link}`,
  }));
  return { comment, ...mail };
}

/** Delete your own comment (admins may remove any): the text goes, its place in the thread stays. */
export async function deleteComment(deps: AppDeps, user: AuthUser, ref: string, commentId: string) {
  const db = deps.database.db;
  const { s, c } = await ownComment(db, user, ref, commentId, true);
  await db.transaction(async (tx) => {
    const gone = await tx
      .update(suggestionComments)
      .set({ deletedAt: new Date(), body: '', mentions: [] })
      .where(and(eq(suggestionComments.id, c.id), isNull(suggestionComments.deletedAt)))
      .returning({ id: suggestionComments.id });
    if (gone.length)
      await tx
        .update(suggestions)
        .set({ commentsNum: sql`greatest(${suggestions.commentsNum} - 1, 0)` })
        .where(eq(suggestions.id, s.id));
  });
  const comment = await commentView(db, c.id);
  await publishSuggestionEvent(deps, s.id, 'comment', comment);
  return { deleted: true };
}
