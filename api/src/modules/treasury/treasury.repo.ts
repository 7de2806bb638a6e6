import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { chainEvents } from '@cr/core/db/schema/chain.schema';
import { proposals } from '@cr/core/db/schema/proposal.schema';

/** The Treasury events that move money or a reservation (the rest — stage requests, reviews — move neither). */
export const MONEY_EVENTS = [
  'Funded',
  'BudgetReserved',
  'BudgetReleased',
  'BudgetClosed',
  'Withdrawn',
] as const;

/** The indexed Treasury money events up to `height` (inclusive), oldest first. */
export async function treasuryMoneyEvents(db: Db, height: number) {
  return db
    .select({
      blockNumber: chainEvents.blockNumber,
      txHash: chainEvents.txHash,
      name: chainEvents.name,
      args: chainEvents.args,
    })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, 'treasury'),
        inArray(chainEvents.name, [...MONEY_EVENTS]),
        lte(chainEvents.blockNumber, height),
      ),
    )
    .orderBy(chainEvents.blockNumber, chainEvents.logIndex);
}

/** The published proposals with these (lower-case) draft hashes: what the page names a budget by. */
export async function proposalsByDraftHash(db: Db, draftHashes: string[]) {
  if (draftHashes.length === 0) return [];
  return db
    .select({
      id: proposals.id,
      number: proposals.number,
      title: proposals.title,
      status: proposals.status,
      draftHash: proposals.draftHash,
    })
    .from(proposals)
    .where(inArray(proposals.draftHash, draftHashes));
}

/** The Governance `StatusChanged` events of these (lower-case) draft hashes up to `height`, oldest first. */
export async function statusChanges(db: Db, draftHashes: string[], height: number) {
  if (draftHashes.length === 0) return [];
  return db
    .select({ args: chainEvents.args })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, 'governance'),
        eq(chainEvents.name, 'StatusChanged'),
        lte(chainEvents.blockNumber, height),
        inArray(sql<string>`lower(${chainEvents.args}->>'draftHash')`, draftHashes),
      ),
    )
    .orderBy(chainEvents.blockNumber, chainEvents.logIndex);
}
