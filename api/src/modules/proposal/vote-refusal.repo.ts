import { eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposals, proposalVotes } from '@cr/core/db/schema/proposal.schema';

/** The vote a chain action posted, with its proposal (undefined when none). */
export async function voteOfAction(db: Db, actionId: string) {
  const [row] = await db
    .select({ vote: proposalVotes, proposal: proposals })
    .from(proposalVotes)
    .innerJoin(proposals, eq(proposals.id, proposalVotes.proposalId))
    .where(eq(proposalVotes.chainActionId, actionId));
  return row;
}
