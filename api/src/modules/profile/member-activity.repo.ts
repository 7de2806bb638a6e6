import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { communities, communityMembers, proposalVotes, proposals, suggestions } from '@cr/core/db/schema';

/** The member's public suggestions (active or archived), newest first. */
export function publicSuggestionsBy(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: suggestions.id,
      number: suggestions.number,
      title: suggestions.title,
      signed: suggestions.signed,
      createdAt: suggestions.createdAt,
    })
    .from(suggestions)
    .where(and(eq(suggestions.authorId, userId), inArray(suggestions.status, ['ACTIVE', 'ARCHIVED'])))
    .orderBy(desc(suggestions.createdAt))
    .limit(limit);
}

/** Published proposals the member owns or proposed (never a draft), newest first. */
export function publishedProposalsOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      number: proposals.number,
      title: proposals.title,
      status: proposals.status,
      createdAt: proposals.createdAt,
    })
    .from(proposals)
    .where(
      and(
        or(eq(proposals.ownerId, userId), eq(proposals.proposerId, userId)),
        ne(proposals.status, 'DRAFT'),
        isNotNull(proposals.number),
      ),
    )
    .orderBy(desc(proposals.createdAt))
    .limit(limit);
}

/** The member's council votes cast through the site, newest first. */
export function councilVotesBy(db: Db, userId: string, limit: number) {
  return db
    .select({
      proposalNumber: proposals.number,
      title: proposals.title,
      choice: proposalVotes.choice,
      votedAt: proposalVotes.votedAt,
    })
    .from(proposalVotes)
    .innerJoin(proposals, eq(proposals.id, proposalVotes.proposalId))
    .where(
      and(
        eq(proposalVotes.userId, userId),
        isNotNull(proposalVotes.choice),
        isNotNull(proposalVotes.votedAt),
        isNotNull(proposals.number),
      ),
    )
    .orderBy(desc(proposalVotes.votedAt))
    .limit(limit);
}

/** The communities the member belongs to or organizes. */
export function communitiesOf(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: communities.id,
      name: communities.name,
      type: communities.type,
      country: communities.country,
      role: communityMembers.role,
    })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .where(eq(communityMembers.userId, userId))
    .orderBy(communities.name)
    .limit(limit);
}
