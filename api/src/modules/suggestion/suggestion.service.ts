import type { AppDeps } from '../../app-deps';
import type { SuggestionContent } from '@cr/contract/suggestion-content.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import { suggestionDraftHash } from '@cr/contract/suggestion-hash';
import type {
  SuggestionDetail,
  SuggestionEvent,
  suggestionVersionListSchema,
} from '@cr/contract/suggestion.contract';
import type { z } from 'zod';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import { conflict, forbidden, notFound } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { getSiteSettings } from '../site';
import {
  assertAuthor,
  assertEditable,
  assertVisible,
  isAdmin,
  isAuthor,
  suspendedError,
} from './suggestion-access';
import { checkReferences } from './suggestion-references';
import * as repo from './suggestion.repo';
import { deleteEditDraft, deleteOwnDraft } from './suggestion-draft.repo';
import { isSubscribed, reactionOf } from './suggestion-engagement.repo';
import { tagViews, toPublicAuthor, toSummary } from './suggestion-view';
import { suggestionEvent } from './suggestion-events';

/** Refused while the admin switch says suggestions are suspended (spec §1). */
export async function assertNotSuspended(db: Db, devTools: boolean) {
  const settings = await getSiteSettings(db, devTools);
  if (settings.suggestionsSuspended) throw suspendedError();
}

/** A change of one suggestion's content or state renews the cached lists and is announced in its room. */
const changed = (id: string, event?: { name: SuggestionEvent; payload: object }): CommandOutcome<string> => ({
  result: id,
  cacheScopes: ['suggestions'],
  events: event ? [suggestionEvent(id, event.name, event.payload)] : [],
});

/** Save and post: number from the sequence, draft hash, version 1, and the draft it came from removed. */
export async function createSuggestion(
  tx: Db,
  devTools: boolean,
  user: AuthUser,
  content: SuggestionContent,
  draftId?: string,
): Promise<CommandOutcome<string>> {
  await assertNotSuspended(tx, devTools);
  await checkReferences(tx, content);
  const number = await repo.nextNumber(tx);
  const draftHash = suggestionDraftHash(number, content);
  const created = await repo.insertSuggestion(tx, { number, authorId: user.id, content, draftHash });
  await repo.insertVersion(tx, {
    suggestionId: created.id,
    version: 1,
    content,
    draftHash,
    createdBy: user.id,
  });
  if (draftId && !(await deleteOwnDraft(tx, draftId, user.id)))
    throw notFound('draft', 'suggestion.draft_not_found');
  return changed(created.id);
}

/** Edit (author, unsigned, ACTIVE): a new version; a stale `baseVersion` is refused, never overwritten. */
export async function updateSuggestion(
  tx: Db,
  user: AuthUser,
  id: string,
  content: SuggestionContent,
  baseVersion?: number,
): Promise<CommandOutcome<string>> {
  await checkReferences(tx, content);
  const current = assertVisible(await repo.findSuggestion(tx, id, true), user);
  assertEditable(current, user);
  if (baseVersion !== undefined && baseVersion !== current.version)
    throw conflict(
      'suggestion.version_conflict',
      `This suggestion was changed (now version ${current.version}); reload it before saving.`,
    );
  const version = current.version + 1;
  const draftHash = suggestionDraftHash(current.number, content);
  const row = await repo.updateContent(tx, current.id, { content, draftHash, version });
  await repo.insertVersion(tx, {
    suggestionId: current.id,
    version,
    content,
    draftHash,
    createdBy: user.id,
  });
  await deleteEditDraft(tx, current.id);
  return changed(row.id, {
    name: 'suggestion-updated',
    payload: { version: row.version, draftHash: row.draftHash },
  });
}

/** Revert to an earlier version (author, unsigned): its content becomes a new version. */
export async function revertSuggestion(
  tx: Db,
  user: AuthUser,
  id: string,
  version: number,
): Promise<CommandOutcome<string>> {
  const current = assertVisible(await repo.findSuggestion(tx, id, true), user);
  assertEditable(current, user);
  const old = await repo.findVersion(tx, current.id, version);
  if (!old) throw notFound('version', 'suggestion.version_not_found');
  const next = current.version + 1;
  const draftHash = suggestionDraftHash(current.number, old.content);
  const row = await repo.updateContent(tx, current.id, {
    content: old.content,
    draftHash,
    version: next,
  });
  await repo.insertVersion(tx, {
    suggestionId: current.id,
    version: next,
    content: old.content,
    draftHash,
    createdBy: user.id,
    revertedFrom: version,
  });
  return changed(row.id, {
    name: 'suggestion-updated',
    payload: { version: row.version, draftHash: row.draftHash },
  });
}

