import { describe, expect, it } from 'vitest';
import { canMeterCpu, cpuMsOfStat, postgresSpentMs, processCpuMs, startCpuMeter } from './cpu-meter';

describe('cpu meter', () => {
  it('reads utime and stime from a stat line whose command holds spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 75 0 0 20 0 11 0 1000 0 0';
    // utime 250 + stime 75 ticks at 100 per second.
    expect(cpuMsOfStat(stat)).toBe(3250);
  });

  it('counts what each database process spent, a new one from zero and one that ended not at all', () => {
    const before = new Map([
      [10, 500],
      [11, 40],
      [12, 9000],
    ]);
    const after = new Map([
      [10, 650],
      [11, 40],
      [13, 25],
    ]);
    expect(postgresSpentMs(before, after)).toBe(175);
  });

  it.runIf(canMeterCpu())('meters this process and gives nothing for one that is gone', () => {
    expect(processCpuMs(process.pid)).toBeGreaterThanOrEqual(0);
    expect(processCpuMs(2 ** 22 + 12345)).toBeNull();
    const stop = startCpuMeter(process.pid);
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += i % 7;
    const sample = stop(10);
    expect(x).toBeGreaterThan(0);
    expect(sample!.benchMs).toBeGreaterThan(0);
    expect(sample!.dbMs).toBeGreaterThanOrEqual(0);
  });
});
