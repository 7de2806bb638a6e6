import { eq, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { users, type UserRow } from '@cr/core/db/schema';

/**
 * Writes the named columns and merges `profilePatch` into users.profile in one UPDATE (jsonb `||`), so two edits
 * of different fields never lose each other.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  columns: Partial<Pick<UserRow, 'username' | 'firstName' | 'lastName' | 'country'>>,
  profilePatch: Record<string, unknown>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...columns,
      profile: sql`${users.profile} || ${JSON.stringify(profilePatch)}::jsonb`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
