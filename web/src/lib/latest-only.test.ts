import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest-only';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latestOnly', () => {
  it('drops an answer that a newer read overtook, whatever order they come back in', async () => {
    const gate = latestOnly();
    const shown: string[] = [];
    const older = deferred<string>();
    const newer = deferred<string>();
    const a = gate.run(
      () => older.promise,
      (v) => shown.push(v),
      () => shown.push('error'),
    );
    const b = gate.run(
      () => newer.promise,
      (v) => shown.push(v),
      () => shown.push('error'),
    );
    newer.resolve('NOTIFICATION');
    await b;
    older.resolve('PROPOSED');
    await a;
    expect(shown).toEqual(['NOTIFICATION']);
  });

  it('drops an answer read before a change was announced, and its error too', async () => {
    const gate = latestOnly();
    const shown: string[] = [];
    const inFlight = deferred<string>();
    const failing = deferred<string>();
    const a = gate.run(
      () => inFlight.promise,
      (v) => shown.push(v),
      () => shown.push('error'),
    );
    gate.supersede();
    inFlight.resolve('PROPOSED');
    await a;
    const b = gate.run(
      () => failing.promise,
      (v) => shown.push(v),
      () => shown.push('error'),
    );
    gate.supersede();
    failing.reject(new Error('offline'));
    await b;
    expect(shown).toEqual([]);
  });

  it('applies the latest answer and the latest error', async () => {
    const gate = latestOnly();
    const shown: string[] = [];
    await gate.run(
      async () => 'ACTIVE',
      (v) => shown.push(v),
      () => shown.push('error'),
    );
    await gate.run(
      () => Promise.reject(new Error('x')),
      (v) => shown.push(v),
      () => shown.push('error'),
    );
    expect(shown).toEqual(['ACTIVE', 'error']);
  });
});
