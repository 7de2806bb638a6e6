import { describe, expect, it } from 'vitest';
import { blocksLeft, etaAt, formatDuration, termWindow, type DurationUnits } from './eta';

const en: DurationUnits = {
  day: (n) => `${n} d`,
  hour: (n) => `${n} h`,
  minute: (n) => `${n} min`,
  second: (n) => `${n} s`,
  join: (p) => p.join(' '),
};

describe('block ETA', () => {
  const head = { height: 1000, avgBlockMs: 2000, observedAt: '2025-01-01T00:00:00.000Z' };

  it('expects a block at the observed interval after the observation', () => {
    expect(etaAt(1030, head)).toBe(Date.parse('2025-01-01T00:01:00.000Z'));
    expect(etaAt(990, head)).toBe(Date.parse('2024-12-31T23:59:40.000Z'));
  });

  it('has no ETA before an interval is observed', () => {
    expect(etaAt(1030, { ...head, avgBlockMs: null })).toBeNull();
  });

  it('counts blocks left, never below zero', () => {
    expect(blocksLeft(1060, 1000)).toBe(60);
    expect(blocksLeft(1000, 1060)).toBe(0);
  });

  it('formats durations in the two largest units, minutes rounded up', () => {
    expect(formatDuration(45_000, en)).toBe('45 s');
    expect(formatDuration(61_000, en)).toBe('2 min');
    expect(formatDuration(3 * 3600_000 + 20 * 60_000, en)).toBe('3 h 20 min');
    expect(formatDuration(2 * 86400_000 + 4 * 3600_000, en)).toBe('2 d 4 h');
    expect(formatDuration(7 * 86400_000, en)).toBe('7 d');
    expect(formatDuration(-5, en)).toBe('0 s');
  });

  it('places a height in its council term, with the election 21,900 blocks before the end', () => {
    expect(termWindow(100, 0)).toEqual({ term: 1, start: 0, end: 262_800, electionStart: 240_900 });
    expect(termWindow(262_800, 0).term).toBe(2);
    expect(termWindow(5, 10).term).toBe(1);
  });
});
