import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { uploads } from '@cr/core/db/schema';

export async function insertUpload(
  db: Db,
  row: { ownerId: string; storageKey: string; filename: string; contentType: string; size: number },
) {
  const [inserted] = await db.insert(uploads).values(row).returning();
  return inserted!;
}

export async function findUploadByKey(db: Db, storageKey: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.storageKey, storageKey)).limit(1);
  return row;
}

/** True when every key is an upload made by `ownerId` (an empty list is). */
export async function ownsUploadKeys(db: Db, storageKeys: string[], ownerId: string): Promise<boolean> {
  const keys = [...new Set(storageKeys)];
  if (keys.length === 0) return true;
  const rows = await db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(and(inArray(uploads.storageKey, keys), eq(uploads.ownerId, ownerId)));
  return rows.length === keys.length;
}
