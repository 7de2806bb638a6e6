import type { Db } from '@cr/core/db/db-client';
import { conflict } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { assertActive, assertVisible } from './suggestion-access';
import { commentView, insertComment, resolveMentions } from './suggestion-comment.service';
import { commentMails, councilMails, usersByIds, usersWithRole } from './suggestion-mail';
import * as repo from './suggestion.repo';
import { suggestionTagViews } from './suggestion.service';
import { suggestionEvent } from './suggestion-events';

/** The secretary (role SECRETARY) and the author hear about council actions, one message each. */
async function secretaryAndAuthor(db: Db, s: { authorId: string }) {
  return [...(await usersWithRole(db, 'SECRETARY')), ...(await usersByIds(db, [s.authorId]))];
}

/** What a council action answers once committed: the suggestion (read then) and how many notices it queued. */
export interface CouncilActed {
  id: string;
  mails: number;
}

/**
 * A council member marks a signed, active suggestion as under consideration (the page confirms first).
 * Idempotent; e-mails the secretary.
 */
export async function markUnderConsideration(
  tx: Db,
  user: AuthUser,
  ref: string,
): Promise<CommandOutcome<CouncilActed>> {
  const row = assertVisible(await repo.findSuggestion(tx, ref, true), user);
  assertActive(row);
  if (!row.signed)
    throw conflict('suggestion.not_signed', 'Only a suggestion signed by its author can be considered.');
  if (row.proposalNumber)
    throw conflict('suggestion.referred', 'This suggestion was already made into a proposal.');
  await repo.addTag(tx, row.id, 'UNDER_CONSIDERATION', user.id);
  const mails = councilMails(await secretaryAndAuthor(tx, row), {
    suggestionId: row.id,
    actorId: user.id,
    action: 'consideration',
  });
  return {
    result: { id: row.id, mails: mails.length },
    events: [suggestionEvent(row.id, 'tags', { tags: await suggestionTagViews(tx, row.id) })],
    mails,
  };
}

/**
 * A council member asks the author for more information: the request is a comment on the suggestion and the
 * INFO_NEEDED tag carries it (its latest text). E-mails the secretary and the author.
 */
export async function requestMoreInfo(
  tx: Db,
  user: AuthUser,
  ref: string,
  comment: string,
): Promise<CommandOutcome<CouncilActed>> {
  const mentioned = await resolveMentions(tx, comment);
  const row = assertVisible(await repo.findSuggestion(tx, ref, true), user);
  assertActive(row);
  const inserted = await insertComment(tx, {
    suggestionId: row.id,
    authorId: user.id,
    body: comment,
    mentions: mentioned,
  });
  await repo.saveTagNote(tx, {
    suggestionId: row.id,
    type: 'INFO_NEEDED',
    description: comment,
    createdBy: user.id,
  });
  const toCouncil = councilMails(await secretaryAndAuthor(tx, row), {
    suggestionId: row.id,
    actorId: user.id,
    action: 'info-request',
    commentId: inserted.id,
  });
  // Members mentioned in the request (besides the secretary and the author) hear of it as a mention.
  const told = new Set([user.id, row.authorId, ...toCouncil.map((j) => j.recipientId)]);
  const others = mentioned.filter((m) => !told.has(m.id));
  const mails = [...toCouncil, ...commentMails(others, inserted.id, new Set(others.map((m) => m.id)))];
  return {
    result: { id: row.id, mails: mails.length },
    events: [
      // The request is a comment too: a page following the room shows both.
      suggestionEvent(row.id, 'comment', await commentView(tx, inserted.id)),
      suggestionEvent(row.id, 'tags', { tags: await suggestionTagViews(tx, row.id) }),
    ],
    mails,
  };
}
