import { MEMBER_ACTIVITY_LIMIT, type MemberActivity } from '@cr/contract/member-activity.contract';
import type { Db } from '@cr/core/db/db-client';
import { notFound } from '@cr/core/errors/app-error';
import { findUserById } from '../user';
import * as repo from './member-activity.repo';

const iso = (d: Date | null) => (d ?? new Date(0)).toISOString();

/** A member's public activity for the member page: suggestions, proposals, council votes and communities. */
export async function getMemberActivity(db: Db, userId: string): Promise<MemberActivity> {
  const user = await findUserById(db, userId);
  if (!user || !user.active) throw notFound('user', 'user.not_found');
  const n = MEMBER_ACTIVITY_LIMIT;
  const [suggestions, proposals, votes, communities] = await Promise.all([
    repo.publicSuggestionsBy(db, userId, n),
    repo.publishedProposalsOf(db, userId, n),
    repo.councilVotesBy(db, userId, n),
    repo.communitiesOf(db, userId, n),
  ]);
  return {
    suggestions: suggestions.map((s) => ({
      _id: s.id,
      number: s.number,
      title: s.title,
      signed: s.signed,
      createdAt: iso(s.createdAt),
    })),
    proposals: proposals.map((p) => ({
      number: p.number!,
      title: p.title,
      status: p.status,
      createdAt: iso(p.createdAt),
    })),
    votes: votes.map((v) => ({
      proposalNumber: v.proposalNumber!,
      title: v.title,
      choice: v.choice!,
      votedAt: iso(v.votedAt),
    })),
    communities: communities.map((c) => ({
      _id: c.id,
      name: c.name,
      type: c.type,
      country: c.country,
      role: c.role === 'ORGANIZER' ? 'ORGANIZER' : 'MEMBER',
    })),
  };
}
