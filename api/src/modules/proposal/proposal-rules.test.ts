import { describe, expect, it } from 'vitest';
import {
  dueReminder,
  percentOf,
  proposalWindow,
  reminderLeads,
  vetoOpenAt,
  vetoThresholdWei,
  votingOpenAt,
} from './proposal-rules';
import { etaOf } from '../../chain/chain-clock';

const clock = (height: number, avgBlockMs = 2_000) => ({
  height,
  avgBlockMs,
  observedAt: new Date('2030-01-01T00:00:00Z'),
});

describe('proposal windows by block height', () => {
  const p = { status: 'PROPOSED' as const, registeredHeight: 100, votingEndHeight: 160, vetoEndHeight: 220 };

  it('votes only in [R, R+V) while PROPOSED; the veto only in [R+V, R+2V)', () => {
    expect(votingOpenAt(p, 100)).toBe(true);
    expect(votingOpenAt(p, 159)).toBe(true);
    expect(votingOpenAt(p, 160)).toBe(false);
    expect(votingOpenAt({ ...p, votingEndHeight: null }, 120)).toBe(false);
    expect(votingOpenAt({ ...p, status: 'NOTIFICATION' }, 120)).toBe(false);
    expect(vetoOpenAt({ ...p, status: 'NOTIFICATION' }, 159)).toBe(false);
    expect(vetoOpenAt({ ...p, status: 'NOTIFICATION' }, 160)).toBe(true);
    expect(vetoOpenAt({ ...p, status: 'NOTIFICATION' }, 220)).toBe(false);
    expect(vetoOpenAt({ ...p, status: 'REJECT' }, 170)).toBe(false);
  });

  it('gives the open window end, blocks left and an ETA from the observed interval', () => {
    const w = proposalWindow(p, clock(130));
    expect(w).toMatchObject({ currentEndHeight: 160, blocksLeft: 30, votingOpen: true, vetoOpen: false });
    expect(w.endsAt).toBe('2030-01-01T00:01:00.000Z'); // 30 blocks × 2 s
    const n = proposalWindow({ ...p, status: 'NOTIFICATION' }, clock(170, 1_000));
    expect(n).toMatchObject({ currentEndHeight: 220, blocksLeft: 50, vetoOpen: true });
    expect(n.endsAt).toBe('2030-01-01T00:00:50.000Z');
    expect(proposalWindow({ ...p, status: 'ACTIVE' }, clock(300)).currentEndHeight).toBeNull();
    expect(etaOf(10, { height: 5, avgBlockMs: null, observedAt: null })).toBeNull();
  });
});

describe('veto threshold', () => {
  it('computes the veto threshold as the contract does, and the share of it', () => {
    const threshold = vetoThresholdWei('1000000000000000000000', 1_000)!;
    expect(threshold).toBe(100_000_000_000_000_000_000n);
    expect(percentOf(150_000_000_000_000_000_000n, threshold)).toBe(150);
    expect(percentOf(1n, null)).toBeNull();
  });
});

describe('reminder lead times', () => {
  it('are 3 days and 1 day in production blocks, and keep their share of a short dev window', () => {
    expect(reminderLeads(5_040, 120_000)).toEqual({ early: 2_160, late: 720 });
    expect(reminderLeads(60, 1_000)).toEqual({ early: 25, late: 8 });
    expect(reminderLeads(20, 500)).toEqual({ early: 8, late: 2 });
    // Faster blocks than planned: still 3 days of real time, no more than 3/7 of the window.
    expect(reminderLeads(5_040, 60_000)).toEqual({ early: 2_160, late: 720 });
    expect(reminderLeads(5_040, 240_000)).toEqual({ early: 1_080, late: 360 });
  });

  it('sends the early one inside its lead, the late one inside its own, each once', () => {
    const leads = { early: 8, late: 2 };
    const none = { early: false, late: false };
    expect(dueReminder(100, 91, leads, none)).toBeNull();
    expect(dueReminder(100, 92, leads, none)).toBe('early');
    expect(dueReminder(100, 95, leads, { early: true, late: false })).toBeNull();
    expect(dueReminder(100, 98, leads, { early: true, late: false })).toBe('late');
    expect(dueReminder(100, 99, leads, none)).toBe('late');
    expect(dueReminder(100, 100, leads, none)).toBeNull();
    expect(dueReminder(100, 99, leads, { early: true, late: true })).toBeNull();
  });
});
