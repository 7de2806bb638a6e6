import { randomUUID } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAIN_HEIGHT_EVENT, CHAIN_ROOM } from '@cr/core/chain/chain-action-events';
import { listChainActionsForSubject } from '@cr/core/chain/chain-action.repo';
import { getChainHead, getCursor, listEvents, recentBlocks } from '@cr/core/chain/chain-index.repo';
import { testConfig } from '../../api/test/test-config';
import { startBlockWatcher } from '../src/block-watcher';
import { createLeaderLock } from '../src/leader-lock';
import type { WindowCloser } from '../src/window-closers';
import { recorderInterface } from '../src/bench/recorder-contract';
import {
  MEMBER_KEY,
  actionKey,
  listenToBus,
  startWorkerTestEnv,
  type WorkerTestEnv,
} from './test-worker-env';

let t: WorkerTestEnv;
let bus: Awaited<ReturnType<typeof listenToBus>>;
const iface = recorderInterface();
let closeFrom = Number.MAX_SAFE_INTEGER;
const closerCalls: number[] = [];

/** Closes the "window" of proposals w1 and w2 once the height passes `closeFrom` (stands for the proposal module). */
const closer: WindowCloser = {
  name: 'test-windows',
  async closedWindows(height) {
    closerCalls.push(height);
    if (height < closeFrom) return { calls: [] };
    return {
      calls: ['w1', 'w2'].map((id) => ({
        subjectType: 'proposal',
        subjectId: id,
        dedupeKey: `finalize:proposal:${id}:council`,
        to: t.recorderAddress,
        data: iface.encodeFunctionData('finalize', [actionKey(id)]),
      })),
    };
  },
};

/** Polls `fn` until it returns something truthy (vitest's waitFor), then returns that value. */
function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error(`timed out waiting for ${what}`);
      return v;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

beforeAll(async () => {
  // Its own genesis time: other test files' anvils, started the same second, mine blocks with the same hashes,
  // and their height updates reach the same bus.
  t = await startWorkerTestEnv({ anvil: { genesisTimestamp: Math.floor(Date.now() / 1000) - 86_400 } });
  bus = await listenToBus(testConfig.REDIS_URL);
  await t.startWorkers({
    indexedContracts: [{ stream: 'recorder', address: t.recorderAddress, abi: iface, fromBlock: 0 }],
    windowClosers: [closer],
    alreadyDoneErrors: ['NothingToFinalize'],
  });
});
afterAll(async () => {
  await bus?.close();
  await t?.stop();
});

