import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import {
  accountDidRegistrations,
  accountEmailCodes,
  accountPasswordResets,
  authTokens,
  users,
  type UserRow,
} from '@cr/core/db/schema';

export type EmailCodeRow = typeof accountEmailCodes.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/** True when another account (not `exceptId`) has this username, compared case-insensitively. */
export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  return !!row;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return !!(await findUserByEmail(db, email));
}

export async function findUserByDid(db: Db, did: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.did, did)).limit(1);
  return row;
}

/** True when `did` is bound to an account other than `userId`. */
export async function didBoundElsewhere(db: Db, did: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.did, did), ne(users.id, userId)))
    .limit(1);
  return !!row;
}

/** Binds `did` to the account; false when there is no such account. */
export async function bindDid(db: Db, userId: string, did: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ did, didBoundAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** Stores a new code for (purpose, e-mail), replacing any earlier one and its tries. */
export async function upsertEmailCode(
  db: Db,
  row: { purpose: string; email: string; codeSalt: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const { now, ...values } = row;
  await db
    .insert(accountEmailCodes)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [accountEmailCodes.purpose, accountEmailCodes.email],
      set: {
        codeSalt: values.codeSalt,
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        attempts: 0,
        consumedAt: null,
        createdAt: now,
      },
    });
}

export async function findEmailCode(
  db: Db,
  purpose: string,
  email: string,
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(accountEmailCodes)
    .where(and(eq(accountEmailCodes.purpose, purpose), eq(accountEmailCodes.email, email)))
    .limit(1);
  return row;
}

/**
 * Counts one try at a code, atomically and only while tries remain: returns the new count, or undefined when
 * the code is used up (so parallel guesses cannot exceed the limit).
 */
export async function countCodeAttempt(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const [row] = await db
    .update(accountEmailCodes)
    .set({ attempts: sql`${accountEmailCodes.attempts} + 1` })
    .where(
      and(
        eq(accountEmailCodes.id, id),
        lt(accountEmailCodes.attempts, maxAttempts),
        isNull(accountEmailCodes.consumedAt),
      ),
    )
    .returning({ attempts: accountEmailCodes.attempts });
  return row?.attempts;
}

/** Marks a code used; false when it already was (another request used it first). */
export async function consumeEmailCode(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountEmailCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(accountEmailCodes.id, id),
        isNull(accountEmailCodes.consumedAt),
        gt(accountEmailCodes.expiresAt, now),
      ),
    )
    .returning({ id: accountEmailCodes.id });
  return rows.length === 1;
}

export async function insertPasswordReset(
  db: Db,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(accountPasswordResets).values(row);
}

export async function findPasswordReset(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(accountPasswordResets)
    .where(eq(accountPasswordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Uses a reset link once: the user id when the link is unused and unexpired, otherwise undefined. */
export async function claimPasswordReset(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(accountPasswordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountPasswordResets.tokenHash, tokenHash),
        isNull(accountPasswordResets.usedAt),
        gt(accountPasswordResets.expiresAt, now),
      ),
    )
    .returning({ userId: accountPasswordResets.userId });
  return row?.userId;
}

/** Closes every open reset link of an account (after a reset: older links die too). */
export async function closeOpenResets(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(accountPasswordResets)
    .set({ usedAt: now })
    .where(and(eq(accountPasswordResets.userId, userId), isNull(accountPasswordResets.usedAt)));
}

/** Signs out every session of the account except `keepTokenId` (the one changing the password). */
export async function revokeOtherTokens(
  db: Db,
  userId: string,
  keepTokenId: string,
  now: Date,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), ne(authTokens.id, keepTokenId)));
}

/** Records that a wallet request created an account; the primary key refuses a second use. */
export async function insertDidRegistration(
  db: Db,
  row: { walletRequestId: string; userId: string; did: string },
): Promise<void> {
  await db.insert(accountDidRegistrations).values(row);
}

export async function didRegistrationExists(db: Db, walletRequestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accountDidRegistrations.walletRequestId })
    .from(accountDidRegistrations)
    .where(eq(accountDidRegistrations.walletRequestId, walletRequestId))
    .limit(1);
  return !!row;
}

/** Deletes e-mailed codes and password-reset links that expired before `before` (they can never work again). */
export async function pruneExpiredAccountCodes(db: Db, before: Date): Promise<number> {
  const codes = await db
    .delete(accountEmailCodes)
    .where(lt(accountEmailCodes.expiresAt, before))
    .returning({ id: accountEmailCodes.id });
  const resets = await db
    .delete(accountPasswordResets)
    .where(lt(accountPasswordResets.expiresAt, before))
    .returning({ id: accountPasswordResets.id });
  return codes.length + resets.length;
}
