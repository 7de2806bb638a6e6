import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionKey, startWorkerTestEnv, type WorkerTestEnv } from './test-worker-env';

/**
 * A relayed transaction the node holds at the relayer's next nonce (held-nonce.ts): here the chain mines no block
 * for longer than RELAY_HELD_MS, as a node does with a transaction priced under what blocks take, or anvil with one
 * stuck in its pool's queued set. The watchdog sends a cancel at that nonce; once it is mined the action is signed
 * again at a new nonce and chained exactly once.
 */
let t: WorkerTestEnv;

beforeAll(async () => {
  t = await startWorkerTestEnv({ env: { RELAY_HELD_MS: '1500', CONFIRM_WATCHDOG_MS: '300' } });
  await t.startWorkers();
});
afterAll(async () => {
  await t?.stop();
});

type PoolTx = { to: string; value: string; hash: string };

/** The relayer's transaction at `nonce` in the node's pool (txpool_content), if any. */
async function pooled(relayer: string, nonce: number): Promise<PoolTx | undefined> {
  const content = await t.provider.send('txpool_content', []);
  for (const part of ['pending', 'queued'] as const) {
    const byAccount = content[part] as Record<string, Record<string, PoolTx>>;
    const mine = Object.entries(byAccount).find(([a]) => a.toLowerCase() === relayer.toLowerCase())?.[1];
    if (mine?.[String(nonce)]) return mine[String(nonce)];
  }
  return undefined;
}

describe('a held nonce', () => {
  it('is cancelled by the watchdog, and the action is signed again and chained once', async () => {
    const relayer = t.workers!.context.relayerAddress;
    await t.provider.send('evm_setIntervalMining', [0]);
    let sent;
    try {
      const row = await t.relay('held-nonce');
      sent = await t.waitForStatus(row.id, ['chaining'], 10_000);
      expect(sent.nonce).toBe(await t.provider.getTransactionCount(relayer, 'latest'));
      // Held past RELAY_HELD_MS: the pool's transaction at that nonce becomes a 0-value transfer to the relayer.
      const deadline = Date.now() + 15_000;
      let cancel: PoolTx | undefined;
      while (Date.now() < deadline) {
        const tx = await pooled(relayer, sent.nonce!);
        if (tx && tx.to.toLowerCase() === relayer.toLowerCase()) {
          cancel = tx;
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(cancel, 'a cancel at the held nonce').toBeDefined();
      expect(BigInt(cancel!.value)).toBe(0n);
    } finally {
      await t.provider.send('evm_setIntervalMining', [1]);
    }
    const done = await t.waitForStatus(sent.id, ['chained', 'failed'], 30_000);
    expect(done.status).toBe('chained');
    expect(done.txHash).not.toBe(sent.txHash);
    expect(done.nonce).toBeGreaterThan(sent.nonce!);
    expect(done.lastError).toBeNull();
    expect(await t.recorder.getFunction('seen')(actionKey('held-nonce'))).toBe(true);
    // The cancel took the held nonce and the action the next one: nothing skipped, nothing sent twice.
    expect(await t.provider.getTransactionCount(relayer, 'latest')).toBe(done.nonce! + 1);
  });
});
