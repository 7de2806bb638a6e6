import {
  VOTE_RESULT_OF_CHOICE,
  type VoteChoice,
  type VoteOutcome,
  type VoteTally,
} from './proposal.contract';

/**
 * The council's 2/3 rule, the one home of it for the api, the worker and the web. It is the contract's integer
 * form (`Governance._decideCouncil`: yes × 3 ≥ seats × 2; `Council._belowTwoThirds`: seated × 3 < seats × 2),
 * so no rounding can make the portal disagree with the chain; vote-tally.int.test.ts checks it against the
 * deployed contracts.
 */
export function holdsTwoThirds(count: number, seats: number): boolean {
  return count * 3 >= seats * 2;
}

/** Yes votes needed to pass: the least n with n × 3 ≥ seats × 2 — 8 of 12, 2 of 3 in an interim council. */
export function passThreshold(seats: number): number {
  return Math.ceil((seats * 2) / 3);
}

/** Whether `yes` confirmed votes pass a council of `seats` when the voting window closes. */
export function passes(yes: number, seats: number): boolean {
  return holdsTwoThirds(yes, seats);
}

/** The tally from counted votes; members without a counted vote are undecided. */
export function tallyFromCounts(
  counts: Pick<VoteTally, 'support' | 'reject' | 'abstention'>,
  seats: number,
): VoteTally {
  const { support, reject, abstention } = counts;
  return { support, reject, abstention, undecided: Math.max(0, seats - support - reject - abstention) };
}

/** The tally from each member's counted choice (null or undefined: undecided). */
export function tallyOf(choices: readonly (VoteChoice | null | undefined)[], seats: number): VoteTally {
  const t = { support: 0, reject: 0, abstention: 0 };
  for (const c of choices) if (c) t[VOTE_RESULT_OF_CHOICE[c] as keyof typeof t]++;
  return tallyFromCounts(t, seats);
}

/**
 * The outcome with its "decided" marker: `pass` once the yes votes pass (8 of 12); `fail` once the non-yes votes
 * leave too few seats to reach the threshold (5 non-yes of 12: abstaining counts against); null while open.
 */
export function voteOutcome(tally: VoteTally, seats: number): VoteOutcome {
  const threshold = passThreshold(seats);
  const stillPossibleYes = seats - tally.reject - tally.abstention;
  const decidedOutcome = passes(tally.support, seats)
    ? 'pass'
    : !passes(stillPossibleYes, seats)
      ? 'fail'
      : null;
  return { tally, seats, passThreshold: threshold, decided: decidedOutcome !== null, decidedOutcome };
}
