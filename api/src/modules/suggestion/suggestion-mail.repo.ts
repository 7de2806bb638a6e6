import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { suggestionComments, suggestions, users } from '@cr/core/db/schema';

export interface Recipient {
  id: string;
  email: string | null;
  username: string;
}

export async function usersWithRole(db: Db, role: string): Promise<Recipient[]> {
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.role, role), eq(users.active, true), isNotNull(users.email)));
}

export async function usersByIds(db: Db, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.active, true)));
}

/** A comment as its e-mail tells it: the text, who wrote it, on which suggestion. */
export async function commentForMail(db: Db, commentId: string) {
  const [row] = await db
    .select({
      body: suggestionComments.body,
      deletedAt: suggestionComments.deletedAt,
      commenter: users.username,
      number: suggestions.number,
      title: suggestions.title,
    })
    .from(suggestionComments)
    .innerJoin(users, eq(users.id, suggestionComments.authorId))
    .innerJoin(suggestions, eq(suggestions.id, suggestionComments.suggestionId))
    .where(eq(suggestionComments.id, commentId));
  return row;
}

export async function suggestionForMail(db: Db, suggestionId: string) {
  const [row] = await db
    .select({ number: suggestions.number, title: suggestions.title })
    .from(suggestions)
    .where(eq(suggestions.id, suggestionId));
  return row;
}

export async function usernameOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username;
}
