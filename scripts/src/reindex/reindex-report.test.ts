import { describe, expect, it } from 'vitest';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import { inBatches } from './read-events';
import { diffStates, formatReport, type ReindexReport } from './reindex-report';
import type { ProjectedState } from './reindex-state.repo';

const state = (
  proposals: [string, Record<string, unknown>][],
  votes: [string, Record<string, unknown>][] = [],
) => ({ proposals: new Map(proposals), proposal_votes: new Map(votes) }) as ProjectedState;

describe('diffStates', () => {
  it('lists added, removed and changed rows with the changed fields, proposals by number', () => {
    const before = state(
      [
        ['p1', { number: 1, status: 'NOTIFICATION', yesCount: 8 }],
        ['p2', { number: 2, status: 'PROPOSED', yesCount: 0 }],
      ],
      [['p1:m1', { chainedChoice: 'oppose' }]],
    );
    const after = state(
      [
        ['p1', { number: 1, status: 'ACTIVE', yesCount: 8 }],
        ['p3', { number: 3, status: 'PROPOSED', yesCount: 0 }],
      ],
      [['p1:m1', { chainedChoice: 'yes' }]],
    );
    expect(diffStates(before, after)).toEqual([
      { table: 'proposals', key: 'p1', label: '#1', change: 'status: "NOTIFICATION" → "ACTIVE"' },
      { table: 'proposals', key: 'p3', label: '#3', change: 'added' },
      { table: 'proposals', key: 'p2', label: '#2', change: 'removed' },
      { table: 'proposal_votes', key: 'p1:m1', label: '#1:m1', change: 'chainedChoice: "oppose" → "yes"' },
    ]);
    expect(diffStates(after, after)).toEqual([]);
  });
});

describe('inBatches', () => {
  const at = (blockNumber: number, logIndex = 0) => ({ blockNumber, logIndex }) as NewChainEvent;
  it('cuts the chain-ordered events into ranges of at most 2,000 blocks, never splitting a block', () => {
    const events = [at(5), at(5, 1), at(2004), at(2005), at(9000)];
    expect(inBatches(events).map((b) => b.map((e) => e.blockNumber))).toEqual([[5, 5, 2004], [2005], [9000]]);
  });
});

describe('formatReport', () => {
  it('prints counts per kind and the differences', () => {
    const report: ReindexReport = {
      chainId: 31337,
      fromBlock: 0,
      toBlock: 99,
      dryRun: true,
      eventsByKind: { 'governance:VoteCast': 3 },
      proposalsByStatus: { ACTIVE: 1 },
      chainedVotes: 2,
      changedVotes: 1,
      seatedMembers: 12,
      skippedMails: 0,
      differences: [{ table: 'proposals', key: 'p1', label: '#1', change: 'status: "PROPOSED" → "ACTIVE"' }],
    };
    const text = formatReport(report);
    expect(text).toContain('blocks 0..99 (dry run: rolled back)');
    expect(text).toContain('council votes on chain: 2 (1 changed by a later vote)');
    expect(text).toContain('proposals                            0 added, 0 removed, 1 changed');
    expect(text).toContain('proposals #1: status: "PROPOSED" → "ACTIVE"');
  });
});
