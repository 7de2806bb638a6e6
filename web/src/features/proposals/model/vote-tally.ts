import {
  VOTE_RESULT_COLORS,
  VOTE_RESULT_OF_CHOICE,
  type VoteChoice,
  type VoteResult,
  type VoteTally as Counts,
} from '@cr/contract/proposal.contract';
import { tallyFromCounts as countsOf, tallyOf, voteOutcome } from '@cr/contract/vote-tally';

export type { VoteChoice, VoteResult };

export const VOTE_RESULTS: VoteResult[] = ['support', 'reject', 'abstention', 'undecided'];

/** The result colours of the original site (shared contract), so long-time members read them the same. */
export const VOTE_RESULT_COLOR: Record<VoteResult, string> = VOTE_RESULT_COLORS;

export function resultOf(choice: VoteChoice | null | undefined): VoteResult {
  return choice ? VOTE_RESULT_OF_CHOICE[choice] : 'undecided';
}

/** What the vote chart shows: the shared tally and outcome (api/contract/vote-tally.ts) in the chart's terms. */
export interface VoteTally extends Counts {
  seats: number;
  /** Yes votes needed to pass (2/3 of seats: 8 of 12). */
  threshold: number;
  /**
   * Set once the outcome is certain whatever the others do: `passed` at `threshold` yes votes, `rejected` when
   * the non-yes votes leave fewer seats than the threshold (5 of 12). Null while still open.
   */
  decided: 'passed' | 'rejected' | null;
}

function forChart(counts: Counts, seats: number): VoteTally {
  const o = voteOutcome(counts, seats);
  const decided = o.decidedOutcome === 'pass' ? 'passed' : o.decidedOutcome === 'fail' ? 'rejected' : null;
  return { ...o.tally, seats, threshold: o.passThreshold, decided };
}

/** The tally of a council of `seats` from counted votes (members not counted are undecided). */
export function tallyFromCounts(
  counts: Pick<Counts, 'support' | 'reject' | 'abstention'>,
  seats: number,
): VoteTally {
  return forChart(countsOf(counts, seats), seats);
}

/** Counts the choices of a council of `seats` members. */
export function tallyVotes(choices: Array<VoteChoice | null | undefined>, seats: number): VoteTally {
  return forChart(tallyOf(choices, seats), seats);
}
