import { describe, expect, it } from 'vitest';
import { planFaults } from './fault-plan';

const options = {
  windowMs: 150_000,
  workers: 2,
  killsPerWorker: 10,
  redisRestarts: 2,
  rpcOutageMs: 10_000,
  reorgDepth: 2,
};

describe('planFaults', () => {
  it('gives the same plan for the same seed, and another for another seed', () => {
    expect(planFaults(7, options)).toEqual(planFaults(7, options));
    expect(planFaults(7, options)).not.toEqual(planFaults(8, options));
  });

  it('holds every fault the suite promises, in order, inside the window', () => {
    const plan = planFaults(20261126, options);
    const kills = plan.filter((f) => f.kind === 'kill');
    expect(kills.filter((f) => f.worker === 0)).toHaveLength(10);
    expect(kills.filter((f) => f.worker === 1)).toHaveLength(10);
    expect(plan.filter((f) => f.kind === 'redis-restart')).toHaveLength(2);
    expect(plan.filter((f) => f.kind === 'rpc-outage')).toEqual([expect.objectContaining({ ms: 10_000 })]);
    expect(plan.filter((f) => f.kind === 'reorg')).toEqual([expect.objectContaining({ depth: 2 })]);
    expect(plan.map((f) => f.at)).toEqual([...plan.map((f) => f.at)].sort((a, b) => a - b));
    expect(plan.every((f) => f.at >= 0 && f.at <= options.windowMs)).toBe(true);
  });

  it('keeps the two Redis restarts apart', () => {
    for (let seed = 1; seed < 200; seed++) {
      const [a, b] = planFaults(seed, options).filter((f) => f.kind === 'redis-restart');
      expect(b!.at - a!.at).toBeGreaterThan(options.windowMs * 0.08);
    }
  });
});
