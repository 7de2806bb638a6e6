import { describe, expect, it } from 'vitest';
import { cappedExponentialDelay } from './queue-backoff';

describe('capped exponential backoff', () => {
  it('doubles from the first delay and stops at the cap', () => {
    const spec = { delayMs: 250, capMs: 2000 };
    expect([1, 2, 3, 4, 5, 50].map((n) => cappedExponentialDelay(n, spec))).toEqual([
      250, 500, 1000, 2000, 2000, 2000,
    ]);
  });
  it('treats attempt 0 like the first retry and never overflows', () => {
    expect(cappedExponentialDelay(0, { delayMs: 100, capMs: 1000 })).toBe(100);
    expect(cappedExponentialDelay(10_000, { delayMs: 100, capMs: 1000 })).toBe(1000);
  });
});
