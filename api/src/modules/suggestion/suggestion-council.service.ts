import type { AppDeps } from '../../app-deps';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../session';
import { assertActive, assertVisible } from './suggestion-access';
import { commentView, insertComment, resolveMentions } from './suggestion-comment.service';
import {
  commentMails,
  councilMails,
  queueSuggestionMails,
  usersByIds,
  usersWithRole,
} from './suggestion-mail';
import * as repo from './suggestion.repo';
import { getSuggestionDetail } from './suggestion.service';
import { publishSuggestionEvent } from './suggestion-events';

/** The secretary (role SECRETARY) and the author hear about council actions, one message each. */
async function secretaryAndAuthor(deps: AppDeps, s: { authorId: string }) {
  const db = deps.database.db;
  return [...(await usersWithRole(db, 'SECRETARY')), ...(await usersByIds(db, [s.authorId]))];
}

/**
 * A council member marks a signed, active suggestion as under consideration (the page confirms first).
 * Idempotent; e-mails the secretary.
 */
export async function markUnderConsideration(deps: AppDeps, user: AuthUser, ref: string) {
  const db = deps.database.db;
  const s = await db.transaction(async (tx) => {
    const row = assertVisible(await repo.findSuggestion(tx, ref, true), user);
    assertActive(row);
    if (!row.signed)
      throw conflict('suggestion.not_signed', 'Only a suggestion signed by its author can be considered.');
    if (row.proposalNumber)
      throw conflict('suggestion.referred', 'This suggestion was already made into a proposal.');
    await repo.addTag(tx, row.id, 'UNDER_CONSIDERATION', user.id);
    return row;
  });
  const mail = await queueSuggestionMails(
    deps,
    councilMails(await secretaryAndAuthor(deps, s), {
      suggestionId: s.id,
      actorId: user.id,
      action: 'consideration',
    }),
  );
  const suggestion = await getSuggestionDetail(deps, user, s.id);
  await publishSuggestionEvent(deps, s.id, 'tags', { tags: suggestion.tags });
  return { suggestion, ...mail };
}

/**
 * A council member asks the author for more information: the request is a comment on the suggestion and the
 * INFO_NEEDED tag carries it (its latest text). E-mails the secretary and the author.
 */
export async function requestMoreInfo(deps: AppDeps, user: AuthUser, ref: string, comment: string) {
  const db = deps.database.db;
  const mentioned = await resolveMentions(db, comment);
  const s = await db.transaction(async (tx) => {
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
    return { ...row, commentId: inserted.id };
  });
  const toCouncil = councilMails(await secretaryAndAuthor(deps, s), {
    suggestionId: s.id,
    actorId: user.id,
    action: 'info-request',
    commentId: s.commentId,
  });
  // Members mentioned in the request (besides the secretary and the author) hear of it as a mention.
  const told = new Set([user.id, s.authorId, ...toCouncil.map((j) => j.recipientId)]);
  const others = mentioned.filter((m) => !told.has(m.id));
  const mail = await queueSuggestionMails(deps, [
    ...toCouncil,
    ...commentMails(others, s.commentId, new Set(others.map((m) => m.id))),
  ]);
  const suggestion = await getSuggestionDetail(deps, user, s.id);
  // The request is a comment too: a page following the room shows both.
  await publishSuggestionEvent(deps, s.id, 'comment', await commentView(db, s.commentId));
  await publishSuggestionEvent(deps, s.id, 'tags', { tags: suggestion.tags });
  return { suggestion, ...mail };
}
