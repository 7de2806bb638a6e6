import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/db-client';
import {
  chainBlocks,
  chainCursor,
  chainEvents,
  chainHead,
  type ChainEventRow,
  type ChainHeadRow,
} from '../db/schema/chain.schema';

export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
}

export type NewChainEvent = Omit<ChainEventRow, 'createdAt'>;

/** The chain as last observed by the watcher (the spec's "current block height"). */
export async function getChainHead(db: Db, chainId: number): Promise<ChainHeadRow | undefined> {
  const [row] = await db.select().from(chainHead).where(eq(chainHead.chainId, chainId));
  return row;
}

export async function saveChainHead(
  db: Db,
  head: { chainId: number; height: number; hash: string; avgBlockMs: number | null },
): Promise<ChainHeadRow> {
  const [row] = await db
    .insert(chainHead)
    .values(head)
    .onConflictDoUpdate({
      target: chainHead.chainId,
      set: { height: head.height, hash: head.hash, avgBlockMs: head.avgBlockMs, observedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('chain head upsert returned nothing');
  return row;
}

/** The newest `limit` recorded block headers, newest first. */
export async function recentBlocks(db: Db, limit: number): Promise<BlockHeader[]> {
  return db.select().from(chainBlocks).orderBy(desc(chainBlocks.number)).limit(limit);
}

export async function saveBlocks(db: Db, blocks: BlockHeader[]): Promise<void> {
  if (blocks.length === 0) return;
  await db
    .insert(chainBlocks)
    .values(blocks)
    .onConflictDoUpdate({
      target: chainBlocks.number,
      set: {
        hash: sql`excluded.hash`,
        parentHash: sql`excluded.parent_hash`,
        timestamp: sql`excluded.timestamp`,
      },
    });
}

/** Forgets every block from `fromBlock` up (a reorg replaced them) and prunes headers older than `keepFrom`. */
export async function deleteBlocksFrom(db: Db, fromBlock: number): Promise<void> {
  await db.delete(chainBlocks).where(gte(chainBlocks.number, fromBlock));
}

export async function pruneBlocksBelow(db: Db, keepFrom: number): Promise<void> {
  await db.delete(chainBlocks).where(lt(chainBlocks.number, keepFrom));
}

export async function getCursor(db: Db, stream: string) {
  const [row] = await db.select().from(chainCursor).where(eq(chainCursor.stream, stream));
  return row;
}

export async function saveCursor(
  db: Db,
  cursor: { stream: string; address: string; blockNumber: number; blockHash: string | null },
): Promise<void> {
  await db
    .insert(chainCursor)
    .values(cursor)
    .onConflictDoUpdate({
      target: chainCursor.stream,
      set: {
        address: cursor.address,
        blockNumber: cursor.blockNumber,
        blockHash: cursor.blockHash,
        updatedAt: sql`now()`,
      },
    });
}

/** After a reorg at `fromBlock`: every cursor at or past it goes back to `fromBlock - 1`. */
export async function rewindCursors(db: Db, fromBlock: number, hashBefore: string | null): Promise<void> {
  await db
    .update(chainCursor)
    .set({ blockNumber: fromBlock - 1, blockHash: hashBefore, updatedAt: sql`now()` })
    .where(gte(chainCursor.blockNumber, fromBlock));
}

/** Stores events; one already stored at the same (block, log index) is left alone (idempotent re-indexing). */
export async function insertEvents(db: Db, events: NewChainEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db
    .insert(chainEvents)
    .values(events)
    .onConflictDoNothing()
    .returning({ n: chainEvents.blockNumber });
  return rows.length;
}

export async function deleteEventsFrom(db: Db, fromBlock: number): Promise<void> {
  await db.delete(chainEvents).where(gte(chainEvents.blockNumber, fromBlock));
}

export async function listEvents(db: Db, stream: string, fromBlock = 0): Promise<ChainEventRow[]> {
  return db
    .select()
    .from(chainEvents)
    .where(sql`${chainEvents.stream} = ${stream} and ${chainEvents.blockNumber} >= ${fromBlock}`)
    .orderBy(chainEvents.blockNumber, chainEvents.logIndex);
}

/** The latest `limit` events of one kind, newest first. */
export async function latestEvents(db: Db, stream: string, name: string, limit: number) {
  return db
    .select({ args: chainEvents.args })
    .from(chainEvents)
    .where(and(eq(chainEvents.stream, stream), eq(chainEvents.name, name)))
    .orderBy(desc(chainEvents.blockNumber), desc(chainEvents.logIndex))
    .limit(limit);
}

/** How many events of one kind carry this (lower-case) draft hash in their arguments. */
export async function countEventsOfDraft(
  db: Db,
  stream: string,
  name: string,
  draftHash: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, stream),
        eq(chainEvents.name, name),
        sql`lower(${chainEvents.args}->>'draftHash') = ${draftHash}`,
      ),
    );
  return row?.n ?? 0;
}
