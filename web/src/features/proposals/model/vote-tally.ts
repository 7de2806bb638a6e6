import {
  VOTE_RESULT_COLORS,
  type VoteChoice,
  type VoteResult,
  type VoteTally as Counts,
} from '@cr/api/contract/proposal.contract';

export type { VoteChoice, VoteResult };

export const VOTE_RESULTS: VoteResult[] = ['support', 'reject', 'abstention', 'undecided'];

/** The result colours of the original site (shared contract), so long-time members read them the same. */
export const VOTE_RESULT_COLOR: Record<VoteResult, string> = VOTE_RESULT_COLORS;

export function resultOf(choice: VoteChoice | null | undefined): VoteResult {
  if (choice === 'yes') return 'support';
  if (choice === 'oppose') return 'reject';
  if (choice === 'abstain') return 'abstention';
  return 'undecided';
}

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

/** The yes votes needed: 2/3 of the seats, rounded up (8 of 12, 2 of 3 in an interim council). */
export function passThreshold(seats: number): number {
  return Math.ceil((seats * 2) / 3);
}

/** The tally of a council of `seats` from counted votes (members not counted are undecided). */
export function tallyFromCounts(
  counts: Pick<Counts, 'support' | 'reject' | 'abstention'>,
  seats = 12,
  threshold = passThreshold(seats),
): VoteTally {
  const { support, reject, abstention } = counts;
  const undecided = Math.max(0, seats - support - reject - abstention);
  const decided =
    support >= threshold ? 'passed' : reject + abstention > seats - threshold ? 'rejected' : null;
  return { support, reject, abstention, undecided, seats, threshold, decided };
}

/** Counts the choices of a council of `seats` members. */
export function tallyVotes(
  choices: Array<VoteChoice | null | undefined>,
  seats = 12,
  threshold = passThreshold(seats),
): VoteTally {
  const count = (c: VoteChoice) => choices.filter((x) => x === c).length;
  return tallyFromCounts(
    { support: count('yes'), reject: count('oppose'), abstention: count('abstain') },
    seats,
    threshold,
  );
}
