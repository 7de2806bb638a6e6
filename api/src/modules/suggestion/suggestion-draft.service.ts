import type { AppDeps } from '../../app-deps';
import type { SuggestionDraftContent } from '@cr/contract/suggestion-content.contract';
import type { Db } from '@cr/core/db/db-client';
import type { SuggestionDraftRow } from '@cr/core/db/schema';
import type { CommandOutcome } from '../../http/command';
import { conflict, notFound } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { assertEditable, assertVisible } from './suggestion-access';
import * as repo from './suggestion.repo';
import * as drafts from './suggestion-draft.repo';
import { assertNotSuspended } from './suggestion.service';

/** Unposted drafts one author may keep. */
export const MAX_DRAFTS_PER_AUTHOR = 50;

const titleOf = (c: SuggestionDraftContent) => c.title?.trim().slice(0, 200) || null;

type SuggestionDraft = ReturnType<typeof toDraft>;

export function toDraft(row: SuggestionDraftRow) {
  return {
    _id: row.id,
    suggestionId: row.suggestionId,
    title: row.title,
    content: row.content as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listDrafts(deps: AppDeps, user: AuthUser) {
  const rows = await drafts.listDraftsOf(deps.database.db, user.id, MAX_DRAFTS_PER_AUTHOR * 2);
  return {
    list: rows.map((r) => ({
      _id: r.id,
      suggestionId: r.suggestionId,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** Save as draft (a new suggestion): refused while suggestions are suspended, as creating is. */
export async function createDraft(
  tx: Db,
  devTools: boolean,
  user: AuthUser,
  content: SuggestionDraftContent,
): Promise<CommandOutcome<SuggestionDraft>> {
  await assertNotSuspended(tx, devTools);
  if ((await drafts.countNewDrafts(tx, user.id)) >= MAX_DRAFTS_PER_AUTHOR)
    throw conflict('suggestion.draft_limit', `You can keep at most ${MAX_DRAFTS_PER_AUTHOR} drafts.`);
  const row = await drafts.insertDraft(tx, { authorId: user.id, content, title: titleOf(content) });
  return { result: toDraft(row) };
}

async function ownDraft(db: Db, user: AuthUser, draftId: string) {
  const row = await drafts.findOwnDraft(db, draftId, user.id);
  // Another member's draft is answered like a missing one.
  if (!row) throw notFound('draft', 'suggestion.draft_not_found');
  return row;
}

export async function getDraft(deps: AppDeps, user: AuthUser, draftId: string) {
  return toDraft(await ownDraft(deps.database.db, user, draftId));
}

export async function updateDraft(
  tx: Db,
  user: AuthUser,
  draftId: string,
  content: SuggestionDraftContent,
): Promise<CommandOutcome<SuggestionDraft>> {
  await ownDraft(tx, user, draftId);
  const row = await drafts.updateOwnDraft(tx, draftId, user.id, {
    content,
    title: titleOf(content),
  });
  return { result: toDraft(row!) };
}

export async function deleteDraft(
  tx: Db,
  user: AuthUser,
  draftId: string,
): Promise<CommandOutcome<{ deleted: boolean }>> {
  await ownDraft(tx, user, draftId);
  await drafts.deleteOwnDraft(tx, draftId, user.id);
  return { result: { deleted: true } };
}

/** Pending edits of a posted suggestion (author, unsigned): one per suggestion, replaced on each save. */
export async function saveEditDraft(
  tx: Db,
  user: AuthUser,
  ref: string,
  content: SuggestionDraftContent,
): Promise<CommandOutcome<SuggestionDraft>> {
  const s = assertVisible(await repo.findSuggestion(tx, ref), user);
  assertEditable(s, user);
  const row = await drafts.saveEditDraft(tx, {
    authorId: user.id,
    suggestionId: s.id,
    content,
    title: titleOf(content),
  });
  return { result: toDraft(row) };
}

/** The pending edits of a posted suggestion, or null (author only). */
export async function getEditDraft(deps: AppDeps, user: AuthUser, ref: string) {
  const db = deps.database.db;
  const s = assertVisible(await repo.findSuggestion(db, ref), user);
  if (s.authorId !== user.id) throw notFound('draft', 'suggestion.draft_not_found');
  const row = await drafts.findEditDraft(db, s.id);
  return row ? toDraft(row) : null;
}
