import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/db-client';
import { chainActions, chainNonces, type ChainActionRow } from '../db/schema/chain.schema';
import { ChainActionError } from './chain-errors';
import type { ChainStatus } from './chain-status';

export type NewChainAction = typeof chainActions.$inferInsert;
export type ChainActionPatch = Partial<Omit<NewChainAction, 'id' | 'createdAt'>>;

/** Inserts an action; with a dedupe key already taken, returns the existing row instead (idempotent). */
export async function insertChainAction(db: Db, values: NewChainAction): Promise<ChainActionRow> {
  const [row] = await db.insert(chainActions).values(values).onConflictDoNothing().returning();
  if (row) return row;
  if (!values.dedupeKey)
    throw new ChainActionError(
      'chain.duplicate_tx',
      'This transaction is already recorded for another action.',
      409,
    );
  const [existing] = await db.select().from(chainActions).where(eq(chainActions.dedupeKey, values.dedupeKey));
  if (!existing) throw new Error(`chain action with dedupe key ${values.dedupeKey} vanished`);
  return existing;
}

export async function getChainAction(db: Db, id: string): Promise<ChainActionRow | undefined> {
  const [row] = await db.select().from(chainActions).where(eq(chainActions.id, id));
  return row;
}

/** Reads the row and locks it until the transaction ends (call inside `db.transaction`). */
export async function lockChainAction(tx: Db, id: string): Promise<ChainActionRow | undefined> {
  const [row] = await tx.select().from(chainActions).where(eq(chainActions.id, id)).for('update');
  return row;
}

/**
 * Applies `patch` only while the row is still in `from` (optimistic transition); returns the new row, or
 * undefined when another process moved it first.
 */
export async function updateChainAction(
  db: Db,
  id: string,
  from: ChainStatus | readonly ChainStatus[],
  patch: ChainActionPatch,
): Promise<ChainActionRow | undefined> {
  const statuses = typeof from === 'string' ? [from] : [...from];
  const [row] = await db
    .update(chainActions)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(chainActions.id, id), inArray(chainActions.status, statuses)))
    .returning();
  return row;
}

/** Open actions (unchain, chaining) not touched for `idleMs`: the dispatcher makes sure each has a job. */
export async function listIdleOpenActions(db: Db, idleMs: number, limit: number): Promise<ChainActionRow[]> {
  return db
    .select()
    .from(chainActions)
    .where(
      and(
        inArray(chainActions.status, ['unchain', 'chaining']),
        lt(chainActions.updatedAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    )
    .orderBy(asc(chainActions.updatedAt))
    .limit(limit);
}

export async function listChainActionsForSubject(
  db: Db,
  subjectType: string,
  subjectId: string,
): Promise<ChainActionRow[]> {
  return db
    .select()
    .from(chainActions)
    .where(and(eq(chainActions.subjectType, subjectType), eq(chainActions.subjectId, subjectId)))
    .orderBy(asc(chainActions.createdAt));
}

/**
 * Takes the next nonce of `address`: never below what the node already counts (`nodePending`, which covers txs
 * sent by anyone with this key) and never one handed out before. Call in the transaction that records it.
 */
export async function allocateNonce(
  tx: Db,
  chainId: number,
  address: string,
  nodePending: number,
): Promise<number> {
  const [row] = await tx
    .insert(chainNonces)
    .values({ chainId, address, nextNonce: nodePending + 1 })
    .onConflictDoUpdate({
      target: [chainNonces.chainId, chainNonces.address],
      set: {
        nextNonce: sql`greatest(${chainNonces.nextNonce}, ${nodePending}) + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ next: chainNonces.nextNonce });
  if (!row) throw new Error('nonce allocation returned nothing');
  return Number(row.next) - 1;
}
