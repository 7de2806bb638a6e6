import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { chainEvents, type ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { councilMembers, councilTerms } from '@cr/core/db/schema/council.schema';
import { proposalNotifications, proposals, proposalVotes } from '@cr/core/db/schema/proposal.schema';
import { users } from '@cr/core/db/schema/users.schema';

/** The proposal's copy of its registration's chain status follows the action. */
export async function followRegisterAction(db: Db, action: ChainActionRow): Promise<void> {
  await db
    .update(proposals)
    .set({ registerChainStatus: action.status, registerTxHash: action.txHash, updatedAt: new Date() })
    .where(eq(proposals.registerActionId, action.id));
}

/** The proposal a registration action registers, locked for the refusal's change. */
export async function lockProposalOfRegisterAction(db: Db, actionId: string) {
  const [row] = await db
    .select()
    .from(proposals)
    .where(eq(proposals.registerActionId, actionId))
    .for('update');
  return row;
}

/** A vote's copy of its chain status follows the action that posts it. */
export async function followVoteAction(db: Db, action: ChainActionRow): Promise<void> {
  await db
    .update(proposalVotes)
    .set({ chainStatus: action.status, txHash: action.txHash })
    .where(eq(proposalVotes.chainActionId, action.id));
}

/** True once any council term is projected. */
export async function hasCouncilTerm(db: Db): Promise<boolean> {
  const [term] = await db.select({ term: councilTerms.term }).from(councilTerms).limit(1);
  return !!term;
}

/** Every stored Council and Governance event, in chain order. */
export async function storedGovernanceEvents(db: Db) {
  return db
    .select()
    .from(chainEvents)
    .where(inArray(chainEvents.stream, ['council', 'governance']))
    .orderBy(chainEvents.blockNumber, chainEvents.logIndex);
}

/** PROPOSED proposals whose voting window closes soon at `height` (at most 100), not yet late-reminded. */
export async function reminderCandidates(db: Db, height: number) {
  return db
    .select({
      id: proposals.id,
      term: proposals.term,
      registeredHeight: proposals.registeredHeight,
      votingEndHeight: proposals.votingEndHeight,
      remindedEarlyAt: proposals.remindedEarlyAt,
    })
    .from(proposals)
    .where(
      and(
        eq(proposals.status, 'PROPOSED'),
        isNull(proposals.remindedLateAt),
        sql`${proposals.votingEndHeight} > ${height}`,
        // Leads never exceed 3/7 of the window: only proposals that close soon are looked at.
        sql`(${proposals.votingEndHeight} - ${height}) * 7 <= (${proposals.votingEndHeight} - ${proposals.registeredHeight}) * 3`,
      ),
    )
    .limit(100);
}

/** Stamps the proposal reminded (`early`, or `late` and early too); false when another run stamped it first. */
export async function stampReminded(
  db: Db,
  id: string,
  due: 'early' | 'late',
  remindedEarlyAt: Date | null,
): Promise<boolean> {
  const now = new Date();
  const stamp =
    due === 'late'
      ? { remindedLateAt: now, remindedEarlyAt: remindedEarlyAt ?? now }
      : { remindedEarlyAt: now };
  const [claimed] = await db
    .update(proposals)
    .set(stamp)
    .where(
      and(
        eq(proposals.id, id),
        due === 'late' ? isNull(proposals.remindedLateAt) : isNull(proposals.remindedEarlyAt),
      ),
    )
    .returning({ id: proposals.id });
  return !!claimed;
}

/** Seated members of `term` with a site account and no vote recorded on chain for the proposal: their user ids. */
export async function unvotedSeatedUsers(db: Db, proposalId: string, term: number): Promise<string[]> {
  const rows = await db
    .select({ userId: users.id })
    .from(councilMembers)
    .innerJoin(users, eq(users.did, councilMembers.did))
    .leftJoin(
      proposalVotes,
      and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberId, councilMembers.memberId)),
    )
    .where(
      and(
        eq(councilMembers.term, term),
        eq(councilMembers.seated, true),
        isNull(proposalVotes.chainedChoice),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Records one notification per recipient (unique: a second scheduling is a no-op); returns the new ones' users. */
export async function recordNotifications(
  db: Db,
  proposalId: string,
  kind: string,
  recipientIds: string[],
): Promise<string[]> {
  if (recipientIds.length === 0) return [];
  const rows = await db
    .insert(proposalNotifications)
    .values(
      recipientIds.map((recipientId) => ({ proposalId, kind, recipientId, status: 'pending' as const })),
    )
    .onConflictDoNothing()
    .returning({ recipientId: proposalNotifications.recipientId });
  return rows.map((r) => r.recipientId);
}
