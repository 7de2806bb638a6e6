import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SuggestionContent } from '@cr/contract/suggestion-content.contract';
import type { SuggestionStatus } from '@cr/contract/suggestion.contract';
import type { Db } from '@cr/core/db/db-client';
import { statusTable } from '@cr/core/db/status-table';
import {
  suggestionTags,
  suggestionVersions,
  suggestions,
  users,
  type SuggestionRow,
} from '@cr/core/db/schema';
import { searchDocument } from '@cr/core/db/text-search';
import { displayNumberOf, isUuid } from '@cr/core/db/record-ref';

/** The author columns a public view may show (never the e-mail). */
export const authorColumns = {
  authorId: users.id,
  authorUsername: users.username,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorAvatar: sql<string | null>`${users.profile}->>'avatar'`,
};

/** Takes the next display number from the sequence (never count()+1). */
export async function nextNumber(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`nextval('suggestion_number_seq')` })
    .from(sql`(select 1) as one`);
  return Number(row!.n);
}

export interface ContentColumns {
  type: string;
  title: string;
  abstract: string;
  content: SuggestionContent;
  budgetTotal: string | null;
  draftHash: string;
}

export function contentColumns(content: SuggestionContent, draftHash: string) {
  return {
    type: content.type,
    title: content.title,
    abstract: content.abstract,
    content,
    budgetTotal: content.budget?.total ?? null,
    draftHash,
    titleSearch: searchDocument(content.title),
    abstractSearch: searchDocument(content.abstract),
  };
}

export async function insertSuggestion(
  db: Db,
  input: { number: number; authorId: string; content: SuggestionContent; draftHash: string },
): Promise<SuggestionRow> {
  const [row] = await db
    .insert(suggestions)
    .values({
      number: input.number,
      authorId: input.authorId,
      ...contentColumns(input.content, input.draftHash),
    })
    .returning();
  return row!;
}

export async function insertVersion(
  db: Db,
  input: {
    suggestionId: string;
    version: number;
    content: SuggestionContent;
    draftHash: string;
    createdBy: string;
    revertedFrom?: number | null;
  },
) {
  await db.insert(suggestionVersions).values({
    suggestionId: input.suggestionId,
    version: input.version,
    title: input.content.title,
    type: input.content.type,
    content: input.content,
    draftHash: input.draftHash,
    createdBy: input.createdBy,
    revertedFrom: input.revertedFrom ?? null,
  });
}

