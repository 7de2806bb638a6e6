import { describe, expect, it } from 'vitest';
import { quantile } from './load-loop';

describe('load loop', () => {
  it('takes nearest-rank quantiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(xs, 0.5), quantile(xs, 0.95), quantile(xs, 0.99)]).toEqual([50, 95, 99]);
  });
});
