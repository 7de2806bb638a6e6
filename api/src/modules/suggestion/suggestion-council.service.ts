import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { suggestionTags } from '../../db/schema';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import { assertActive, assertVisible } from './suggestion-access';
import { commentView, insertComment, resolveMentions } from './suggestion-comment.service';
import { mailEach, suggestionLink, usersByIds, usersWithRole } from './suggestion-mail';
import * as repo from './suggestion.repo';
import { getSuggestionDetail } from './suggestion.service';
import { publishSuggestionEvent } from './suggestion-events';

/** The secretary (role SECRETARY) and the author hear about council actions, one message each. */
async function mailSecretaryAndAuthor(
  deps: AppDeps,
  s: { authorId: string; number: number; title: string },
  actor: AuthUser,
  what: string,
  comment?: string,
) {
  const db = deps.database.db;
  const recipients = [...(await usersWithRole(db, 'SECRETARY')), ...(await usersByIds(db, [s.authorId]))];
  const link = suggestionLink(deps, s.number);
  return mailEach(deps, recipients, () => ({
    subject: `Suggestion #${s.number}: ${what}`,
    text: `Council member ${actor.username}: ${what} — suggestion #${s.number} "${s.title}".${
      comment ? `\n\nComment:\n${comment}` : ''
    }\n\n${link}`,
  }));
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
    await tx
      .insert(suggestionTags)
      .values({ suggestionId: row.id, type: 'UNDER_CONSIDERATION', createdBy: user.id })
      .onConflictDoNothing();
    return row;
  });
  const mail = await mailSecretaryAndAuthor(deps, s, user, 'marked as under council consideration');
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
    const [existing] = await tx
      .select({ type: suggestionTags.type })
      .from(suggestionTags)
      .where(and(eq(suggestionTags.suggestionId, row.id), eq(suggestionTags.type, 'INFO_NEEDED')))
      .for('update');
    if (existing)
      await tx
        .update(suggestionTags)
        .set({ description: comment, createdBy: user.id, createdAt: new Date() })
        .where(and(eq(suggestionTags.suggestionId, row.id), eq(suggestionTags.type, 'INFO_NEEDED')));
    else
      await tx
        .insert(suggestionTags)
        .values({ suggestionId: row.id, type: 'INFO_NEEDED', description: comment, createdBy: user.id });
    return { ...row, commentId: inserted.id };
  });
  const mail = await mailSecretaryAndAuthor(deps, s, user, 'more information requested', comment);
  const mentionMail = await mailEach(
    deps,
    mentioned.filter((m) => m.id !== user.id && m.id !== s.authorId),
    () => ({
      subject: `${user.username} mentioned you on suggestion #${s.number}`,
      text: `${user.username} asked for more information on suggestion #${s.number} "${s.title}":\n\n${comment}\n\n${suggestionLink(deps, s.number)}`,
    }),
  );
  const suggestion = await getSuggestionDetail(deps, user, s.id);
  // The request is a comment too: a page following the room shows both.
  await publishSuggestionEvent(deps, s.id, 'comment', await commentView(db, s.commentId));
  await publishSuggestionEvent(deps, s.id, 'tags', { tags: suggestion.tags });
  return {
    suggestion,
    mailed: mail.mailed + mentionMail.mailed,
    mailFailed: mail.mailFailed + mentionMail.mailFailed,
  };
}