describe('block watcher', () => {
  it('records the height and the observed block interval, and pushes height changes to the chain room', async () => {
    const first = await until('a head', () => getChainHead(t.database.db, 31337));
    const head = await until('three more blocks', async () => {
      const h = await getChainHead(t.database.db, 31337);
      return h && h.height >= first.height + 3 && h.avgBlockMs !== null ? h : undefined;
    });
    const tip = await t.provider.getBlockNumber();
    expect(tip - head.height).toBeLessThanOrEqual(4);
    // anvil's 0.25 s blocks carry whole-second timestamps: the average lands between 0 and 1 s.
    expect(head.avgBlockMs).toBeGreaterThanOrEqual(0);
    expect(head.avgBlockMs).toBeLessThanOrEqual(1_000);
    // Other test files' chains publish on the same bus: keep the updates whose block hash is this chain's.
    const heights = [];
    for (const e of bus.inRoom(CHAIN_ROOM).filter((ev) => ev.event === CHAIN_HEIGHT_EVENT)) {
      const block = await t.provider.getBlock(e.payload.height as number);
      if (block?.hash === e.payload.hash) heights.push(e);
    }
    expect(heights.length).toBeGreaterThan(1);
    const numbers = heights.map((e) => e.payload.height as number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('indexes contract events once per (block, log index), with a cursor that survives a restart', async () => {
    const rows = await Promise.all(['ev-1', 'ev-2', 'ev-3'].map((l) => t.relay(l)));
    await Promise.all(rows.map((r) => t.waitForStatus(r.id, ['chained'])));
    const chainedAt = Math.max(
      ...(await Promise.all(rows.map((r) => t.waitForStatus(r.id, ['chained'])))).map((r) => r.blockNumber!),
    );
    await until(
      'cursor past the records',
      async () => ((await getCursor(t.database.db, 'recorder'))?.blockNumber ?? 0) >= chainedAt,
    );

    await t.stopWorkers(); // restart: a new watcher continues from the stored cursor
    await t.startWorkers({
      indexedContracts: [{ stream: 'recorder', address: t.recorderAddress, abi: iface, fromBlock: 0 }],
      windowClosers: [closer],
      alreadyDoneErrors: ['NothingToFinalize'],
    });
    await t.workers!.watcher!.tick();
    await t.workers!.watcher!.tick();

    const events = (await listEvents(t.database.db, 'recorder')).filter((e) => e.name === 'Recorded');
    const ids = events.map((e) => e.args.id);
    for (const l of ['ev-1', 'ev-2', 'ev-3']) expect(ids.filter((id) => id === actionKey(l))).toHaveLength(1);
    const logs = await t.provider.getLogs({
      address: t.recorderAddress,
      fromBlock: 0,
      toBlock: events.at(-1)!.blockNumber,
    });
    expect(events.length).toBe(
      logs.filter((l) => l.topics[0] === iface.getEvent('Recorded')!.topicHash).length,
    );
    expect(events[0]!.args).toMatchObject({ count: expect.stringMatching(/^\d+$/) }); // uint256 kept exact as text
  });

  it('enqueues finalize when a window closes, once, and skips a window someone else already finalized', async () => {
    // Someone (anyone may) finalizes w2 before us: our dry run sees NothingToFinalize and needs no tx.
    await (await t.recorder.getFunction('finalize')(actionKey('w2'))).wait();
    closeFrom = (await t.provider.getBlockNumber()) + 2;
    const w1 = await until('w1 finalize chained', async () => {
      const [row] = await listChainActionsForSubject(t.database.db, 'proposal', 'w1');
      return row?.status === 'chained' ? row : undefined;
    });
    expect(w1.kind).toBe('proposal.finalize');
    expect(w1.txHash).toMatch(/^0x/);
    expect(await t.recorder.getFunction('finalized')(actionKey('w1'))).toBe(true);
    const w2 = await until('w2 settled', async () => {
      const [row] = await listChainActionsForSubject(t.database.db, 'proposal', 'w2');
      return row?.status === 'chained' ? row : undefined;
    });
    expect(w2.txHash).toBeNull();
    expect(w2.lastError).toContain('NothingToFinalize');
    const callsBefore = closerCalls.length;
    await until('more ticks', async () => closerCalls.length > callsBefore + 3);
    expect(await listChainActionsForSubject(t.database.db, 'proposal', 'w1')).toHaveLength(1);
  });

  it('runs in one instance at a time; a standby takes over when the holder’s lock expires', async () => {
    const lockKey = `${t.config.QUEUE_PREFIX}:test-lock-${randomUUID()}`;
    const dead = createLeaderLock(t.redis, lockKey, 1_000);
    expect(await dead.hold()).toBe(true); // a holder that then "dies" (never renews)
    const standby = startBlockWatcher(t.workers!.context, {
      redis: t.redis,
      lockKey,
      intervalMs: 200,
      lockTtlMs: 1_000,
    });
    try {
      // The holder renews just before the standby's own lock check, so the check meets a live lock for sure.
      expect(await dead.hold()).toBe(true);
      await standby.tick();
      expect(standby.isLeader()).toBe(false);
      expect(await t.redis.get(lockKey)).toBe(dead.token);
      await until('takeover', async () => standby.isLeader(), 5_000);
    } finally {
      await standby.stop();
    }
    expect(await t.redis.get(lockKey)).toBeNull(); // released on stop
  });

  it('re-indexes after a reorg: events of replaced blocks are dropped and the stored hashes match the node', async () => {
    const member = new Wallet(MEMBER_KEY, t.provider);
    await t.provider.send('evm_setIntervalMining', [0]);
    try {
      await t.provider.send('evm_mine', []);
      const snapshot = (await t.provider.send('evm_snapshot', [])) as string;
      const sent = await member.sendTransaction({
        to: t.recorderAddress,
        data: iface.encodeFunctionData('record', [actionKey('reorged')]),
      });
      await t.provider.send('evm_mine', []);
      const mined = (await t.provider.getTransactionReceipt(sent.hash))!;
      await until(
        'indexed',
        async () => (await listEvents(t.database.db, 'recorder', mined.blockNumber)).length > 0,
      );
      const hashAt = async (n: number) =>
        (await recentBlocks(t.database.db, 50)).find((b) => b.number === n)?.hash;
      expect(await hashAt(mined.blockNumber)).toBe(mined.blockHash);

      await t.provider.send('evm_revert', [snapshot]);
      await t.provider.send('anvil_dropAllTransactions', []);
      await t.provider.send('evm_mine', []);
      await t.provider.send('evm_mine', []);
      await t.workers!.watcher!.tick();
      await t.workers!.watcher!.tick();

      expect((await listEvents(t.database.db, 'recorder')).some((e) => e.txHash === sent.hash)).toBe(false);
      const replacedBy = await hashAt(mined.blockNumber);
      expect(replacedBy).toBeDefined();
      expect(replacedBy).not.toBe(mined.blockHash);
      for (const b of await recentBlocks(t.database.db, 10))
        expect((await t.provider.getBlock(b.number))?.hash).toBe(b.hash);
    } finally {
      await t.provider.send('evm_setIntervalMining', [1]);
    }
  });
});
