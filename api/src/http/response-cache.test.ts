import { describe, expect, it } from 'vitest';
import { AnswerCache } from './response-cache';

describe('answer cache', () => {
  it('computes once for concurrent misses of one key, then answers from memory until the TTL', async () => {
    const cache = new AnswerCache();
    let runs = 0;
    // The first computation stays pending until all 20 callers have asked, so every one of them is a miss.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      runs++;
      await gate;
      return `answer ${runs}`;
    };
    const asked = Array.from({ length: 20 }, () => cache.answer('k', 1_000, compute));
    release();
    const answers = await Promise.all(asked);
    expect(new Set(answers)).toEqual(new Set(['answer 1']));
    expect(await cache.answer('k', 1_000, compute)).toBe('answer 1');
    expect(runs).toBe(1);
    // Past its TTL the answer is computed again.
    expect(await cache.answer('k', 1_000, compute, Date.now() + 2_000)).toBe('answer 2');
  });

  it('keeps no failed computation: every waiter gets the error and the next call computes again', async () => {
    const cache = new AnswerCache();
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('database down');
    };
    const results = await Promise.allSettled([
      cache.answer('k', 1_000, failing),
      cache.answer('k', 1_000, failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await cache.answer('k', 1_000, async () => 'ok')).toBe('ok');
    expect(cache.size).toBe(1);
  });

  it('drops the oldest answers past its entry and byte limits', async () => {
    const cache = new AnswerCache({ maxEntries: 3, maxBytes: 10 });
    for (const k of ['a', 'b', 'c', 'd']) await cache.answer(k, 60_000, async () => k);
    expect(cache.size).toBe(3);
    let recomputed = false;
    await cache.answer('a', 60_000, async () => ((recomputed = true), 'a'));
    expect(recomputed).toBe(true);
    // 9 more bytes: the oldest go until the total is within 10 bytes ('a' + 'big').
    await cache.answer('big', 60_000, async () => 'x'.repeat(9));
    expect(cache.size).toBe(2);
  });
});
