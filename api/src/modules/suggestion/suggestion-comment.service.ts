import type { AppDeps } from '../../app-deps';
import { findMentions, type SuggestionComment } from '@cr/contract/suggestion-comment.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { Db } from '@cr/core/db/db-client';
import type { SuggestionRow } from '@cr/core/db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { assertVisible, isAdmin } from './suggestion-access';
import { commentMails, usersByIds, usersWithRole, type Recipient } from './suggestion-mail';
import * as repo from './suggestion.repo';
import * as comments from './suggestion-comment.repo';
import { subscriberIds } from './suggestion-engagement.repo';
import { toPublicAuthor } from './suggestion-view';
import { suggestionEvent } from './suggestion-events';
import type { CommandOutcome } from '../../http/command';
import type { MailJob } from '@cr/core/queues/mail-queue';
import { inboxEvents } from '../../realtime/inbox-events';

/** `@ALL` mentions every council member (the original's "ALL (All Council Members)"). */
export const MENTION_ALL = 'ALL';

/** The members a comment mentions; an unknown name refuses the comment with "User not found". */
export async function resolveMentions(db: Db, body: string): Promise<Recipient[]> {
  const names = findMentions(body);
  if (names.length === 0) return [];
  const all = names.some((n) => n === MENTION_ALL);
  const named = names.filter((n) => n !== MENTION_ALL).map((n) => n.toLowerCase());
  const found = named.length ? await comments.activeUsersNamed(db, named) : [];
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
    const parent = await comments.threadOf(tx, input.parentId, input.suggestionId);
    if (!parent) throw badRequest('comment.parent_invalid', 'The comment you reply to was not found.');
    if (parent.parentId) input.parentId = parent.parentId; // replies stay one level deep
  }
  return comments.insertCommentAndCount(tx, {
    suggestionId: input.suggestionId,
    authorId: input.authorId,
    body: input.body,
    parentId: input.parentId ?? null,
    mentions: [...new Set(input.mentions.map((m) => m.id))],
  });
}

/** E-mails about a new comment: mentioned members, the author and subscribers; never the commenter. */
export async function commentNotices(
  db: Db,
  s: SuggestionRow,
  commenter: AuthUser,
  commentId: string,
  mentioned: Recipient[],
): Promise<MailJob[]> {
  const others = await usersByIds(db, [s.authorId, ...(await subscriberIds(db, s.id))]);
  const recipients = [...mentioned, ...others].filter((r) => r.id !== commenter.id);
  return commentMails(recipients, commentId, new Set(mentioned.map((m) => m.id)));
}

/** One comment as the page shows it (what a room's `comment` event carries). */
export async function commentView(db: Db, id: string): Promise<SuggestionComment> {
  const c = await comments.commentWithAuthor(db, id);
  if (!c) throw notFound('comment', 'comment.not_found');
  const mentioned = await usersByIds(db, c.comment.mentions);
  return toComment(c.comment, toPublicAuthor(c), mentioned);
}

function toComment(
  c: comments.CommentRow,
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
  const rows = await comments.commentsOf(db, s.id, 1000);
  const mentioned = await usersByIds(db, [...new Set(rows.flatMap((r) => r.comment.mentions))]);
  return { list: rows.map((r) => toComment(r.comment, toPublicAuthor(r), mentioned)) };
}

/** What a comment's write answers once committed: the comment and how many notices were (not) queued. */
export interface CommentWritten {
  comment: SuggestionComment;
  mails: number;
}

/** Comment (signed in; members, council and admins alike), on an active or archived suggestion. */
export async function addComment(
  tx: Db,
  user: AuthUser,
  ref: string,
  input: { body: string; parentId?: string },
): Promise<CommandOutcome<CommentWritten>> {
  const s = assertVisible(await repo.findSuggestion(tx, ref), user);
  if (s.status !== 'ACTIVE' && s.status !== 'ARCHIVED')
    throw conflict('suggestion.comments_closed', 'Comments are closed on this suggestion.');
  const mentioned = await resolveMentions(tx, input.body);
  const row = await insertComment(tx, {
    suggestionId: s.id,
    authorId: user.id,
    body: input.body,
    parentId: input.parentId,
    mentions: mentioned,
  });
  const comment = await commentView(tx, row.id);
  const mails = await commentNotices(tx, s, user, row.id, mentioned);
  return {
    result: { comment, mails: mails.length },
    events: [
      suggestionEvent(s.id, 'comment', comment),
      ...inboxEvents([s.authorId, ...mentioned.map((m) => m.id)]),
    ],
    mails,
  };
}

async function ownComment(
  db: Db,
  user: AuthUser,
  suggestionRef: string,
  commentId: string,
  allowAdmin: boolean,
) {
  const s = assertVisible(await repo.findSuggestion(db, suggestionRef), user);
  const c = await comments.findLiveComment(db, commentId, s.id);
  if (!c) throw notFound('comment', 'comment.not_found');
  if (c.authorId !== user.id && !(allowAdmin && isAdmin(user)))
    throw forbidden('You can only change your own comments.', 'comment.not_author');
  return { s, c };
}

/** Edit your own comment; members newly mentioned are notified. */
export async function editComment(
  tx: Db,
  user: AuthUser,
  ref: string,
  commentId: string,
  body: string,
): Promise<CommandOutcome<CommentWritten>> {
  const { s, c } = await ownComment(tx, user, ref, commentId, false);
  const mentioned = await resolveMentions(tx, body);
  await comments.updateCommentBody(tx, c.id, body, [...new Set(mentioned.map((m) => m.id))]);
  const comment = await commentView(tx, c.id);
  const fresh = mentioned.filter((m) => !c.mentions.includes(m.id) && m.id !== user.id);
  const mails = commentMails(fresh, c.id, new Set(fresh.map((m) => m.id)));
  return {
    result: { comment, mails: mails.length },
    events: [suggestionEvent(s.id, 'comment', comment), ...inboxEvents(fresh.map((m) => m.id))],
    mails,
  };
}

/** Delete your own comment (admins may remove any): the text goes, its place in the thread stays. */
export async function deleteComment(
  tx: Db,
  user: AuthUser,
  ref: string,
  commentId: string,
): Promise<CommandOutcome<{ deleted: boolean }>> {
  const { s, c } = await ownComment(tx, user, ref, commentId, true);
  await comments.deleteCommentAndUncount(tx, c.id, s.id);
  const comment = await commentView(tx, c.id);
  return { result: { deleted: true }, events: [suggestionEvent(s.id, 'comment', comment)] };
}
