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
import { conflict, forbidden, notFound } from '../../http/app-error';
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
import { toPublicAuthor, toSummary } from './suggestion-view';
import { bumpListGeneration, publishSuggestionEvent } from './suggestion-events';

async function publish(deps: AppDeps, id: string, event: SuggestionEvent, payload: object) {
  await publishSuggestionEvent(deps, id, event, payload);
}

/** Refused while the admin switch says suggestions are suspended (spec §1). */
export async function assertNotSuspended(deps: AppDeps) {
  const settings = await getSiteSettings(deps.database.db, deps.config.DEV_TOOLS);
  if (settings.suggestionsSuspended) throw suspendedError();
}

/** Save and post: number from the sequence, draft hash, version 1, and the draft it came from removed. */
export async function createSuggestion(
  deps: AppDeps,
  user: AuthUser,
  content: SuggestionContent,
  draftId?: string,
): Promise<SuggestionDetail> {
  await assertNotSuspended(deps);
  const db = deps.database.db;
  await checkReferences(db, content);
  const row = await db.transaction(async (tx) => {
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
    return created;
  });
  await bumpListGeneration(deps);
  return getSuggestionDetail(deps, user, row.id);
}

/** Edit (author, unsigned, ACTIVE): a new version; a stale `baseVersion` is refused, never overwritten. */
export async function updateSuggestion(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  content: SuggestionContent,
  baseVersion?: number,
): Promise<SuggestionDetail> {
  const db = deps.database.db;
  await checkReferences(db, content);
  const row = await db.transaction(async (tx) => {
    const current = assertVisible(await repo.findSuggestion(tx, id, true), user);
    assertEditable(current, user);
    if (baseVersion !== undefined && baseVersion !== current.version)
      throw conflict(
        'suggestion.version_conflict',
        `This suggestion was changed (now version ${current.version}); reload it before saving.`,
      );
    const version = current.version + 1;
    const draftHash = suggestionDraftHash(current.number, content);
    const updated = await repo.updateContent(tx, current.id, { content, draftHash, version });
    await repo.insertVersion(tx, {
      suggestionId: current.id,
      version,
      content,
      draftHash,
      createdBy: user.id,
    });
    await deleteEditDraft(tx, current.id);
    return updated;
  });
  await bumpListGeneration(deps);
  await publish(deps, row.id, 'suggestion-updated', { version: row.version, draftHash: row.draftHash });
  return getSuggestionDetail(deps, user, row.id);
}

/** Revert to an earlier version (author, unsigned): its content becomes a new version. */
export async function revertSuggestion(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  version: number,
): Promise<SuggestionDetail> {
  const db = deps.database.db;
  const row = await db.transaction(async (tx) => {
    const current = assertVisible(await repo.findSuggestion(tx, id, true), user);
    assertEditable(current, user);
    const old = await repo.findVersion(tx, current.id, version);
    if (!old) throw notFound('version', 'suggestion.version_not_found');
    const next = current.version + 1;
    const draftHash = suggestionDraftHash(current.number, old.content);
    const updated = await repo.updateContent(tx, current.id, {
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
    return updated;
  });
  await bumpListGeneration(deps);
  await publish(deps, row.id, 'suggestion-updated', { version: row.version, draftHash: row.draftHash });
  return getSuggestionDetail(deps, user, row.id);
}

/** Cancel (author): refused with the spec's message once it was made into a proposal or already closed. */
export async function cancelSuggestion(deps: AppDeps, user: AuthUser, id: string): Promise<SuggestionDetail> {
  await deps.database.db.transaction(async (tx) => {
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
  });
  await bumpListGeneration(deps);
  const detail = await getSuggestionDetail(deps, user, id);
  await publish(deps, detail._id, 'suggestion-status', { status: detail.status });
  return detail;
}

/** Archive / unarchive (author or admin): ACTIVE ⇄ ARCHIVED. */
export async function setArchived(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  archived: boolean,
): Promise<SuggestionDetail> {
  await deps.database.db.transaction(async (tx) => {
    const row = assertVisible(await repo.findSuggestion(tx, id, true), user);
    if (!isAuthor(row, user) && !isAdmin(user))
      throw forbidden('Only the author or an admin can archive this suggestion.', 'suggestion.not_author');
    const from = archived ? 'ACTIVE' : 'ARCHIVED';
    if (row.status !== from)
      throw conflict(
        'suggestion.invalid_state',
        archived ? 'Only an active suggestion can be archived.' : 'This suggestion is not archived.',
      );
    await repo.moveSuggestionStatus(tx, row.id, from, archived ? 'ARCHIVED' : 'ACTIVE');
  });
  await bumpListGeneration(deps);
  const detail = await getSuggestionDetail(deps, user, id);
  await publish(deps, detail._id, 'suggestion-status', { status: detail.status });
  return detail;
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
