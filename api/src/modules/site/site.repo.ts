import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { siteSettings } from '@cr/core/db/schema';

export async function readSettings(db: Db, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSetting(db: Db, key: string, value: unknown, updatedBy: string): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}