/** A suggestion by uuid or display number; `lock` takes the row lock for a state change. */
export async function findSuggestion(db: Db, ref: string, lock = false): Promise<SuggestionRow | undefined> {
  const number = displayNumberOf(ref);
  const where =
    number !== null ? eq(suggestions.number, number) : isUuid(ref) ? eq(suggestions.id, ref) : undefined;
  if (!where) return undefined;
  const q = db.select().from(suggestions).where(where).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateContent(
  db: Db,
  id: string,
  input: { content: SuggestionContent; draftHash: string; version: number },
): Promise<SuggestionRow> {
  const [row] = await db
    .update(suggestions)
    .set({
      ...contentColumns(input.content, input.draftHash),
      version: input.version,
      updatedAt: new Date(),
    })
    .where(eq(suggestions.id, id))
    .returning();
  return row!;
}

/**
 * Allowed moves of `suggestions.status` (docs/suggestion-states.md), enforced by `moveSuggestionStatus`. An admin
 * hides a reported suggestion whatever its author did with it meanwhile (archived or cancelled it).
 */
export const SUGGESTION_TRANSITIONS = statusTable<SuggestionStatus>('suggestion', {
  ACTIVE: ['ARCHIVED', 'CANCELLED', 'ABUSED'],
  ARCHIVED: ['ACTIVE', 'CANCELLED', 'ABUSED'],
  CANCELLED: ['ABUSED'],
  ABUSED: [],
});

/**
 * The one writer of `suggestions.status` after insert: moves it from `from` to `to` if SUGGESTION_TRANSITIONS
 * allows it (else IllegalTransitionError, nothing written) and only while it is still in `from`. `fields` are
 * written with it (e.g. the abuse state). Returns whether the row moved.
 */
export async function moveSuggestionStatus(
  db: Db,
  id: string,
  from: SuggestionStatus,
  to: SuggestionStatus,
  fields: Partial<Pick<SuggestionRow, 'abuseStatus'>> = {},
): Promise<boolean> {
  SUGGESTION_TRANSITIONS.check(from, to);
  const moved = await db
    .update(suggestions)
    .set({ ...fields, status: to, updatedAt: new Date() })
    .where(and(eq(suggestions.id, id), eq(suggestions.status, from)))
    .returning({ id: suggestions.id });
  return moved.length > 0;
}

/** An admin dismissed a report (or hid one already hidden): the status stays, the report is handled. */
export async function markAbuseHandled(db: Db, id: string): Promise<void> {
  await db
    .update(suggestions)
    .set({ abuseStatus: 'HANDLED', updatedAt: new Date() })
    .where(eq(suggestions.id, id));
}

/** Stores the author's signature: from now on the suggestion can no longer be edited. */
export async function markSigned(
  db: Db,
  id: string,
  sig: { signature: string; signerDid: string; signerPublicKey: string | null; statement: string; at: Date },
): Promise<void> {
  await db
    .update(suggestions)
    .set({
      signed: true,
      signature: sig.signature,
      signerDid: sig.signerDid,
      signerPublicKey: sig.signerPublicKey,
      signedStatement: sig.statement,
      signedAt: sig.at,
    })
    .where(eq(suggestions.id, id));
}

/** Links a suggestion to the proposal registered from it and tags it ADDED_TO_PROPOSAL. */
export async function markProposed(
  db: Db,
  id: string,
  proposal: { number: number | null; draftHash: string; by: string; at: Date },
): Promise<void> {
  await db
    .update(suggestions)
    .set({ proposalNumber: proposal.number, proposalHash: proposal.draftHash, updatedAt: proposal.at })
    .where(eq(suggestions.id, id));
  await addTag(db, id, 'ADDED_TO_PROPOSAL', proposal.by);
}

/**
 * Undoes `markProposed` when the chain refused the registration for good: the suggestion is signed and not
 * proposed again (no number, no draft hash, no ADDED_TO_PROPOSAL tag), so a council member can make it a proposal.
 */
export async function unmarkProposed(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(suggestions)
    .set({ proposalNumber: null, proposalHash: null, updatedAt: at })
    .where(eq(suggestions.id, id));
  await db.delete(suggestionTags).where(tagWhere(id, 'ADDED_TO_PROPOSAL'));
}

type TagType = (typeof suggestionTags.$inferInsert)['type'];
const tagWhere = (suggestionId: string, type: TagType) =>
  and(eq(suggestionTags.suggestionId, suggestionId), eq(suggestionTags.type, type));

export async function hasTag(db: Db, suggestionId: string, type: TagType): Promise<boolean> {
  const [row] = await db
    .select({ type: suggestionTags.type })
    .from(suggestionTags)
    .where(tagWhere(suggestionId, type));
  return !!row;
}

/** Tags a suggestion; a tag it already has stays as it is. */
export async function addTag(db: Db, suggestionId: string, type: TagType, createdBy: string): Promise<void> {
  await db.insert(suggestionTags).values({ suggestionId, type, createdBy }).onConflictDoNothing();
}

/** Tags a suggestion with a note, or replaces the note (and its author and time) of the tag it has. */
export async function saveTagNote(
  db: Db,
  tag: { suggestionId: string; type: TagType; description: string; createdBy: string },
): Promise<void> {
  const [existing] = await db
    .select({ type: suggestionTags.type })
    .from(suggestionTags)
    .where(tagWhere(tag.suggestionId, tag.type))
    .for('update');
  if (existing)
    await db
      .update(suggestionTags)
      .set({ description: tag.description, createdBy: tag.createdBy, createdAt: new Date() })
      .where(tagWhere(tag.suggestionId, tag.type));
  else await db.insert(suggestionTags).values(tag);
}

/** The DID bound to a user now (null when none). */
export async function didOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ did: users.did }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.did ?? null;
}

export async function findVersion(db: Db, suggestionId: string, version: number) {
  const [row] = await db
    .select()
    .from(suggestionVersions)
    .where(and(eq(suggestionVersions.suggestionId, suggestionId), eq(suggestionVersions.version, version)))
    .limit(1);
  return row;
}

export async function listVersions(db: Db, suggestionId: string) {
  return db
    .select({
      version: suggestionVersions.version,
      title: suggestionVersions.title,
      type: suggestionVersions.type,
      content: suggestionVersions.content,
      draftHash: suggestionVersions.draftHash,
      revertedFrom: suggestionVersions.revertedFrom,
      createdAt: suggestionVersions.createdAt,
      ...authorColumns,
    })
    .from(suggestionVersions)
    .innerJoin(users, eq(users.id, suggestionVersions.createdBy))
    .where(eq(suggestionVersions.suggestionId, suggestionId))
    .orderBy(desc(suggestionVersions.version))
    .limit(500);
}

export async function findAuthor(db: Db, userId: string) {
  const [row] = await db.select(authorColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row!;
}

export async function tagsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      suggestionId: suggestionTags.suggestionId,
      type: suggestionTags.type,
      description: suggestionTags.description,
      createdAt: suggestionTags.createdAt,
    })
    .from(suggestionTags)
    .where(inArray(suggestionTags.suggestionId, ids))
    .orderBy(suggestionTags.createdAt);
}
