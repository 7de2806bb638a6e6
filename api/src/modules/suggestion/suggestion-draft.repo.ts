import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { SuggestionDraftContent } from '@cr/contract/suggestion-content.contract';
import type { Db } from '@cr/core/db/db-client';
import { suggestionDrafts, type SuggestionDraftRow } from '@cr/core/db/schema';

const ownDraftWhere = (draftId: string, authorId: string) =>
  and(eq(suggestionDrafts.id, draftId), eq(suggestionDrafts.authorId, authorId));

/** An author's drafts without their content, latest change first. */
export async function listDraftsOf(db: Db, authorId: string, limit: number) {
  return db
    .select({
      id: suggestionDrafts.id,
      suggestionId: suggestionDrafts.suggestionId,
      title: suggestionDrafts.title,
      createdAt: suggestionDrafts.createdAt,
      updatedAt: suggestionDrafts.updatedAt,
    })
    .from(suggestionDrafts)
    .where(eq(suggestionDrafts.authorId, authorId))
    .orderBy(desc(suggestionDrafts.updatedAt))
    .limit(limit);
}

/** How many drafts of new suggestions (not edits of posted ones) an author keeps. */
export async function countNewDrafts(db: Db, authorId: string): Promise<number> {
  const [n] = await db
    .select({ n: count() })
    .from(suggestionDrafts)
    .where(and(eq(suggestionDrafts.authorId, authorId), isNull(suggestionDrafts.suggestionId)));
  return n?.n ?? 0;
}

export async function insertDraft(
  db: Db,
  values: { authorId: string; content: SuggestionDraftContent; title: string | null },
): Promise<SuggestionDraftRow> {
  const [created] = await db.insert(suggestionDrafts).values(values).returning();
  return created!;
}

/** A draft by id, only when `authorId` wrote it. */
export async function findOwnDraft(
  db: Db,
  draftId: string,
  authorId: string,
): Promise<SuggestionDraftRow | undefined> {
  const [row] = await db.select().from(suggestionDrafts).where(ownDraftWhere(draftId, authorId));
  return row;
}

export async function updateOwnDraft(
  db: Db,
  draftId: string,
  authorId: string,
  values: { content: SuggestionDraftContent; title: string | null },
): Promise<SuggestionDraftRow | undefined> {
  const [row] = await db
    .update(suggestionDrafts)
    .set({ ...values, updatedAt: new Date() })
    .where(ownDraftWhere(draftId, authorId))
    .returning();
  return row;
}

/** Deletes a draft `authorId` wrote; false when there was none. */
export async function deleteOwnDraft(db: Db, draftId: string, authorId: string): Promise<boolean> {
  const removed = await db
    .delete(suggestionDrafts)
    .where(ownDraftWhere(draftId, authorId))
    .returning({ id: suggestionDrafts.id });
  return removed.length > 0;
}

/** The pending edits of a posted suggestion (one per suggestion). */
export async function findEditDraft(db: Db, suggestionId: string): Promise<SuggestionDraftRow | undefined> {
  const [row] = await db
    .select()
    .from(suggestionDrafts)
    .where(eq(suggestionDrafts.suggestionId, suggestionId));
  return row;
}

/** Stores the pending edits of a posted suggestion, replacing earlier ones. */
export async function saveEditDraft(
  db: Db,
  values: { authorId: string; suggestionId: string; content: SuggestionDraftContent; title: string | null },
): Promise<SuggestionDraftRow> {
  const [row] = await db
    .insert(suggestionDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: suggestionDrafts.suggestionId,
      set: { content: values.content, title: values.title, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** Drops the pending edits of a posted suggestion (they were saved as a version). */
export async function deleteEditDraft(db: Db, suggestionId: string): Promise<void> {
  await db.delete(suggestionDrafts).where(eq(suggestionDrafts.suggestionId, suggestionId));
}
