import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db-client';
import { proposalMilestones } from '../../db/schema/milestone.schema';
import { proposals } from '../../db/schema/proposal.schema';

/** The stages a chain action acted on, and their proposal. */
export async function stagesOfAction(db: Db, actionId: string) {
  const rows = await db.select().from(proposalMilestones).where(eq(proposalMilestones.actionId, actionId));
  const [p] =
    rows.length > 0 ? await db.select().from(proposals).where(eq(proposals.id, rows[0]!.proposalId)) : [];
  return { rows, p };
}

/** Drops the opinion of reviews that never reached the chain. */
export async function clearOpinions(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0)
    await db.update(proposalMilestones).set({ opinion: null }).where(inArray(proposalMilestones.id, ids));
}
