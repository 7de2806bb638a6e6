import { eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposalConclusions } from '@cr/core/db/schema/conclusion.schema';
import { proposals } from '@cr/core/db/schema/proposal.schema';

/** The conclusion a chain action relayed, with its proposal (undefined when none). */
export async function conclusionOfAction(db: Db, actionId: string) {
  const [row] = await db
    .select({ conclusion: proposalConclusions, proposal: proposals })
    .from(proposalConclusions)
    .innerJoin(proposals, eq(proposals.id, proposalConclusions.proposalId))
    .where(eq(proposalConclusions.actionId, actionId));
  return row;
}
