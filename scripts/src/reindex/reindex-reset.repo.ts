import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { deleteEventsFrom } from '@cr/core/chain/chain-index.repo';
import {
  chainCursor,
  councilMembers,
  councilTerms,
  governanceState,
  proposalMilestones,
  proposalNotifications,
  proposals,
  proposalVotes,
  type MilestoneRow,
  type ProposalRow,
} from '@cr/core/db/schema';

/**
 * What `npm run reindex` clears before replaying the events: every row and column the chain projection writes
 * (api/src/modules/proposal/proposal-projection.ts, api/src/modules/milestone/milestone-projection.ts), back to
 * what the site itself wrote before the chain answered. Everything else is kept (docs/operations.md "Rebuilding
 * the chain index").
 */
export async function resetProjections(tx: Db): Promise<void> {
  await deleteEventsFrom(tx, 0);
  await tx.delete(chainCursor);
  await tx.delete(councilMembers);
  await tx.delete(councilTerms);
  await tx.delete(governanceState);
  // A published proposal is PROPOSED from the member's signature until its Governance events move it; the
  // registration's term, seats and tx hash were written by the signed action too (the event rewrites them).
  await tx
    .update(proposals)
    .set({
      status: 'PROPOSED',
      registeredHeight: null,
      votingEndHeight: null,
      vetoEndHeight: null,
      yesCount: 0,
      opposeCount: 0,
      abstainCount: 0,
      vetoTotalWei: '0',
      vetoThresholdWei: null,
      vetoStakes: 0,
      effectsAppliedAt: null,
    })
    .where(and(isNotNull(proposals.draftHash), ne(proposals.status, 'DRAFT')));
  // Votes relayed without this site exist only because the chain has them (no reason: nobody wrote one here).
  await tx.delete(proposalVotes).where(isNull(proposalVotes.reason));
  await tx.update(proposalVotes).set({ chainedChoice: null, chainedNonce: null, chainedAt: null });
  // Milestone rows are created by the Treasury's events; their texts and actions come back from `keep`.
  await tx.delete(proposalMilestones);
}

/** What the projection stamps with "now" or nulls on the way, kept across the rebuild where the result is the same. */
export interface Kept {
  proposals: Pick<ProposalRow, 'id' | 'status' | 'statusChangedAt' | 'updatedAt'>[];
  votes: {
    proposalId: string;
    memberId: string;
    reason: string | null;
    chainedNonce: number | null;
    chainedAt: Date | null;
    votedAt: Date | null;
  }[];
  milestones: MilestoneRow[];
}

export async function readKept(tx: Db): Promise<Kept> {
  return {
    proposals: await tx
      .select({
        id: proposals.id,
        status: proposals.status,
        statusChangedAt: proposals.statusChangedAt,
        updatedAt: proposals.updatedAt,
      })
      .from(proposals)
      .where(isNotNull(proposals.draftHash)),
    votes: await tx
      .select({
        proposalId: proposalVotes.proposalId,
        memberId: proposalVotes.memberId,
        reason: proposalVotes.reason,
        chainedNonce: proposalVotes.chainedNonce,
        chainedAt: proposalVotes.chainedAt,
        votedAt: proposalVotes.votedAt,
      })
      .from(proposalVotes)
      .where(isNotNull(proposalVotes.chainedNonce)),
    milestones: await tx.select().from(proposalMilestones),
  };
}

/**
 * Puts back the times of statuses and votes the rebuild left as they were (a page's "since" stays true), and the
 * `updated_at` of proposals it did not change at all (`changed`: ids of the proposals that differ).
 */
export async function restoreStamps(tx: Db, kept: Kept, changed: Set<string>): Promise<void> {
  for (const p of kept.proposals)
    await tx
      .update(proposals)
      .set({ statusChangedAt: p.statusChangedAt, ...(changed.has(p.id) ? {} : { updatedAt: p.updatedAt }) })
      .where(and(eq(proposals.id, p.id), eq(proposals.status, p.status)));
  for (const v of kept.votes)
    await tx
      .update(proposalVotes)
      .set({ chainedAt: v.chainedAt, ...(v.reason === null ? { votedAt: v.votedAt } : {}) })
      .where(
        and(
          eq(proposalVotes.proposalId, v.proposalId),
          eq(proposalVotes.memberId, v.memberId),
          eq(proposalVotes.chainedNonce, v.chainedNonce!),
        ),
      );
}

export async function listMilestones(tx: Db): Promise<MilestoneRow[]> {
  return tx.select().from(proposalMilestones);
}

export async function patchMilestone(
  tx: Db,
  id: string,
  patch: Partial<Omit<MilestoneRow, 'id' | 'proposalId' | 'stage'>>,
): Promise<void> {
  await tx.update(proposalMilestones).set(patch).where(eq(proposalMilestones.id, id));
}

/**
 * Status e-mails the replay recorded for old moves (proposal_notifications rows new in this transaction: their
 * created_at is its start, `now()`) are marked skipped, so the worker's sweep never mails history.
 */
export async function skipReplayedMails(tx: Db): Promise<number> {
  const rows = await tx
    .update(proposalNotifications)
    .set({ status: 'skipped', lastError: 'recorded by npm run reindex (history, not sent)' })
    .where(and(eq(proposalNotifications.status, 'pending'), sql`${proposalNotifications.createdAt} = now()`))
    .returning({ id: proposalNotifications.id });
  return rows.length;
}
