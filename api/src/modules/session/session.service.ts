import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@cr/core/db/db-client';
import { roleSchema } from '@cr/contract/user.contract';
import type { AuthUser } from './auth-user';
import * as repo from './session.repo';

/** Sessions last 30 days from sign-in; logout revokes at once. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastUsedAt is written at most this often per token, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** SHA-256 of the opaque token: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Opens a session: returns the api-token (shown once) — only its hash is stored. */
export async function issueToken(
  db: Db,
  userId: string,
  method: 'password' | 'did',
  now = new Date(),
): Promise<{ token: string; tokenId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const tokenId = await repo.insertToken(db, { userId, tokenHash: hashToken(token), method, expiresAt });
  return { token, tokenId, expiresAt };
}

/** The user behind an api-token, or null when the token is unknown, revoked, expired or the account inactive. */
export async function resolveToken(db: Db, token: string, now = new Date()): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const row = await repo.findLiveToken(db, hashToken(token), now);
  if (!row || !row.active) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await repo.touchToken(db, row.tokenId, now);
  }
  const role = roleSchema.safeParse(row.role);
  return {
    id: row.userId,
    username: row.username,
    role: role.success ? role.data : 'MEMBER',
    did: row.did,
    tokenId: row.tokenId,
  };
}

export async function revokeSession(db: Db, tokenId: string, now = new Date()): Promise<void> {
  await repo.revokeToken(db, tokenId, now);
}
