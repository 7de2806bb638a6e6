import { describe, expect, it } from 'vitest';
import { variedScenarios, wordsOf } from './varied-scenarios';

const inputs = {
  suggestionIds: ['a', 'b', 'c'],
  maxSuggestionNumber: 100_000,
  words: Array.from({ length: 3000 }, (_, i) => `word${i}`),
  authorNames: Array.from({ length: 400 }, (_, i) => `name${i}`),
  tokens: Array.from({ length: 300 }, (_, i) => `token-${i}`),
  proposals: {
    maxNumber: 5000,
    proposerNames: Array.from({ length: 24 }, (_, i) => `council${i}`),
    councilTokens: Array.from({ length: 12 }, (_, i) => `c${i}`),
  },
  developer: {
    taskWords: Array.from({ length: 2000 }, (_, i) => `task${i}`),
    teamWords: Array.from({ length: 2000 }, (_, i) => `team${i}`),
  },
};

describe('varied benchmark inputs', () => {
  it('takes English words of four letters or more and two-character Chinese terms', () => {
    expect(wordsOf(['Wallet audit for the bridge', '社区钱包审计计划'])).toEqual(
      expect.arrayContaining(['wallet', 'audit', 'bridge', '社区', '钱包', '审计', '计划']),
    );
    expect(wordsOf(['the for'])).toEqual([]);
  });

  it('makes almost every request of a list or search scenario different, and each signed in as someone', () => {
    for (const s of variedScenarios(inputs, 3000).filter((x) => !x.baseline)) {
      const distinct = new Set(s.paths.map((p, i) => `${p} ${s.pathHeaders?.[i]?.['api-token'] ?? ''}`));
      expect(s.paths).toHaveLength(3000);
      // The council is 12 people (24 names; 5 pages); everything else varies over thousands of inputs.
      // The task list is the same for every caller: 7 filters × 20 pages.
      const least =
        s.name.includes('unvoted') || s.name.startsWith('tasks: list')
          ? 50
          : s.name.includes('proposer')
            ? 100
            : s.name.includes('my own')
              ? 500
              : 700;
      expect(distinct.size, s.name).toBeGreaterThan(least);
      if (s.pathHeaders) expect(s.pathHeaders).toHaveLength(3000);
    }
  });

  it('draws the same inputs for the same seed', () => {
    expect(variedScenarios(inputs, 50, 3)).toEqual(variedScenarios(inputs, 50, 3));
  });
});
