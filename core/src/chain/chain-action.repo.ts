import { and, asc, eq, getTableColumns, inArray, isNull, lt, notLike, sql } from 'drizzle-orm';
import type { Db } from '../db/db-client';
import { preparedQuery } from '../db/prepared-query';
import { chainActions, chainNonces, type ChainActionRow } from '../db/schema/chain.schema';
import { ChainActionError } from './chain-errors';
import { CHAIN_TRANSITIONS, type ChainStatus } from './chain-status';

export type NewChainAction = typeof chainActions.$inferInsert;

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

/** By id: read once per action by each queue step, so prepared (see preparedQuery). */
const chainActionById = preparedQuery('chain_action_by_id', (db, name) =>
  db
    .select()
    .from(chainActions)
    .where(eq(chainActions.id, sql.placeholder('id')))
    .prepare(name),
);

export async function getChainAction(db: Db, id: string): Promise<ChainActionRow | undefined> {
  const [row] = await chainActionById(db).execute({ id });
  return row;
}

/** Reads the row and locks it until the transaction ends (call inside `db.transaction`). */
export async function lockChainAction(tx: Db, id: string): Promise<ChainActionRow | undefined> {
  const [row] = await tx.select().from(chainActions).where(eq(chainActions.id, id)).for('update');
  return row;
}

/** Reads the rows and locks them until the transaction ends, in id order (two batches never deadlock). */
export async function lockChainActions(tx: Db, ids: string[]): Promise<ChainActionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(chainActions)
    .where(inArray(chainActions.id, ids))
    .orderBy(asc(chainActions.id))
    .for('update');
}

/** Columns other than the status; the status changes only through `transitionChainAction`. */
export type ChainActionFields = Partial<Omit<NewChainAction, 'id' | 'createdAt' | 'status'>>;

/** What a signed tx put on a row, cleared when the action must be signed anew (back to `unchain`). */
export const UNSIGNED: ChainActionFields = {
  nonce: null,
  txHash: null,
  batchIndex: null,
  rawTx: null,
  blockNumber: null,
  blockHash: null,
  confirmations: 0,
};

/**
 * The one writer of `chain_actions.status`: moves the action from `from` to `to` if CHAIN_TRANSITIONS allows it
 * (else IllegalTransitionError, nothing written) and only while the row is still in `from`, so a concurrent move
 * wins once. Returns the new row, or undefined when another process moved it first.
 */
export async function transitionChainAction(
  db: Db,
  id: string,
  from: ChainStatus | readonly ChainStatus[],
  to: ChainStatus,
  fields: ChainActionFields = {},
): Promise<ChainActionRow | undefined> {
  const statuses = CHAIN_TRANSITIONS.check(from, to);
  return writeWhileIn(db, id, statuses, { ...withoutStatus(fields), status: to });
}

/**
 * Changes other columns of an action that stays in `status` (confirmations so far, the signed tx, the last
 * error); undefined when it has moved on meanwhile.
 */
export async function updateChainActionFields(
  db: Db,
  id: string,
  status: ChainStatus | readonly ChainStatus[],
  fields: ChainActionFields,
): Promise<ChainActionRow | undefined> {
  return writeWhileIn(db, id, typeof status === 'string' ? [status] : [...status], withoutStatus(fields));
}

// Types keep `status` out of `fields`; this keeps a cast or a spread row from smuggling one in at run time.
function withoutStatus(fields: ChainActionFields): ChainActionFields {
  if ('status' in fields) throw new Error('chain action status changes only through transitionChainAction');
  return fields;
}

async function writeWhileIn(
  db: Db,
  id: string,
  statuses: ChainStatus[],
  values: ChainActionFields & { status?: ChainStatus },
): Promise<ChainActionRow | undefined> {
  const [row] = await db
    .update(chainActions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(chainActions.id, id), inArray(chainActions.status, statuses)))
    .returning();
  return row;
}

/** What signing records on a relayed action: its nonce, its signed tx and the hash of that tx. */
export interface SignedChainTx {
  id: string;
  nonce: number;
  txHash: string;
  rawTx: string;
  attempts: number;
  /** Its position in a RelayBatch transaction shared with other actions; null: a transaction of its own. */
  batchIndex: number | null;
}

/**
 * `unchain → chaining` for many actions at once, each with its signed tx (its own or a batch's), in one statement (the sign
 * batcher). Same table check and "only while still in `unchain`" rule as `transitionChainAction`; returns the rows
 * it moved, in no particular order.
 */
