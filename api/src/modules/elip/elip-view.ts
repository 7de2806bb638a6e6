import { personName } from '@cr/contract/person-name';
import type { ElipDetail, ElipPerson, ElipStatus, ElipSummary, ElipType } from '@cr/contract/elip.contract';
import type { ElipReviewRow, ElipRow, ElipVoteRow } from '@cr/core/db/schema';
import type { ElipWithAuthor, PersonRow } from './elip.repo';

export const toPerson = (p: PersonRow): ElipPerson => ({
  _id: p.id,
  username: p.username,
  name: personName(p),
});

export function toSummary(row: ElipWithAuthor): ElipSummary {
  const e = row.elip;
  return {
    _id: e.id,
    number: e.number,
    title: e.title,
    type: e.type as ElipType,
    status: e.status as ElipStatus,
    author: toPerson(row.author),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function toDetail(
  row: ElipWithAuthor,
  reviews: { review: ElipReviewRow; reviewer: PersonRow }[],
  votes: {
    vote: ElipVoteRow;
    voter: PersonRow | null;
  }[],
  can: ElipDetail['can'],
  proposal: (Omit<NonNullable<ElipDetail['proposal']>, 'proposer'> & { proposer: PersonRow }) | undefined,
): ElipDetail {
  const e: ElipRow = row.elip;
  return {
    ...toSummary(row),
    language: e.language === 'zh' ? 'zh' : 'en',
    discussionsTo: e.discussionsTo ?? '',
    requires: e.requires ?? '',
    replaces: e.replaces ?? '',
    supersededBy: e.supersededBy ?? '',
    abstract: e.abstract,
    motivation: e.motivation,
    specification: e.specification,
    rationale: e.rationale,
    backwardCompatibility: e.backwardCompatibility,
    referenceImplementation: e.referenceImplementation,
    copyright: e.copyright,
    reviews: reviews.map(({ review, reviewer }) => ({
      _id: review.id,
      decision: review.decision as 'APPROVED' | 'REJECTED',
      comment: review.comment,
      reviewer: toPerson(reviewer),
      createdAt: review.createdAt.toISOString(),
    })),
    votes: votes.map(({ vote, voter }) => ({
      did: vote.voterDid,
      voter: voter ? toPerson(voter) : null,
      value: vote.value as 'YES' | 'OPPOSE' | 'ABSTAIN',
      reason: vote.reason,
      signature: vote.signature,
      createdAt: vote.createdAt.toISOString(),
    })),
    proposal: proposal ? { ...proposal, proposer: toPerson(proposal.proposer) } : null,
    can,
  };
}
