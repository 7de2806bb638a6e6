import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db-client';
import { uploads } from '../../db/schema';

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
