import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { suggestionComments, suggestions, users } from '@cr/core/db/schema';
import { authorColumns } from './suggestion.repo';

export type CommentRow = typeof suggestionComments.$inferSelect;

/** Active members whose username, lower-cased, is one of `lowerNames`. */
export async function activeUsersNamed(db: Db, lowerNames: string[]) {
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, lowerNames), eq(users.active, true)));
}

/** A comment of this suggestion (deleted ones too) and the comment it replies to. */
export async function threadOf(db: Db, commentId: string, suggestionId: string) {
  const [row] = await db
    .select({ id: suggestionComments.id, parentId: suggestionComments.parentId })
    .from(suggestionComments)
    .where(and(eq(suggestionComments.id, commentId), eq(suggestionComments.suggestionId, suggestionId)));
  return row;
}

/** Inserts a comment and counts it on the suggestion (+1 comment, +3 activeness). */
export async function insertCommentAndCount(
  db: Db,
  values: {
    suggestionId: string;
    authorId: string;
    body: string;
    parentId: string | null;
    mentions: string[];
  },
): Promise<CommentRow> {
  const [row] = await db.insert(suggestionComments).values(values).returning();
  await db
    .update(suggestions)
    .set({ commentsNum: sql`${suggestions.commentsNum} + 1`, activeness: sql`${suggestions.activeness} + 3` })
    .where(eq(suggestions.id, values.suggestionId));
  return row!;
}

/** One comment with its author's public columns. */
export async function commentWithAuthor(db: Db, id: string) {
  const [row] = await db
    .select({ comment: suggestionComments, ...authorColumns })
    .from(suggestionComments)
    .innerJoin(users, eq(users.id, suggestionComments.authorId))
    .where(eq(suggestionComments.id, id));
  return row;
}

/** A suggestion's comments with their authors, oldest first. */
export async function commentsOf(db: Db, suggestionId: string, limit: number) {
  return db
    .select({ comment: suggestionComments, ...authorColumns })
    .from(suggestionComments)
    .innerJoin(users, eq(users.id, suggestionComments.authorId))
    .where(eq(suggestionComments.suggestionId, suggestionId))
    .orderBy(asc(suggestionComments.createdAt), asc(suggestionComments.id))
    .limit(limit);
}

/** A comment of this suggestion that is not deleted. */
export async function findLiveComment(
  db: Db,
  commentId: string,
  suggestionId: string,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(suggestionComments)
    .where(
      and(
        eq(suggestionComments.id, commentId),
        eq(suggestionComments.suggestionId, suggestionId),
        isNull(suggestionComments.deletedAt),
      ),
    );
  return row;
}

export async function updateCommentBody(db: Db, id: string, body: string, mentions: string[]): Promise<void> {
  await db
    .update(suggestionComments)
    .set({ body, mentions, updatedAt: new Date() })
    .where(eq(suggestionComments.id, id));
}

/** Blanks a comment (its place in the thread stays) and uncounts it; false when it was deleted already. */
export async function deleteCommentAndUncount(db: Db, id: string, suggestionId: string): Promise<boolean> {
  const gone = await db
    .update(suggestionComments)
    .set({ deletedAt: new Date(), body: '', mentions: [] })
    .where(and(eq(suggestionComments.id, id), isNull(suggestionComments.deletedAt)))
    .returning({ id: suggestionComments.id });
  if (gone.length === 0) return false;
  await db
    .update(suggestions)
    .set({ commentsNum: sql`greatest(${suggestions.commentsNum} - 1, 0)` })
    .where(eq(suggestions.id, suggestionId));
  return true;
}
