import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedOnce } from '@cr/core/db/statement-params';
import type { Db } from '@cr/core/db/db-client';
import { authTokens, users } from '@cr/core/db/schema';

export async function insertToken(
  db: Db,
  row: { userId: string; tokenHash: string; method: string; expiresAt: Date },
): Promise<string> {
  const [inserted] = await db.insert(authTokens).values(row).returning({ id: authTokens.id });
  return inserted!.id;
}

/** The token lookup of every signed-in request, prepared once per database (parsed and planned once). */
function liveTokenQuery(db: Db) {
  return db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      userId: users.id,
      username: users.username,
      role: users.role,
      did: users.did,
      active: users.active,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_live_token');
}

/** The live (not revoked, not expired) token with its user, or undefined. */
export async function findLiveToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await preparedOnce(db, 'auth_live_token', liveTokenQuery, { plan: 'generic' }).execute({
    tokenHash,
    now,
  });
  return row;
}

export async function touchToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function revokeToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.id, tokenId));
}

/** Revokes every live token of a user (password change, account disabled). */
export async function revokeAllTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export async function countLiveTokens(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)));
  return Number(row?.n ?? 0);
}
