import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { authTokens, users, type UserRow } from '@cr/core/db/schema';

export interface UserFilter {
  q?: string;
  role?: string;
  active?: boolean;
  hasDid?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
}
export type UserSort = 'createdAt' | 'username' | 'email' | 'role';

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

function where(f: UserFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.q) {
    const p = like(f.q);
    conds.push(
      sql`(${users.username} ilike ${p} or ${users.email} ilike ${p} or ${users.did} ilike ${p}
        or concat_ws(' ', ${users.firstName}, ${users.lastName}) ilike ${p})`,
    );
  }
  if (f.role) conds.push(eq(users.role, f.role));
  if (f.active !== undefined) conds.push(eq(users.active, f.active));
  if (f.hasDid !== undefined) conds.push(f.hasDid ? isNotNull(users.did) : isNull(users.did));
  if (f.createdFrom) conds.push(gte(users.createdAt, f.createdFrom));
  if (f.createdBefore) conds.push(lt(users.createdAt, f.createdBefore));
  return conds.length ? and(...conds) : undefined;
}

const sortColumn = {
  createdAt: users.createdAt,
  username: users.username,
  email: users.email,
  role: users.role,
};

export async function listUsers(
  db: Db,
  f: UserFilter,
  sort: UserSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const cond = where(f);
  const dir = order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(cond)
    .orderBy(dir(sortColumn[sort]), asc(users.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(cond);
  return { rows, total: Number(count?.n ?? 0) };
}

/** A user by id; `lock` holds the row until the transaction ends. */
export async function findUser(db: Db, id: string, lock = false): Promise<UserRow | undefined> {
  const q = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateUser(
  tx: Db,
  id: string,
  set: Partial<Pick<UserRow, 'role' | 'active' | 'did' | 'didBoundAt'>>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function listSessions(db: Db, userId: string, limit = 50) {
  return db
    .select()
    .from(authTokens)
    .where(eq(authTokens.userId, userId))
    .orderBy(desc(authTokens.createdAt))
    .limit(limit);
}

/** Ends every open session of a user (deactivation). */
export async function revokeSessions(tx: Db, userId: string): Promise<number> {
  const revoked = await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return revoked.length;
}
