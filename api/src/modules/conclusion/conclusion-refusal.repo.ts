import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db-client';
import { proposalConclusions } from '../../db/schema/conclusion.schema';
import { proposals } from '../../db/schema/proposal.schema';

/** The conclusion a chain action relayed, with its proposal (undefined when none). */
export async function conclusionOfAction(db: Db, actionId: string) {
  const [row] = await db
    .select({ conclusion: proposalConclusions, proposal: proposals })
    .from(proposalConclusions)
    .innerJoin(proposals, eq(proposals.id, proposalConclusions.proposalId))
    .where(eq(proposalConclusions.actionId, actionId));
  return row;
}
