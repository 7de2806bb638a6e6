import { inArray } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema';

/** The role and creation time of the site account bound to each DID that has one. */
export async function accountsByDid(
  db: Db,
  dids: string[],
): Promise<Map<string, { role: string; createdAt: Date }>> {
  if (dids.length === 0) return new Map();
  const rows = await db
    .select({ did: users.did, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.did, [...new Set(dids)]));
  return new Map(rows.map((r) => [r.did!, { role: r.role, createdAt: r.createdAt }]));
}
