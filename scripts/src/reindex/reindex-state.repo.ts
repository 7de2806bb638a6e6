import { isNotNull } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import {
  chainEvents,
  councilMembers,
  councilTerms,
  governanceState,
  proposalMilestones,
  proposals,
  proposalVotes,
  users,
} from '@cr/core/db/schema';

/**
 * The state the chain projection derives (what `npm run reindex` rebuilds), one map per table from a stable key
 * to the projected values. Timestamps the projection stamps with "now" are left out: a rebuild cannot know them
 * (see ProjectionStamps for how the unchanged ones are kept).
 */
export type ProjectedState = Record<string, Map<string, Record<string, unknown>>>;

const byKey = <T>(rows: T[], key: (r: T) => string, values: (r: T) => Record<string, unknown>) =>
  new Map(rows.map((r) => [key(r), values(r)]));

export async function readProjectedState(db: Db): Promise<ProjectedState> {
  const [events, terms, members, gov, props, votes, milestones, people] = await Promise.all([
    db.select().from(chainEvents),
    db.select().from(councilTerms),
    db.select().from(councilMembers),
    db.select().from(governanceState),
    db.select().from(proposals).where(isNotNull(proposals.draftHash)),
    db.select().from(proposalVotes),
    db.select().from(proposalMilestones),
    db.select({ id: users.id, role: users.role }).from(users).where(isNotNull(users.did)),
  ]);
  return {
    chain_events: byKey(
      events,
      (e) => `${e.blockNumber}:${e.logIndex}`,
      ({ createdAt: _, ...e }) => e,
    ),
    council_terms: byKey(
      terms,
      (t) => String(t.term),
      ({ updatedAt: _, ...t }) => t,
    ),
    council_members: byKey(
      members,
      (m) => `${m.term}:${m.memberId}`,
      (m) => m,
    ),
    governance_state: byKey(
      gov,
      (g) => String(g.id),
      ({ updatedAt: _, ...g }) => g,
    ),
    proposals: byKey(
      props,
      (p) => p.id,
      (p) => ({
        number: p.number,
        status: p.status,
        term: p.term,
        seats: p.seats,
        registeredHeight: p.registeredHeight,
        votingEndHeight: p.votingEndHeight,
        vetoEndHeight: p.vetoEndHeight,
        registerTxHash: p.registerTxHash,
        yesCount: p.yesCount,
        opposeCount: p.opposeCount,
        abstainCount: p.abstainCount,
        vetoTotalWei: p.vetoTotalWei,
        vetoThresholdWei: p.vetoThresholdWei,
        vetoStakes: p.vetoStakes,
        effectsApplied: p.effectsAppliedAt !== null,
        ownerDid: p.ownerDid,
        ownerId: p.ownerId,
      }),
    ),
    proposal_votes: byKey(
      votes,
      (v) => `${v.proposalId}:${v.memberId}`,
      (v) => ({
        memberDid: v.memberDid,
        userId: v.userId,
        choice: v.choice,
        version: v.version,
        chainedChoice: v.chainedChoice,
        chainedNonce: v.chainedNonce,
      }),
    ),
    proposal_milestones: byKey(
      milestones,
      (m) => `${m.proposalId}:${m.stage}`,
      (m) => ({
        kind: m.kind,
        amountWei: m.amountWei,
        recipient: m.recipient,
        status: m.status,
        message: m.message,
        messageHash: m.messageHash,
        opinion: m.opinion,
        opinionHash: m.opinionHash,
        approved: m.approved,
        actionId: m.actionId,
        withdrawTxHash: m.withdrawTxHash,
        withdrawBlock: m.withdrawBlock,
      }),
    ),
    user_roles: byKey(
      people,
      (u) => u.id,
      (u) => ({ role: u.role }),
    ),
  };
}
