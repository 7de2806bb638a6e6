import { describe, expect, it } from 'vitest';
import { deadlinesFor, type DeadlineContext, type DeadlineProposal } from './calendar-events';

const OBSERVED = new Date('2026-11-26T06:00:00Z');
/** Height 1,000 observed at 06:00 with 2-minute blocks: block 1,030 is about 07:00. */
const ctx = (height: number | null = 1000): DeadlineContext => ({
  clock: { height, avgBlockMs: 120_000, observedAt: OBSERVED },
  publicUrl: 'https://cr.example/',
  uidHost: 'cr.example',
});

const proposal = (overrides: Partial<DeadlineProposal> = {}): DeadlineProposal => ({
  id: 'p1',
  number: 4,
  title: 'Roads, bridges',
  status: 'PROPOSED',
  ownerId: 'owner',
  votingEndHeight: 1030,
  vetoEndHeight: 1060,
  ...overrides,
});

const voting = proposal();
const veto = proposal({
  id: 'p2',
  number: 5,
  status: 'NOTIFICATION',
  ownerId: 'someone',
  votingEndHeight: 970,
});
const term = { term: 1, electionStartHeight: 1090 };

describe('deadlinesFor', () => {
  it('gives a seated council member every voting end and veto end, soonest first, at the ETA', () => {
    const events = deadlinesFor({ userId: 'm', seated: true, lang: 'en' }, [veto, voting], undefined, ctx());
    expect(events.map((e) => e.uid)).toEqual([
      'proposal-p1-voting-end@cr.example',
      'proposal-p2-veto-end@cr.example',
    ]);
    expect(events[0]!.start.toISOString()).toBe('2026-11-26T07:00:00.000Z');
    expect(events[1]!.start.toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(events[0]!.summary).toBe('Council vote closes: Proposal #4 "Roads, bridges"');
    expect(events[1]!.summary).toBe('Veto period ends: Proposal #5 "Roads, bridges"');
    expect(events[0]!.url).toBe('https://cr.example/proposals/4');
    expect(events[0]!.description).toContain('Block 1030.');
    expect(events[0]!.end.getTime()).toBeGreaterThan(events[0]!.start.getTime());
  });

  it('gives an owner only their own proposals, and a member it does not concern none', () => {
    const own = deadlinesFor(
      { userId: 'owner', seated: false, lang: 'en' },
      [voting, veto],
      undefined,
      ctx(),
    );
    expect(own.map((e) => e.uid)).toEqual(['proposal-p1-voting-end@cr.example']);
    expect(
      deadlinesFor({ userId: 'x', seated: false, lang: 'en' }, [voting, veto], undefined, ctx()),
    ).toEqual([]);
  });

  it('writes one event when a seated member also owns the proposal', () => {
    const events = deadlinesFor({ userId: 'owner', seated: true, lang: 'en' }, [voting], undefined, ctx());
    expect(events).toHaveLength(1);
  });

  it('moves the time when the observed block interval drifts', () => {
    const slow = { ...ctx(), clock: { ...ctx().clock, avgBlockMs: 240_000 } };
    const [e] = deadlinesFor({ userId: 'm', seated: true, lang: 'en' }, [voting], undefined, slow);
    expect(e!.start.toISOString()).toBe('2026-11-26T08:00:00.000Z');
  });

  it('shows the next council election to every member while it is ahead', () => {
    const viewer = { userId: 'x', seated: false, lang: 'zh' as const };
    const [e] = deadlinesFor(viewer, [], term, ctx());
    expect(e).toMatchObject({
      uid: 'council-term-1-election-start@cr.example',
      summary: '委员会选举开始（第 2 届）',
    });
    expect(e!.url).toBe('https://cr.example/council');
    expect(deadlinesFor(viewer, [], term, ctx(1090))).toEqual([]);
  });

  it('writes Chinese summaries for a member who chose Chinese', () => {
    const [e] = deadlinesFor({ userId: 'm', seated: true, lang: 'zh' }, [voting], undefined, ctx());
    expect(e!.summary).toBe('委员会投票截止：提案 #4「Roads, bridges」');
    expect(e!.description).toContain('区块 1030。');
  });

  it('leaves out deadlines whose time is unknown (no chain head yet)', () => {
    expect(deadlinesFor({ userId: 'm', seated: true, lang: 'en' }, [voting], term, ctx(null))).toEqual([]);
  });
});
