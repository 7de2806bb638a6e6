import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/db-client';
import { walletRequests, type WalletRequestRow } from '../../db/schema';

export async function insertWalletRequest(
  db: Db,
  row: typeof walletRequests.$inferInsert,
): Promise<WalletRequestRow> {
  const [inserted] = await db.insert(walletRequests).values(row).returning();
  return inserted!;
}

export async function findWalletRequest(db: Db, id: string): Promise<WalletRequestRow | undefined> {
  const [row] = await db.select().from(walletRequests).where(eq(walletRequests.id, id)).limit(1);
  return row;
}

export async function findByCallbackToken(db: Db, tokenHash: string): Promise<WalletRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(walletRequests)
    .where(eq(walletRequests.callbackTokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Claims a pending, unexpired request for one reply; undefined when another reply got there first. */
export async function claimPending(db: Db, id: string, now: Date): Promise<WalletRequestRow | undefined> {
  const [row] = await db
    .update(walletRequests)
    .set({ status: 'signed', completedAt: now })
    .where(
      and(eq(walletRequests.id, id), eq(walletRequests.status, 'pending'), gt(walletRequests.expiresAt, now)),
    )
    .returning();
  return row;
}

export async function recordOutcome(
  db: Db,
  id: string,
  outcome: { signerDid: string; result: Record<string, unknown> },
): Promise<void> {
  await db.update(walletRequests).set(outcome).where(eq(walletRequests.id, id));
}

/** Marks a one-time result collected; false when it already was. */
export async function markConsumed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(walletRequests)
    .set({ consumedAt: now })
    .where(
      and(eq(walletRequests.id, id), isNull(walletRequests.consumedAt), eq(walletRequests.status, 'signed')),
    )
    .returning({ id: walletRequests.id });
  return rows.length === 1;
}

/**
 * Deletes at most `batch` QR requests that were never signed (unanswered, refused or expired) and expired before
 * `before`, unless an account was registered through one. Signed requests stay: they record what a member signed.
 * Returns how many went.
 */
export async function pruneUnsignedWalletRequests(db: Db, before: Date, batch = 1000): Promise<number> {
  const doomed = db
    .select({ id: walletRequests.id })
    .from(walletRequests)
    .where(
      and(
        ne(walletRequests.status, 'signed'),
        lt(walletRequests.expiresAt, before),
        sql`not exists (select 1 from account_did_registrations r where r.wallet_request_id = ${walletRequests.id})`,
      ),
    )
    .limit(batch);
  const gone = await db
    .delete(walletRequests)
    .where(inArray(walletRequests.id, doomed))
    .returning({ id: walletRequests.id });
  return gone.length;
}
