// Fault test (about 45 s per relaying mode, most of it the outage itself): the chain node is down for 30 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { RELAYER_KEY, actionKey, startWorkerTestEnv, type WorkerTestEnv } from './test-worker-env';
import { Wallet } from 'ethers';

const OUTAGE_MS = 30_000;
let t: WorkerTestEnv;
let dir: string;

describe.each([
  { relaying: 'one transaction per action', relayBatch: false },
  { relaying: 'RelayBatch transactions', relayBatch: true },
])('chain node down for 30 s ($relaying)', ({ relayBatch }) => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-anvil-state-'));
    t = await startWorkerTestEnv({
      relayBatch,
      anvil: { statePath: path.join(dir, 'state.json'), stateIntervalSeconds: 1 },
    });
    await t.startWorkers();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'actions wait (none fails), then all complete once the node is back, each exactly once',
    { timeout: 120_000 },
    async () => {
      const warm = await Promise.all(['before-1', 'before-2'].map((l) => t.relay(l)));
      const warmDone = await Promise.all(warm.map((r) => t.waitForStatus(r.id, ['chained'])));

      // Some are in flight when the node stops (signed, maybe sent, not mined); more arrive while it is down.
      const inFlight = await Promise.all(['flight-1', 'flight-2', 'flight-3'].map((l) => t.relay(l)));
      await t.anvil.stop();
      const during = await Promise.all(
        ['down-1', 'down-2', 'down-3', 'down-4', 'down-5'].map((l) => t.relay(l)),
      );
      const all = [...inFlight, ...during];

      const downUntil = Date.now() + OUTAGE_MS;
      while (Date.now() < downUntil) {
        await new Promise((r) => setTimeout(r, 1_000));
        const rows = await Promise.all(all.map((r) => getChainAction(t.database.db, r.id)));
        expect(rows.filter((r) => r!.status === 'failed').map((r) => r!.failureReason)).toEqual([]);
        expect(rows.filter((r) => during.some((d) => d.id === r!.id) && r!.status === 'chained')).toEqual([]);
      }
      const waiting = await getChainAction(t.database.db, during[0]!.id);
      expect(waiting?.lastError).toBe('the chain node is unreachable'); // what the page can show meanwhile

      await t.restartAnvil();
      const done = await Promise.all(all.map((r) => t.waitForStatus(r.id, ['chained', 'failed'], 60_000)));
      expect(done.map((r) => r.status)).toEqual(all.map(() => 'chained'));
      for (const l of ['before-1', 'before-2', 'flight-1', 'flight-2', 'flight-3', 'down-1', 'down-5'])
        expect(await t.recorder.getFunction('seen')(actionKey(l))).toBe(true);
      expect(await t.recorder.getFunction('count')()).toBe(10n);
      // Exactly once: the relayer sent exactly the transactions the rows name, 10 without batches (a duplicate
      // would revert and still use a nonce, or, in a batch, fail its call: the count above would not be 10).
      const transactions = new Set([...warmDone, ...done].map((r) => r.txHash)).size;
      if (!relayBatch) expect(transactions).toBe(10);
      expect(await t.provider.getTransactionCount(new Wallet(RELAYER_KEY).address, 'latest')).toBe(
        transactions,
      );
    },
  );
});
