import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { walletRequests, type WalletRequestRow } from '@cr/core/db/schema';
import { WALLET_REQUEST_TRANSITIONS } from './wallet-request-status';

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

/**
 * Claims a pending, unexpired request for one reply (`signed`, or `failed` for a reverted transaction), with the
 * transaction hash that answered it (esctransaction); undefined when another reply got there first. A hash already
 * used by another request violates `wallet_requests_tx_hash_uq` (see {@link isTxHashTaken}).
 */
export async function claimPending(
  db: Db,
  id: string,
  now: Date,
  to: 'signed' | 'failed' = 'signed',
  fields: { txHash?: string; errorType?: string; errorMessage?: string } = {},
): Promise<WalletRequestRow | undefined> {
  const from = WALLET_REQUEST_TRANSITIONS.check('pending', to);
  const [row] = await db
    .update(walletRequests)
    .set({ ...fields, status: to, completedAt: now })
    .where(
      and(eq(walletRequests.id, id), inArray(walletRequests.status, from), gt(walletRequests.expiresAt, now)),
    )
    .returning();
  return row;
}

/** The request a transaction hash already answered, if any (one transaction answers one request). */
export async function findByTxHash(db: Db, txHash: string): Promise<WalletRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(walletRequests)
    .where(eq(walletRequests.txHash, txHash.toLowerCase()))
    .limit(1);
  return row;
}

/** True when `err` is the unique violation of a transaction hash that answered another request meanwhile. */
export function isTxHashTaken(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown; message?: unknown };
    if (c.code === '23505' && String(c.constraint ?? c.constraint_name ?? c.message).includes('tx_hash'))
      return true;
  }
  return false;
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
