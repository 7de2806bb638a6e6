import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db-client';
import { users } from '../../db/schema';

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
