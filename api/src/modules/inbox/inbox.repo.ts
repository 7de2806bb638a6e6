import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import { chainRefusalNotices } from '@cr/core/db/schema/chain-refusal.schema';
import { inboxReads } from '@cr/core/db/schema/inbox.schema';
import { proposalMilestones } from '@cr/core/db/schema/milestone.schema';
import { proposalTracking } from '@cr/core/db/schema/proposal-tracking.schema';
import { proposals, proposalVotes } from '@cr/core/db/schema/proposal.schema';
import { suggestionComments, suggestions } from '@cr/core/db/schema/suggestion.schema';
import { users } from '@cr/core/db/schema/users.schema';

/** Proposals (of `ids`) on which the DID has a vote stored (chained or not): their vote item is done. */
export async function votedProposalIds(db: Db, did: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: proposalVotes.proposalId })
    .from(proposalVotes)
    .where(
      and(
        eq(proposalVotes.memberDid, did),
        inArray(proposalVotes.proposalId, ids),
        isNotNull(proposalVotes.choice),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

const subjectColumns = {
  proposalId: proposals.id,
  number: proposals.number,
  title: proposals.title,
};

/** Payment requests waiting for the secretary general's review. */
export async function paymentsAwaitingReview(db: Db) {
  return db
    .select({
      ...subjectColumns,
      milestoneId: proposalMilestones.id,
      stage: proposalMilestones.stage,
      at: proposalMilestones.requestedAt,
      updatedAt: proposalMilestones.updatedAt,
      excerpt: proposalMilestones.message,
    })
    .from(proposalMilestones)
    .innerJoin(proposals, eq(proposals.id, proposalMilestones.proposalId))
    .where(and(eq(proposalMilestones.status, 'WAITING_FOR_APPROVAL'), eq(proposals.status, 'ACTIVE')))
    .orderBy(proposalMilestones.requestedAt);
}

/** Tracking messages and summaries waiting for the secretary general's review. */
export async function trackingAwaitingReview(db: Db) {
  return db
    .select({
      ...subjectColumns,
      entryId: proposalTracking.id,
      kind: proposalTracking.kind,
      round: proposalTracking.round,
      at: proposalTracking.submittedAt,
      updatedAt: proposalTracking.updatedAt,
    })
    .from(proposalTracking)
    .innerJoin(proposals, eq(proposals.id, proposalTracking.proposalId))
    .where(eq(proposalTracking.status, 'REVIEWING'))
    .orderBy(proposalTracking.submittedAt);
}

/** The owner's rejected tracking messages and summary, on proposals still ACTIVE (where they can be fixed). */
export async function rejectedTrackingOf(db: Db, ownerId: string) {
  return db
    .select({
      ...subjectColumns,
      entryId: proposalTracking.id,
      kind: proposalTracking.kind,
      round: proposalTracking.round,
      at: proposalTracking.reviewedAt,
      updatedAt: proposalTracking.updatedAt,
      excerpt: proposalTracking.reviewComment,
    })
    .from(proposalTracking)
    .innerJoin(proposals, eq(proposals.id, proposalTracking.proposalId))
    .where(
      and(
        eq(proposals.ownerId, ownerId),
        eq(proposals.status, 'ACTIVE'),
        eq(proposalTracking.status, 'REJECT'),
      ),
    )
    .orderBy(proposalTracking.reviewedAt);
}

/**
 * The owner's payment stages to act on: REJECTED requests (ACTIVE proposals: request again) and stages
 * WAITING_FOR_WITHDRAWAL (withdrawable while ACTIVE, FINAL, INCOMPLETED or TERMINATED).
 */
export async function ownerStagesToAct(db: Db, ownerId: string) {
  return db
    .select({
      ...subjectColumns,
      milestoneId: proposalMilestones.id,
      stage: proposalMilestones.stage,
      status: proposalMilestones.status,
      at: proposalMilestones.reviewedAt,
      updatedAt: proposalMilestones.updatedAt,
      excerpt: proposalMilestones.opinion,
    })
    .from(proposalMilestones)
    .innerJoin(proposals, eq(proposals.id, proposalMilestones.proposalId))
    .where(
      and(
        eq(proposals.ownerId, ownerId),
        or(
          and(eq(proposalMilestones.status, 'REJECTED'), eq(proposals.status, 'ACTIVE')),
          and(
            eq(proposalMilestones.status, 'WAITING_FOR_WITHDRAWAL'),
            inArray(proposals.status, ['ACTIVE', 'FINAL', 'INCOMPLETED', 'TERMINATED']),
          ),
        ),
      ),
    )
    .orderBy(proposalMilestones.stage);
}

/**
 * Recent comments by others that concern the member: on their own suggestions, or mentioning them (a comment that
 * does both is one row, `mentioned` true). Newest first; deleted comments are left out.
 */
export async function commentsFor(db: Db, userId: string, since: Date, limit: number) {
  const mentioned = sql<boolean>`${suggestionComments.mentions} @> ${JSON.stringify([userId])}::jsonb`;
  return db
    .select({
      commentId: suggestionComments.id,
      suggestionId: suggestions.id,
      number: suggestions.number,
      title: suggestions.title,
      at: suggestionComments.createdAt,
      body: suggestionComments.body,
      actor: users.username,
      mentioned,
    })
    .from(suggestionComments)
    .innerJoin(suggestions, eq(suggestions.id, suggestionComments.suggestionId))
    .innerJoin(users, eq(users.id, suggestionComments.authorId))
    .where(
      and(
        ne(suggestionComments.authorId, userId),
        isNull(suggestionComments.deletedAt),
        gt(suggestionComments.createdAt, since),
        or(eq(suggestions.authorId, userId), mentioned),
      ),
    )
    .orderBy(desc(suggestionComments.createdAt))
    .limit(limit);
}

/** The member's notices of actions they signed that the chain refused for good, newest first, with the reason. */
export async function refusalNoticesFor(db: Db, userId: string, since: Date, limit: number) {
  return db
    .select({
      actionId: chainRefusalNotices.actionId,
      subjectId: chainRefusalNotices.subjectId,
      title: chainRefusalNotices.title,
      link: chainRefusalNotices.link,
      at: chainRefusalNotices.createdAt,
      reason: chainActions.failureReason,
    })
    .from(chainRefusalNotices)
    .innerJoin(chainActions, eq(chainActions.id, chainRefusalNotices.actionId))
    .where(and(eq(chainRefusalNotices.recipientId, userId), gt(chainRefusalNotices.createdAt, since)))
    .orderBy(desc(chainRefusalNotices.createdAt))
    .limit(limit);
}

/** Which of `keys` the member has read. */
export async function readKeys(db: Db, userId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: inboxReads.itemKey })
    .from(inboxReads)
    .where(and(eq(inboxReads.userId, userId), inArray(inboxReads.itemKey, keys)));
  return new Set(rows.map((r) => r.key));
}

/** Marks keys read for the member (again: no change); marks older than `pruneBefore` are dropped. Run in a transaction. */
export async function markRead(tx: Db, userId: string, keys: string[], pruneBefore: Date): Promise<void> {
  await tx.delete(inboxReads).where(and(eq(inboxReads.userId, userId), lt(inboxReads.readAt, pruneBefore)));
  if (keys.length)
    await tx
      .insert(inboxReads)
      .values(keys.map((itemKey) => ({ userId, itemKey })))
      .onConflictDoNothing();
}
