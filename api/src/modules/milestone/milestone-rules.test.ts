import { describe, expect, it } from 'vitest';
import type { MilestoneStatus } from '@cr/contract/milestone.contract';
import {
  actionsFor,
  MILESTONE_TRANSITIONS,
  nextStage,
  requestRefusal,
  type StageState,
} from './milestone-rules';

const stages = (...statuses: MilestoneStatus[]): StageState[] =>
  statuses.map((status, stage) => ({
    stage,
    status,
    kind: stage === statuses.length - 1 ? 'COMPLETION' : stage === 0 ? 'ADVANCE' : 'CONDITIONED',
  }));

describe('milestone order rules', () => {
  it('offers only the first stage not yet approved', () => {
    const s = stages(
      'WITHDRAWN',
      'WAITING_FOR_WITHDRAWAL',
      'REJECTED',
      'WAITING_FOR_REQUEST',
      'WAITING_FOR_REQUEST',
    );
    expect(nextStage(s)?.stage).toBe(2);
    expect(requestRefusal('ACTIVE', s, 2, false)).toBeNull();
    expect(requestRefusal('ACTIVE', s, 3, false)).toBe('out_of_order');
    expect(requestRefusal('ACTIVE', s, 1, false)).toBe('out_of_order');
  });

  it('refuses a stage already requested, the advance, and the completion before the summary', () => {
    expect(
      requestRefusal('ACTIVE', stages('WITHDRAWN', 'WAITING_FOR_APPROVAL', 'WAITING_FOR_REQUEST'), 1, false),
    ).toBe('not_requestable');
    expect(requestRefusal('ACTIVE', stages('WAITING_FOR_REQUEST', 'WAITING_FOR_REQUEST'), 0, true)).toBe(
      'advance',
    );
    const last = stages('WITHDRAWN', 'WITHDRAWN', 'WAITING_FOR_REQUEST');
    expect(requestRefusal('ACTIVE', last, 2, false)).toBe('summary_required');
    expect(requestRefusal('ACTIVE', last, 2, true)).toBeNull();
  });

  it('allows nothing but withdrawing approved work after TERMINATED, FINAL or INCOMPLETED', () => {
    const s = stages('WAITING_FOR_WITHDRAWAL', 'WAITING_FOR_APPROVAL', 'WAITING_FOR_REQUEST');
    for (const status of ['TERMINATED', 'FINAL', 'INCOMPLETED'] as const) {
      expect(requestRefusal(status, stages('WITHDRAWN', 'REJECTED', 'WAITING_FOR_REQUEST'), 1, true)).toBe(
        'closed',
      );
      const both = { owner: true, secretary: true };
      expect(s.map((x) => actionsFor(both, status, s, x, true))).toEqual([['withdraw'], [], []]);
    }
    expect(MILESTONE_TRANSITIONS.can('WITHDRAWN', 'WAITING_FOR_WITHDRAWAL')).toBe(false);
    expect(MILESTONE_TRANSITIONS.can('CANCELLED', 'WAITING_FOR_APPROVAL')).toBe(false);
  });
});
