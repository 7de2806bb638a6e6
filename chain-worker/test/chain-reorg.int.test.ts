/**
 * A reorg of the last blocks under the event-driven confirm path (head tracker + block receipts): actions mined in
 * blocks that are dropped are re-sent (the same signed bytes) or re-confirmed in their new block, and each is
 * recorded on chain exactly once (the recorder reverts a duplicate) and `chained` with the block it is really in.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { recorderInterface } from '../src/bench/recorder-contract';
import { actionKey, startWorkerTestEnv, type WorkerTestEnv } from './test-worker-env';

let t: WorkerTestEnv;
const iface = recorderInterface();

async function minedRows(ids: string[]): Promise<ChainActionRow[]> {
  return vi.waitFor(
    async () => {
      const rows = await Promise.all(ids.map((id) => getChainAction(t.database.db, id)));
      if (!rows.every((r) => r?.status === 'chaining' && r.blockNumber != null))
        throw new Error('not all mined yet');
      return rows as ChainActionRow[];
    },
    { timeout: 20_000, interval: 50 },
  );
}

async function expectRecordedOnceAndCanonical(labels: string[], ids: string[]): Promise<ChainActionRow[]> {
  const done = await Promise.all(ids.map((id) => t.waitForStatus(id, ['chained', 'failed'], 60_000)));
  for (const [i, row] of done.entries()) {
    expect(row.status, row.failureReason ?? '').toBe('chained');
    const receipt = await t.provider.getTransactionReceipt(row.txHash!);
    expect(receipt?.status).toBe(1);
    expect(receipt?.blockNumber).toBe(row.blockNumber);
    expect((await t.provider.getBlock(row.blockNumber!))?.hash).toBe(row.blockHash);
    expect(await t.recorder.getFunction('seen')(actionKey(labels[i]!))).toBe(true);
  }
  return done;
}

describe.each([
  { relaying: 'one transaction per action', relayBatch: false },
  { relaying: 'several actions per RelayBatch transaction', relayBatch: true },
])('a reorg of the blocks the actions were mined in ($relaying)', ({ relayBatch }) => {
  beforeAll(async () => {
    // Deep confirmations (10 s at 0.25-s blocks) so the actions sit mined but open while their blocks are dropped.
    t = await startWorkerTestEnv({ relayBatch, env: { CONFIRMATIONS: '40', HEAD_POLL_MS: '100' } });
    await t.startWorkers();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('evm_revert drops the blocks and their txs: the same signed txs are re-sent, each action recorded once', async () => {
    const countBefore = (await t.recorder.getFunction('count')()) as bigint;
    const snapshot = (await t.provider.send('evm_snapshot', [])) as string;
    const labels = Array.from({ length: 5 }, (_, i) => `reorg-revert-${i}-${Date.now()}`);
    const rows = await Promise.all(labels.map((l) => t.relay(l)));
    const mined = await minedRows(rows.map((r) => r.id));
    const firstHashes = new Map(mined.map((r) => [r.id, r.txHash]));

    expect(await t.provider.send('evm_revert', [snapshot])).toBe(true);
    for (const r of mined) expect(await t.provider.getTransactionReceipt(r.txHash!)).toBeNull();

    const done = await expectRecordedOnceAndCanonical(
      labels,
      rows.map((r) => r.id),
    );
    // Re-sent, not re-signed: the very same transaction (nonce and hash) went out again.
    for (const row of done) expect(row.txHash).toBe(firstHashes.get(row.id));
    expect((await t.recorder.getFunction('count')()) as bigint).toBe(countBefore + 5n);
    // Exactly one Recorded event per action on the canonical chain.
    const logs = await t.provider.getLogs({ address: t.recorderAddress, fromBlock: 0, toBlock: 'latest' });
    for (const label of labels) {
      const matching = logs.filter((l) => iface.parseLog(l)?.args[0] === actionKey(label));
      expect(matching).toHaveLength(1);
    }
  });

  it('anvil_reorg replaces the last blocks: the actions are re-confirmed in their new blocks, once each', async () => {
    const countBefore = (await t.recorder.getFunction('count')()) as bigint;
    const labels = Array.from({ length: 5 }, (_, i) => `reorg-anvil-${i}-${Date.now()}`);
    const rows = await Promise.all(labels.map((l) => t.relay(l)));
    const mined = await minedRows(rows.map((r) => r.id));
    const tip = await t.provider.getBlockNumber();
    const lowest = Math.min(...mined.map((r) => r.blockNumber!));
    const heights = Array.from({ length: tip - lowest + 1 }, (_, i) => lowest + i);
    const hashAt = async () => Promise.all(heights.map(async (n) => (await t.provider.getBlock(n))?.hash));
    const before = await hashAt();
    // anvil_reorg counts down from the tip at the moment it runs, and 0.25-s blocks go on meanwhile: a depth of
    // heights.length alone could miss the actions' blocks on a loaded machine (CI once saw them unchanged). The
    // depth reaches from the current tip to the lowest action block, and 8 blocks (2 s) more.
    const depth = (await t.provider.getBlockNumber()) - lowest + 1 + 8;
    await t.provider.send('anvil_reorg', [depth, []]);
    // The blocks the actions were mined in were replaced (anvil re-mines the same heights).
    const after = await hashAt();
    expect(after.some((h, i) => h !== before[i])).toBe(true);

    await expectRecordedOnceAndCanonical(
      labels,
      rows.map((r) => r.id),
    );
    expect((await t.recorder.getFunction('count')()) as bigint).toBe(countBefore + 5n);
  });

  it.runIf(relayBatch)('relayed them in batches', async () => {
    const rows = (await t.database.db.query.chainActions.findMany()).filter((r) => r.status === 'chained');
    expect(new Set(rows.map((r) => r.txHash)).size).toBeLessThan(rows.length);
  });
});
