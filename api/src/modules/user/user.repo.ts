import { and, asc, eq, like, sql } from 'drizzle-orm';
import { personColumns } from '@cr/core/db/person-columns';
import type { Db } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema';
import { escapeLike } from '@cr/core/db/text-search';

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function setRole(db: Db, userId: string, role: string): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The account bound to `did` leaves role `from` for `to` (an account in another role keeps it). */
export async function moveRoleOfDid(db: Db, did: string, from: string, to: string): Promise<void> {
  await db
    .update(users)
    .set({ role: to, updatedAt: new Date() })
    .where(and(eq(users.did, did), eq(users.role, from)));
}

/**
 * Active members whose username or name contains `text` (case-insensitive): usernames that start with it first,
 * then by username. Never reads the e-mail.
 */
export async function searchMembers(db: Db, text: string, limit: number) {
  const lower = text.toLowerCase();
  const contains = `%${escapeLike(lower)}%`;
  const starts = `${escapeLike(lower)}%`;
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.active, true), like(users.searchName, contains)))
    .orderBy(sql`(lower(${users.username}) like ${starts}) desc`, asc(sql`lower(${users.username})`))
    .limit(limit);
}
