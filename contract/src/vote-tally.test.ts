import { describe, expect, it } from 'vitest';
import { holdsTwoThirds, passes, passThreshold, tallyOf, voteOutcome } from './vote-tally';

const outcome = (seats: number, yes: number, oppose: number, abstain: number) =>
  voteOutcome(
    { support: yes, reject: oppose, abstention: abstain, undecided: seats - yes - oppose - abstain },
    seats,
  );

describe('council vote tally', () => {
  it('needs 2/3 of the seats: 8 of 12, 2 of 3, 3 of 4, 4 of 5', () => {
    expect([12, 3, 4, 5].map(passThreshold)).toEqual([8, 2, 3, 4]);
  });

  it('agrees with the integer rule yes × 3 ≥ seats × 2 for every seat count up to the contract’s MAX_SEATS (32)', () => {
    for (let seats = 1; seats <= 32; seats++)
      for (let yes = 0; yes <= seats; yes++)
        expect(passes(yes, seats), `${yes} of ${seats}`).toBe(yes >= passThreshold(seats));
  });

  it('counts chained choices and leaves the rest undecided', () => {
    expect(tallyOf(['yes', 'yes', 'oppose', 'abstain', null, undefined], 12)).toEqual({
      support: 2,
      reject: 1,
      abstention: 1,
      undecided: 8,
    });
  });

  it('is decided at 8 yes of 12, or once 5 non-yes make 8 impossible (abstaining counts against)', () => {
    expect(outcome(12, 7, 0, 0)).toMatchObject({ decided: false, decidedOutcome: null, passThreshold: 8 });
    expect(outcome(12, 8, 0, 0)).toMatchObject({ decided: true, decidedOutcome: 'pass' });
    expect(outcome(12, 0, 2, 2)).toMatchObject({ decided: false });
    expect(outcome(12, 0, 2, 3)).toMatchObject({ decided: true, decidedOutcome: 'fail' });
    expect(outcome(3, 2, 0, 0)).toMatchObject({ decidedOutcome: 'pass', passThreshold: 2 });
    expect(outcome(3, 0, 0, 2)).toMatchObject({ decidedOutcome: 'fail' });
  });

  it('reads a council below 2/3 of its seats as the contract does: 7 of 12 is below, 8 is not', () => {
    expect(holdsTwoThirds(8, 12)).toBe(true);
    expect(holdsTwoThirds(7, 12)).toBe(false);
    expect(holdsTwoThirds(2, 3)).toBe(true);
  });
});
