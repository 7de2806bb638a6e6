import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayBatchInterface } from '@cr/contracts-abi/artifacts';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { actionKey, startWorkerTestEnv, type WorkerTestEnv } from './test-worker-env';

/**
 * With a RelayBatch contract configured, the actions signed together go on chain as ONE transaction
 * (`RelayBatch.run`), each call with its own gas and its own outcome: a call that reverts fails only its own
 * action (with the contract's reason), the others are chained, and each call happens exactly once.
 */
let t: WorkerTestEnv;
let held = false;

beforeAll(async () => {
  t = await startWorkerTestEnv({ relayBatch: true, env: { WORKER_CONCURRENCY: '30' } });
  await t.startWorkers({
    onActionChanged: async (row: ChainActionRow) => {
      // The first signing transaction is held a moment, so the submits arriving meanwhile are estimated (against a
      // chain where nothing is recorded yet) and wait to be signed together in the next one.
      if (row.status !== 'chaining' || held) return;
      held = true;
      await new Promise((r) => setTimeout(r, 1_500));
    },
  });
});
afterAll(async () => {
  await t?.stop();
});

describe('relaying in batches', () => {
  it('sends many actions in one transaction; a call that reverts fails alone, with its reason', async () => {
    const labels = Array.from({ length: 24 }, (_, i) => `relay-batch-${i}`);
    // The last one records the same id as the fifth: the contract refuses the second of the two.
    labels.push(labels[4]!);
    const rows = await Promise.all(labels.map((label) => t.relay(label)));
    const done = await Promise.all(rows.map((r) => t.waitForStatus(r.id, ['chained', 'failed'], 60_000)));

    const failed = done.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.failureType).toBe('chain.reverted');
    expect(failed[0]!.failureReason).toContain('AlreadyRecorded');
    expect(failed[0]!.batchIndex).not.toBeNull();
    const chained = done.filter((r) => r.status === 'chained');
    expect(chained).toHaveLength(24);

    // Each id recorded exactly once on chain.
    expect(await t.recorder.count!()).toBe(24n);
    for (const label of labels) expect(await t.recorder.seen!(actionKey(label))).toBe(true);

    // Fewer transactions than actions; the actions of one transaction have distinct positions in it, and share
    // its nonce; every transaction went to the RelayBatch contract and each call ran once.
    const byTx = new Map<string, ChainActionRow[]>();
    for (const r of done) byTx.set(r.txHash!, [...(byTx.get(r.txHash!) ?? []), r]);
    expect(byTx.size).toBeLessThan(done.length);
    for (const [hash, group] of byTx) {
      const tx = (await t.provider.getTransaction(hash))!;
      const receipt = (await t.provider.getTransactionReceipt(hash))!;
      expect(receipt.status).toBe(1);
      expect(new Set(group.map((r) => r.nonce)).size).toBe(1);
      if (group.length === 1 && group[0]!.batchIndex == null) {
        expect(tx.to!.toLowerCase()).toBe(t.recorderAddress.toLowerCase());
        continue;
      }
      expect(tx.to!.toLowerCase()).toBe(t.config.RELAY_BATCH_ADDRESS!.toLowerCase());
      const calls = relayBatchInterface.decodeFunctionData('run', tx.data)[0] as { data: string }[];
      expect(new Set(group.map((r) => r.batchIndex)).size).toBe(group.length);
      for (const r of group) expect(calls[r.batchIndex!]!.data).toBe(r.data);
    }
    // Every nonce used once: the relayer's count of transactions is the count of distinct transactions.
    const nonces = [...byTx.values()].map((g) => g[0]!.nonce!).sort((a, b) => a - b);
    expect(nonces.at(-1)! - nonces[0]!).toBe(nonces.length - 1);
    expect(await t.provider.getTransactionCount(done[0]!.fromAddress!, 'latest')).toBe(nonces.at(-1)! + 1);
  });
});
