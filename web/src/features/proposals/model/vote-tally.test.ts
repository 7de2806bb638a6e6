import { describe, expect, it } from 'vitest';
import { resultOf, tallyVotes, type VoteChoice } from './vote-tally';

const many = (choice: VoteChoice | null, n: number) => Array.from({ length: n }, () => choice);

describe('council vote tally', () => {
  it('needs 2/3 of the seats: 8 of 12, 2 of 3', () => {
    expect(tallyVotes([], 12).threshold).toBe(8);
    expect(tallyVotes([], 3).threshold).toBe(2);
  });

  it('counts members who have not voted as undecided', () => {
    const t = tallyVotes([...many('yes', 3), 'oppose', 'abstain'], 12);
    expect(t).toMatchObject({ support: 3, reject: 1, abstention: 1, undecided: 7, decided: null });
  });

  it('is decided as passed at the eighth yes', () => {
    expect(tallyVotes(many('yes', 7), 12).decided).toBeNull();
    expect(tallyVotes(many('yes', 8), 12).decided).toBe('passed');
  });

  it('is decided as rejected once five members did not vote yes (abstaining counts against)', () => {
    expect(tallyVotes([...many('oppose', 2), ...many('abstain', 2)], 12).decided).toBeNull();
    expect(tallyVotes([...many('oppose', 2), ...many('abstain', 3)], 12).decided).toBe('rejected');
  });

  it('maps choices to the spec results', () => {
    expect([resultOf('yes'), resultOf('oppose'), resultOf('abstain'), resultOf(null)]).toEqual([
      'support',
      'reject',
      'abstention',
      'undecided',
    ]);
  });
});
