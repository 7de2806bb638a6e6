import { and, desc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposals } from '@cr/core/db/schema/proposal.schema';

/** Published proposals that carry a draft hash (their id on chain), newest first, one page. */
export async function proposalsOnChain(db: Db, page: number, size: number) {
  const where = and(isNotNull(proposals.draftHash), isNotNull(proposals.number));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        number: proposals.number,
        title: proposals.title,
        status: proposals.status,
        draftHash: proposals.draftHash,
        registerTxHash: proposals.registerTxHash,
        registeredHeight: proposals.registeredHeight,
        yes: proposals.yesCount,
        oppose: proposals.opposeCount,
        abstain: proposals.abstainCount,
      })
      .from(proposals)
      .where(where)
      .orderBy(desc(proposals.number))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
