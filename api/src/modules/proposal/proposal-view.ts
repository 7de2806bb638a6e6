import {
  VOTE_RESULT_OF_CHOICE,
  type MemberVote,
  type ProposalSummary,
  type VetoState,
} from '@cr/contract/proposal.contract';
import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import type { SuggestionType } from '@cr/contract/suggestion-content.contract';
import type { GovernanceStateRow } from '@cr/core/db/schema/council.schema';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { passThreshold, tallyFromCounts } from '@cr/contract/vote-tally';
import { percentOf, proposalWindow, vetoThresholdWei } from './proposal-rules';
import { type ChainClock } from '../../chain/chain-clock';
import { weiToEla } from '../proposal-record';
import { memberRef } from '../council';
import type { VoteColumns } from './proposal-detail.repo';

/** A member's row in the vote table (never an e-mail); `null` vote = not voted. */
export function toMemberVote(
  vote: VoteColumns | null,
  user: (PublicAuthor & { motto?: string | null }) | null,
  member: { did: string; memberId: string } | null,
): MemberVote {
  const did = vote?.memberDid ?? member!.did;
  const memberId = vote?.memberId ?? member!.memberId;
  const chained = vote?.chainedChoice ?? null;
  return {
    member: memberRef(did, memberId, user),
    choice: vote?.choice ?? null,
    reason: vote?.reason ?? null,
    votedAt: vote?.votedAt?.toISOString() ?? null,
    chainStatus: vote?.choice ? vote.chainStatus : null,
    chainActionId: vote?.chainActionId ?? null,
    txHash: vote?.txHash ?? null,
    chainedChoice: chained,
    result: chained ? VOTE_RESULT_OF_CHOICE[chained] : 'undecided',
  };
}

/** The veto stake against the threshold (fixed at NOTIFICATION; projected from today's parameters before). */
export function vetoState(p: ProposalRow, gov: GovernanceStateRow | undefined): VetoState {
  const threshold =
    p.vetoThresholdWei !== null
      ? BigInt(p.vetoThresholdWei)
      : vetoThresholdWei(gov?.circulatingSupplyWei ?? null, gov?.vetoThresholdBps ?? null);
  const total = BigInt(p.vetoTotalWei);
  return {
    totalWei: total.toString(),
    totalEla: weiToEla(total),
    thresholdWei: threshold?.toString() ?? null,
    thresholdEla: threshold !== null ? weiToEla(threshold) : null,
    percentOfThreshold: percentOf(total, threshold),
    thresholdBps: gov?.vetoThresholdBps ?? null,
    stakes: p.vetoStakes,
  };
}

/** The columns a list row is built from. */
export type SummarySource = Pick<
  ProposalRow,
  | 'id'
  | 'number'
  | 'status'
  | 'kind'
  | 'type'
  | 'title'
  | 'budgetTotal'
  | 'ownerId'
  | 'proposerId'
  | 'registerChainStatus'
  | 'registeredHeight'
  | 'votingEndHeight'
  | 'vetoEndHeight'
  | 'seats'
  | 'yesCount'
  | 'opposeCount'
  | 'abstainCount'
  | 'vetoTotalWei'
  | 'createdAt'
  | 'updatedAt'
>;

export function toSummary(
  p: SummarySource,
  cards: Map<string, PublicAuthor>,
  clock: ChainClock,
  gov: GovernanceStateRow | undefined,
  unvotedByMe: boolean | null,
): ProposalSummary {
  const tally = tallyFromCounts(
    { support: p.yesCount, reject: p.opposeCount, abstention: p.abstainCount },
    p.seats,
  );
  const supply = gov?.circulatingSupplyWei ? BigInt(gov.circulatingSupplyWei) : null;
  const total = BigInt(p.vetoTotalWei);
  const unknown = { _id: p.proposerId, username: 'unknown', firstName: null, lastName: null, avatar: null };
  return {
    _id: p.id,
    number: p.number,
    title: p.title,
    type: p.type as SuggestionType,
    kind: p.kind,
    status: p.status,
    proposer: cards.get(p.proposerId) ?? unknown,
    owner: p.ownerId ? (cards.get(p.ownerId) ?? null) : null,
    budgetRequested: p.budgetTotal !== null ? trimDecimal(p.budgetTotal) : null,
    votes: tally,
    seats: p.seats,
    passThreshold: passThreshold(p.seats),
    window: proposalWindow(p, clock),
    chainStatus: p.registerChainStatus,
    vetoPercent: supply && supply > 0n && total > 0n ? Number((total * 10_000n) / supply) / 100 : null,
    unvotedByMe,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** "1000.00000000" → "1000", "12.50000000" → "12.5". */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
