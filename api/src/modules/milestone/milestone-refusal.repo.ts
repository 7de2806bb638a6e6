import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposalMilestones } from '@cr/core/db/schema/milestone.schema';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { walletRequests } from '@cr/core/db/schema/wallet-requests.schema';

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

/**
 * The DID that signed the wallet request whose reply made the chain action (its `result.chainActionId`), or null.
 * The signer, not whoever holds the role when the chain refuses: a new secretary general seated between the
 * signature and the block is what made the review fail, and signed nothing.
 */
export async function signerOfAction(db: Db, proposalId: string, actionId: string): Promise<string | null> {
  const [row] = await db
    .select({ did: walletRequests.signerDid })
    .from(walletRequests)
    .where(
      and(
        eq(walletRequests.subjectType, 'proposal'),
        eq(walletRequests.subjectId, proposalId),
        sql`${walletRequests.result}->>'chainActionId' = ${actionId}`,
      ),
    )
    .limit(1);
  return row?.did ?? null;
}
