import { desc, eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { releases, type ReleaseRow } from '@cr/core/db/schema';

export async function listReleases(db: Db): Promise<ReleaseRow[]> {
  return db.select().from(releases).orderBy(desc(releases.releasedOn), desc(releases.createdAt));
}

export async function insertRelease(db: Db, values: typeof releases.$inferInsert): Promise<ReleaseRow> {
  const [row] = await db.insert(releases).values(values).returning();
  return row!;
}

export async function updateRelease(
  db: Db,
  id: string,
  values: Partial<typeof releases.$inferInsert>,
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .update(releases)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(releases.id, id))
    .returning();
  return row;
}

export async function deleteRelease(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(releases).where(eq(releases.id, id)).returning({ id: releases.id });
  return rows.length > 0;
}