/** Cancel (author): refused with the spec's message once it was made into a proposal or already closed. */
export async function cancelSuggestion(tx: Db, user: AuthUser, id: string): Promise<CommandOutcome<string>> {
  const row = assertVisible(await repo.findSuggestion(tx, id, true), user);
  assertAuthor(row, user, 'cancel');
  const referred = await repo.hasTag(tx, row.id, 'ADDED_TO_PROPOSAL');
  if (
    row.proposalHash ||
    row.proposalNumber ||
    referred ||
    (row.status !== 'ACTIVE' && row.status !== 'ARCHIVED')
  )
    throw conflict('suggestion.cancel_failed', M.cancelFailed);
  await repo.moveSuggestionStatus(tx, row.id, row.status, 'CANCELLED');
  return changed(row.id, { name: 'suggestion-status', payload: { status: 'CANCELLED' } });
}

/** Archive / unarchive (author or admin): ACTIVE ⇄ ARCHIVED. */
export async function setArchived(
  tx: Db,
  user: AuthUser,
  id: string,
  archived: boolean,
): Promise<CommandOutcome<string>> {
  const row = assertVisible(await repo.findSuggestion(tx, id, true), user);
  if (!isAuthor(row, user) && !isAdmin(user))
    throw forbidden('Only the author or an admin can archive this suggestion.', 'suggestion.not_author');
  const from = archived ? 'ACTIVE' : 'ARCHIVED';
  if (row.status !== from)
    throw conflict(
      'suggestion.invalid_state',
      archived ? 'Only an active suggestion can be archived.' : 'This suggestion is not archived.',
    );
  const to = archived ? 'ARCHIVED' : 'ACTIVE';
  await repo.moveSuggestionStatus(tx, row.id, from, to);
  return changed(row.id, { name: 'suggestion-status', payload: { status: to } });
}

/** A suggestion's tags as its detail shows them (what a room's `tags` event carries). */
export async function suggestionTagViews(db: Db, id: string): Promise<SuggestionDetail['tags']> {
  return tagViews(id, await repo.tagsOf(db, [id]));
}

/** The detail page: public fields only, plus what the caller may do. */
export async function getSuggestionDetail(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string,
): Promise<SuggestionDetail> {
  const db = deps.database.db;
  const row = assertVisible(await repo.findSuggestion(db, ref), user);
  const [author, tags, reaction, subscribed] = await Promise.all([
    repo.findAuthor(db, row.authorId),
    repo.tagsOf(db, [row.id]),
    user ? reactionOf(db, row.id, user.id) : undefined,
    user ? isSubscribed(db, row.id, user.id) : false,
  ]);
  const summary = toSummary({ ...row, ...author }, tags);
  const mine = isAuthor(row, user);
  const canEdit = mine && !row.signed && row.status === 'ACTIVE';
  return {
    ...summary,
    content: row.content as unknown as Record<string, unknown>,
    version: row.version,
    draftHash: row.draftHash,
    signature:
      row.signed && row.signature && row.signerDid && row.signedStatement && row.signedAt
        ? {
            signature: row.signature,
            did: row.signerDid,
            publicKey: row.signerPublicKey,
            statement: row.signedStatement,
            signedAt: row.signedAt.toISOString(),
          }
        : null,
    abuseStatus: row.abuseStatus,
    proposalHash: row.proposalHash,
    myReaction: reaction?.kind ?? null,
    subscribed,
    isAuthor: mine,
    canEdit,
    canSign: canEdit && !!user?.did,
  };
}

/** Version history (public like the suggestion): every version with its content, newest first. */
export async function getVersions(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string,
): Promise<z.infer<typeof suggestionVersionListSchema>> {
  const db = deps.database.db;
  const row = assertVisible(await repo.findSuggestion(db, ref), user);
  const versions = await repo.listVersions(db, row.id);
  return {
    current: row.version,
    versions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      type: v.type as SuggestionContent['type'],
      content: v.content as unknown as Record<string, unknown>,
      draftHash: v.draftHash,
      createdBy: toPublicAuthor(v),
      revertedFrom: v.revertedFrom,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}
