import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import {
  proposalNotifications,
  proposals,
  proposalVotes,
  type ProposalRow,
  type ProposalVoteRow,
} from '@cr/core/db/schema/proposal.schema';

// The proposal rows the chain projection (proposal-projection.ts) writes, found by their draft hash.

const changed = { id: proposals.id, status: proposals.status };

/** Records a registration the chain saw (term, windows, transaction); `seats` when the term is known. */
export async function recordRegistration(
  db: Db,
  draftHash: string,
  chain: {
    term: number;
    registeredHeight: number;
    votingEndHeight: number;
    vetoEndHeight: number;
    registerTxHash: string;
    seats?: number;
  },
) {
  const [row] = await db
    .update(proposals)
    .set({ ...chain, updatedAt: sql`now()` })
    .where(eq(proposals.draftHash, draftHash))
    .returning(changed);
  return row;
}

/** Records the veto total (never lowered by a replayed event) and the number of stakes. */
export async function recordVeto(db: Db, draftHash: string, totalWei: string, stakes: number) {
  const [row] = await db
    .update(proposals)
    .set({
      vetoTotalWei: sql`greatest(${proposals.vetoTotalWei}, ${totalWei}::numeric)`,
      vetoStakes: stakes,
      updatedAt: sql`now()`,
    })
    .where(eq(proposals.draftHash, draftHash))
    .returning(changed);
  return row;
}

/**
 * Records a mail to a proposal's owner (proposal_notifications), once per proposal and kind; true when it is new
 * (the caller queues it after commit).
 */
export async function queueOwnerNotice(
  db: Db,
  proposalId: string,
  kind: string,
  recipientId: string,
): Promise<boolean> {
  const [scheduled] = await db
    .insert(proposalNotifications)
    .values({ proposalId, kind, recipientId, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: proposalNotifications.id });
  return !!scheduled;
}

/** Marks the proposal's effects applied; false when they were applied before. */
export async function claimEffects(db: Db, id: string): Promise<boolean> {
  const [claimed] = await db
    .update(proposals)
    .set({ effectsAppliedAt: new Date() })
    .where(and(eq(proposals.id, id), sql`${proposals.effectsAppliedAt} is null`))
    .returning({ id: proposals.id });
  return !!claimed;
}

/**
 * The proposal of `draftHash`; `lock` takes its row lock for the rest of the transaction. A change to a member's
 * vote row and the proposal's row locks the proposal first, as the vote PUT and the vote callback do: taken the
 * other way round, a re-vote and the projection of the previous VoteCast deadlock (PostgreSQL aborts one).
 */
export async function findByDraftHash(db: Db, draftHash: string, lock = false) {
  const q = db
    .select({ id: proposals.id, status: proposals.status, term: proposals.term })
    .from(proposals)
    .where(eq(proposals.draftHash, draftHash));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Moves a member's vote to the chain's choice, only from a lower nonce; false when nothing moved. */
export async function advanceChainedVote(
  db: Db,
  proposalId: string,
  memberId: string,
  chained: { choice: ProposalVoteRow['chainedChoice']; nonce: number },
): Promise<boolean> {
  const updated = await db
    .update(proposalVotes)
    .set({ chainedChoice: chained.choice, chainedNonce: chained.nonce, chainedAt: new Date() })
    .where(
      and(
        eq(proposalVotes.proposalId, proposalId),
        eq(proposalVotes.memberId, memberId),
        or(sql`${proposalVotes.chainedNonce} is null`, sql`${proposalVotes.chainedNonce} < ${chained.nonce}`),
      ),
    )
    .returning({ id: proposalVotes.id });
  return updated.length > 0;
}

/** Stores a vote posted to the chain without this site; a vote already stored stays as it is. */
export async function insertChainedVote(
  db: Db,
  vote: Omit<typeof proposalVotes.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(proposalVotes).values(vote).onConflictDoNothing();
}

/** The proposal's yes / oppose / abstain counts from the chained choices (what the list shows). */
export async function recountVotes(tx: Db, proposalId: string): Promise<void> {
  const count = (c: string) =>
    sql<number>`(select count(*)::int from ${proposalVotes} where ${proposalVotes.proposalId} = ${proposalId} and ${proposalVotes.chainedChoice} = ${c})`;
  await tx
    .update(proposals)
    .set({ yesCount: count('yes'), opposeCount: count('oppose'), abstainCount: count('abstain') })
    .where(eq(proposals.id, proposalId));
}

/** Proposals not final yet whose window closed at `height`: the finalize calls the watcher makes. */
export async function closedWindows(db: Db, height: number) {
  return db
    .select({ id: proposals.id, status: proposals.status, draftHash: proposals.draftHash })
    .from(proposals)
    .where(
      or(
        and(eq(proposals.status, 'PROPOSED'), sql`${proposals.votingEndHeight} <= ${height}`),
        and(eq(proposals.status, 'NOTIFICATION'), sql`${proposals.vetoEndHeight} <= ${height}`),
      ),
    )
    .limit(200);
}

/** Changes fields (never the status: see moveProposalStatus) of the ACTIVE proposal with this draft hash. */
export async function patchActiveTarget(
  db: Db,
  draftHash: string,
  patch: Omit<Partial<ProposalRow>, 'status'>,
): Promise<void> {
  await db
    .update(proposals)
    .set(patch)
    .where(and(eq(proposals.draftHash, draftHash), eq(proposals.status, 'ACTIVE')));
}
