import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposals } from '@cr/core/db/schema/proposal.schema';

const refColumns = {
  id: proposals.id,
  number: proposals.number,
  title: proposals.title,
  kind: proposals.kind,
  status: proposals.status,
  draftHash: proposals.draftHash,
  effectsAppliedAt: proposals.effectsAppliedAt,
};

/** The published proposal with this chain draft hash (the target of a change or termination). */
export async function proposalByDraftHash(db: Db, draftHash: string) {
  const [row] = await db
    .select(refColumns)
    .from(proposals)
    .where(and(eq(proposals.draftHash, draftHash.toLowerCase()), ne(proposals.status, 'DRAFT')));
  return row;
}
