import { and, eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { chainActions, chainNonces } from '@cr/core/db/schema/chain.schema';

/**
 * Before a run on a new anvil (DATABASE_URL given): forgets the bench's own actions and the relayer's nonce counter
 * on the local dev chain, whose history the new node does not have (the counter would hand out nonces far ahead of
 * it, and the old actions' nonces are taken in the unique index). Nothing else in the database is touched.
 */
export async function forgetBenchChain(
  db: Db,
  chainId: number,
  kind: string,
  relayer: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(chainActions).where(and(eq(chainActions.chainId, chainId), eq(chainActions.kind, kind)));
    await tx
      .delete(chainNonces)
      .where(and(eq(chainNonces.chainId, chainId), eq(chainNonces.address, relayer)));
  });
}
