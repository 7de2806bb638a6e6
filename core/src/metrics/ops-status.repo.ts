import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/db-client';
import { chainActions, chainHead, chainNonces } from '../db/schema/chain.schema';
import type { ChainStatus } from '../chain/chain-status';

/** Chain actions per status (one grouped count), and the age of the oldest one still open (its partial index). */
export async function countChainActions(
  db: Db,
): Promise<{ byStatus: Partial<Record<ChainStatus, number>>; oldestOpenAt: Date | null }> {
  const [groups, [oldest]] = await Promise.all([
    db
      .select({ status: chainActions.status, n: sql<number>`count(*)::int` })
      .from(chainActions)
      .groupBy(chainActions.status),
    db
      .select({ at: sql<string | null>`min(${chainActions.createdAt})` })
      .from(chainActions)
      .where(inArray(chainActions.status, ['unchain', 'chaining'])),
  ]);
  const byStatus: Partial<Record<ChainStatus, number>> = {};
  for (const g of groups) byStatus[g.status] = Number(g.n);
  return { byStatus, oldestOpenAt: oldest?.at ? new Date(oldest.at) : null };
}

/** The block watcher's last stored head of `chainId`. */
export async function readWatcherHead(db: Db, chainId: number) {
  const [row] = await db
    .select({ height: chainHead.height, avgBlockMs: chainHead.avgBlockMs, observedAt: chainHead.observedAt })
    .from(chainHead)
    .where(eq(chainHead.chainId, chainId));
  return row ?? null;
}

/** The relayer addresses the nonce manager has handed nonces to on `chainId`, with their next nonce. */
export async function listRelayerNonces(db: Db, chainId: number) {
  return db
    .select({ address: chainNonces.address, nextNonce: chainNonces.nextNonce })
    .from(chainNonces)
    .where(eq(chainNonces.chainId, chainId));
}
