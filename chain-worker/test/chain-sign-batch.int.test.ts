import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { startWorkerTestEnv, type WorkerTestEnv } from './test-worker-env';

/**
 * The submits that reach the signing step together share one transaction (sign-batcher.ts); one action whose
 * signing fails must not sink the others, and no nonce may be left unused.
 */
let t: WorkerTestEnv;
const POISON = 'poisoned-subject';
let poisonFailures = 0;
let held = false;
/** Actions moved to `chaining` per signing transaction (the listener runs inside it). */
const perTransaction = new Map<unknown, number>();

beforeAll(async () => {
  t = await startWorkerTestEnv({ env: { WORKER_CONCURRENCY: '10' } });
  await t.startWorkers({
    onActionChanged: async (row: ChainActionRow, tx: unknown) => {
      if (row.status !== 'chaining') return;
      perTransaction.set(tx, (perTransaction.get(tx) ?? 0) + 1);
      // The first signing transaction is held a moment, so the submits arriving meanwhile wait for it and are
      // signed together in the next one, however slowly a loaded machine hands out the jobs.
      if (perTransaction.size === 1 && !held) {
        held = true;
        await new Promise((r) => setTimeout(r, 1_500));
      }
      if (row.subjectId === POISON && poisonFailures < 2) {
        poisonFailures += 1;
        throw new Error('the listener failed for this action');
      }
    },
  });
});
afterAll(async () => {
  await t?.stop();
});

describe('signing relayed actions in batches', () => {
  it('signs many in one transaction; an action that fails there retries alone, and no nonce is skipped', async () => {
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.relay(`sign-batch-${i}`, i === 7 ? { subjectId: POISON } : undefined),
      ),
    );
    const done = await Promise.all(rows.map((r) => t.waitForStatus(r.id, ['chained', 'failed'], 60_000)));
    expect(done.map((r) => r.status)).toEqual(Array(20).fill('chained'));
    expect(poisonFailures).toBe(2);
    // Every nonce used once, none skipped: the failed attempts took none.
    const nonces = done.map((r) => r.nonce!).sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(20);
    expect(nonces.at(-1)! - nonces[0]!).toBe(19);
    expect(await t.provider.getTransactionCount(done[0]!.fromAddress!, 'latest')).toBe(nonces.at(-1)! + 1);
    // Some transaction signed more than one action.
    expect(Math.max(...perTransaction.values())).toBeGreaterThan(1);
  });
});