export async function markChainActionsSigned(
  db: Db,
  txs: SignedChainTx[],
  fromAddress: string,
  sentAt: Date,
): Promise<ChainActionRow[]> {
  const statuses = CHAIN_TRANSITIONS.check('unchain', 'chaining');
  if (txs.length === 0) return [];
  // Each raw tx is sent once: the rows of a RelayBatch share theirs (tens of KB), and sending it with every row
  // made this statement the longest step of a signing run.
  const raws = [...new Set(txs.map((t) => t.rawTx))];
  const rawIndex = new Map(raws.map((raw, i) => [raw, i + 1]));
  const rows = sql.join(
    txs.map(
      (t) =>
        sql`(${t.id}::uuid, ${t.nonce}::bigint, ${t.txHash}::text, ${rawIndex.get(t.rawTx)}::int, ${t.attempts}::int, ${t.batchIndex}::int)`,
    ),
    sql`, `,
  );
  const rawArray = sql`(array[${sql.join(
    raws.map((raw) => sql`${raw}::text`),
    sql`, `,
  )}])`;
  const moved = await db
    .update(chainActions)
    .set({
      status: 'chaining',
      nonce: sql`v.nonce`,
      txHash: sql`v.tx_hash`,
      rawTx: sql`${rawArray}[v.raw_index]`,
      attempts: sql`v.attempts`,
      batchIndex: sql`v.batch_index`,
      fromAddress,
      sentAt,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .from(sql`(values ${rows}) as v(id, nonce, tx_hash, raw_index, attempts, batch_index)`)
    .where(and(eq(chainActions.id, sql`v.id`), inArray(chainActions.status, statuses)))
    // The raw txs are ours already (a batch's is shared by all its rows): not read back.
    .returning(columnsButRawTx);
  const rawTxOf = new Map(txs.map((t) => [t.id, t.rawTx]));
  return moved.map((row) => ({ ...row, rawTx: rawTxOf.get(row.id) ?? null }));
}

const { rawTx: _rawTx, ...columnsButRawTx } = getTableColumns(chainActions);

/**
 * `transitionChainAction` for many actions at once (one statement): the block confirmer moves every action of a
 * block in one go. Same table check and same "only while still in `from`" rule; returns the rows it moved.
 */
export async function transitionChainActions(
  db: Db,
  ids: string[],
  from: ChainStatus | readonly ChainStatus[],
  to: ChainStatus,
  fields: ChainActionFields = {},
): Promise<ChainActionRow[]> {
  const statuses = CHAIN_TRANSITIONS.check(from, to);
  if (ids.length === 0) return [];
  return db
    .update(chainActions)
    .set({ ...withoutStatus(fields), status: to, updatedAt: sql`now()` })
    .where(and(inArray(chainActions.id, ids), inArray(chainActions.status, statuses)))
    .returning();
}

/** `updateChainActionFields` for many actions at once (e.g. every action mined in one block: its progress). */
export async function updateChainActionsFields(
  db: Db,
  ids: string[],
  status: ChainStatus,
  fields: ChainActionFields,
): Promise<ChainActionRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(chainActions)
    .set({ ...withoutStatus(fields), updatedAt: sql`now()` })
    .where(and(inArray(chainActions.id, ids), eq(chainActions.status, status)))
    .returning();
}

/** What the block confirmer needs of every sent action still waiting for its block (`chaining`). */
export async function listChainingActions(db: Db, limit: number) {
  return db
    .select({
      id: chainActions.id,
      txHash: chainActions.txHash,
      batchIndex: chainActions.batchIndex,
      blockNumber: chainActions.blockNumber,
      confirmations: chainActions.confirmations,
    })
    .from(chainActions)
    .where(eq(chainActions.status, 'chaining'))
    .orderBy(asc(chainActions.updatedAt))
    .limit(limit);
}

/** What the submit pump needs of a relayed action to estimate and sign it. */
export type ReadyRelayAction = Pick<ChainActionRow, 'id' | 'toAddress' | 'data' | 'value' | 'requestId'>;

/**
 * Relayed actions the submit pump may take now: `unchain`, not signed, not waiting on another action, no error
 * yet (an action that met one is retried by its own job with the queue's backoff), not a window's finalize call
 * (the finalize queue's). Oldest first, by the open-actions index.
 */
const readyRelayActions = preparedQuery('chain_actions_ready_relay', (db, name) =>
  db
    .select({
      id: chainActions.id,
      toAddress: chainActions.toAddress,
      data: chainActions.data,
      requestId: chainActions.requestId,
      value: chainActions.value,
    })
    .from(chainActions)
    .where(
      and(
        eq(chainActions.status, 'unchain'),
        eq(chainActions.mode, 'relay'),
        isNull(chainActions.rawTx),
        isNull(chainActions.dependsOnId),
        isNull(chainActions.lastError),
        notLike(chainActions.kind, '%.finalize'), // FINALIZE_KIND_SUFFIX (chain-outbox.ts)
      ),
    )
    .orderBy(asc(chainActions.updatedAt))
    .limit(sql.placeholder('limit'))
    .prepare(name),
);

export async function listReadyRelayActions(db: Db, limit: number): Promise<ReadyRelayAction[]> {
  return readyRelayActions(db).execute({ limit });
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
 * Takes the next `count` nonces of `address` and returns the first: never below what the node already counts
 * (`nodePending`, which covers txs sent by anyone with this key) and never one handed out before. Call in the
 * transaction that records them, and use every one (a gap would hold back all later txs of the key).
 */
export async function allocateNonces(
  tx: Db,
  chainId: number,
  address: string,
  nodePending: number,
  count: number,
): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`cannot allocate ${count} nonces`);
  const [row] = await tx
    .insert(chainNonces)
    .values({ chainId, address, nextNonce: nodePending + count })
    .onConflictDoUpdate({
      target: [chainNonces.chainId, chainNonces.address],
      set: {
        nextNonce: sql`greatest(${chainNonces.nextNonce}, ${nodePending}) + ${count}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ next: chainNonces.nextNonce });
  if (!row) throw new Error('nonce allocation returned nothing');
  return Number(row.next) - count;
}
