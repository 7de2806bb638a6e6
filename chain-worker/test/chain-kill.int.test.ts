// FAULT TEST (long, about 1–2 minutes): a stream of 200 relayed actions while the worker process is killed with
// SIGKILL 20 times at random moments and Redis is restarted once (losing every queued job). Every action must end
// `chained` exactly once: none lost, none posted twice (counted on chain). The kill moments come from a seeded
// generator, so every run does the same; the outcome does not depend on where the kills land.
//
// Runs only on the PostgreSQL pass of the integration suite (TEST_DATABASE=postgres): the worker here is a separate
// process, which needs a database server; embedded PGlite lives inside one process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Contract, Wallet, type TransactionResponse } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '@cr/contracts-abi/anvil';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { openDatabase, type DbHandle } from '@cr/core/db/db-client';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import { dispatchAfterCommit, recordChainAction } from '@cr/core/chain/chain-outbox';
import { openChainQueues, type ChainQueues } from '@cr/core/queues/chain-queues';
import type { Redis } from 'ioredis';
import { createChainProvider } from '../src/chain-client';
import { createTestDatabase } from '../../api/test/test-database';
import { testConfig } from '../../api/test/test-config';
import { deployRecorder, recorderInterface } from '../src/bench/recorder-contract';
import { CALL_FAILED_TOPIC, deployRelayBatch } from '@cr/contracts-abi/relay-batch';
import { startTestRedisServer, type TestRedisServer } from './test-redis-server';
import { nodeEntryArgs } from '../../scripts/src/cluster/node-entry';
import { CHAIN_ID, DEPLOYER_KEY, RELAYER_KEY, actionKey, testWorkerEnv } from './test-worker-env';

const ACTIONS = 200;
const KILLS = 20;
const REDIS_RESTART_AT_KILL = 10;
// Spreads the stream over the whole kill phase (about 20 × 4 s), so kills and the Redis restart hit it mid-flow.
const STREAM_GAP_MS = 350;
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** mulberry32: a tiny seeded generator, so the kill schedule is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The transactions `address` sent, block by block from the genesis (a local chain of a few hundred blocks). */
async function sentBy(provider: ReturnType<typeof createChainProvider>, address: string) {
  const sent: TransactionResponse[] = [];
  const latest = await provider.getBlockNumber();
  for (let n = 0; n <= latest; n++) {
    const block = await provider.getBlock(n, true);
    for (const tx of block?.prefetchedTransactions ?? []) if (tx.from === address) sent.push(tx);
  }
  return sent;
}

describe.runIf(testConfig.TEST_DATABASE === 'postgres').each([
  { relaying: 'one transaction per action', relayBatch: false, burst: 1 },
  // Bursts of 5 actions, so the signing runs hold several and they go as RelayBatch transactions.
  { relaying: 'RelayBatch transactions', relayBatch: true, burst: 5 },
])(
  'exactly once under crashes (200 actions, 20 SIGKILLs, a Redis restart; $relaying)',
  ({ relayBatch, burst }) => {
    let anvil: AnvilHandle;
    let redisServer: TestRedisServer;
    let redis: Redis;
    let queues: ChainQueues;
    let database: DbHandle;
    let dropDb: () => Promise<void>;
    let child: ChildProcess | null = null;
    let env: Record<string, string>;
    let recorderAddress: string;
    let relayBatchAddress: string | undefined;

    beforeAll(async () => {
      anvil = await startAnvil({ blockTime: 0.5 });
      redisServer = await startTestRedisServer();
      const db = await createTestDatabase();
      dropDb = db.drop;
      database = await openDatabase({ databaseUrl: db.url, pgliteDir: '' });
      redis = await connectRedis(redisServer.url);
      const provider = createChainProvider(anvil.rpcUrl, CHAIN_ID);
      const deployer = new Wallet(DEPLOYER_KEY, provider);
      recorderAddress = await deployRecorder(deployer);
      relayBatchAddress = relayBatch ? await deployRelayBatch(deployer) : undefined;
      provider.destroy();
      env = testWorkerEnv(anvil.rpcUrl, redisServer.url, {
        DATABASE_URL: db.url!,
        LOG_LEVEL: 'info',
        ...(relayBatchAddress ? { RELAY_BATCH_ADDRESS: relayBatchAddress } : {}),
      });
      queues = openChainQueues(redis, env.QUEUE_PREFIX);
    });
    afterAll(async () => {
      child?.kill('SIGKILL');
      await queues?.close();
      redis?.disconnect();
      await database?.close();
      await dropDb?.();
      await redisServer?.stop();
      await anvil?.stop();
    });

    /** Starts the worker process (what `npm run start:worker` runs) as a child and resolves once it reports it started. */
    async function spawnWorker(): Promise<ChildProcess> {
      // `node <bundle>` (node-entry.ts: no transform per start, no wrapper process): the signals reach the worker.
      const proc = spawn(process.execPath, await nodeEntryArgs('chain-worker/src/main-worker.ts'), {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), 30_000);
        proc.stdout!.on('data', (c: Buffer) => {
          out = (out + c.toString()).slice(-4000);
          if (out.includes('"msg":"chain worker started"')) {
            clearTimeout(timer);
            resolve();
          }
        });
        proc.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-4000)));
        proc.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`worker exited (${code}) before starting:\n${out}`));
        });
      });
      return proc;
    }

    async function kill(proc: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill(signal);
      return exited;
    }

    it('ends with every action chained exactly once', { timeout: 300_000 }, async () => {
      const random = seeded(4);
      const iface = recorderInterface();
      const ids: string[] = [];
      let lostEnqueues = 0;

      // The "api": records each action in its own transaction, then enqueues after commit (while Redis is down that
      // fails, and the dispatcher must pick the action up).
      const stream = (async () => {
        for (let i = 0; i < ACTIONS; i++) {
          const row = await database.db.transaction((tx) =>
            recordChainAction(tx, {
              kind: 'test.record',
              subjectType: 'test',
              subjectId: `kill-${i}`,
              chainId: CHAIN_ID,
              to: recorderAddress,
              data: iface.encodeFunctionData('record', [actionKey(`kill-${i}`)]),
            }),
          );
          ids.push(row.id);
          if (!(await dispatchAfterCommit(queues, row)).enqueued) lostEnqueues += 1;
          if ((i + 1) % burst === 0) await sleep(STREAM_GAP_MS * burst);
        }
      })();

      const started = Date.now();
      for (let k = 1; k <= KILLS; k++) {
        child = await spawnWorker();
        await sleep(200 + random() * 1_800);
        await kill(child, 'SIGKILL');
        if (k === REDIS_RESTART_AT_KILL) await redisServer.restart(2_000);
      }
      const killsDone = Date.now();
      await stream;
      child = await spawnWorker();

      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const rows = await database.db.select({ status: chainActions.status }).from(chainActions);
        const statuses = rows.map((r) => r.status);
        if (statuses.length === ACTIONS && statuses.every((s) => s === 'chained' || s === 'failed')) break;
        await sleep(500);
      }
      const drained = Date.now();
      expect(await kill(child, 'SIGTERM')).toBe(0); // the registry stops cleanly on SIGTERM
      child = null;

      const rows = await database.db.select().from(chainActions);
      expect(rows).toHaveLength(ACTIONS);
      expect(
        rows
          .filter((r) => r.status !== 'chained')
          .map((r) => `${r.status}: ${r.failureReason ?? r.lastError}`),
      ).toEqual([]);
      // One call per action: a transaction of its own, or one position in a batch transaction.
      const transactions = new Set(rows.map((r) => r.txHash)).size;
      expect(new Set(rows.map((r) => `${r.txHash}:${r.batchIndex}`)).size).toBe(ACTIONS);
      expect(new Set(rows.map((r) => r.nonce)).size).toBe(transactions);
      if (!relayBatch) expect(transactions).toBe(ACTIONS);
      else expect(transactions).toBeLessThan(ACTIONS);

      // Counted on chain: 200 distinct ids recorded, and the relayer sent exactly the transactions the rows name,
      // so no action was posted twice (a duplicate would revert with AlreadyRecorded and still use a nonce, or, in
      // a batch, show as a failed call).
      const provider = createChainProvider(anvil.rpcUrl, CHAIN_ID);
      const recorder = new Contract(recorderAddress, iface, provider);
      expect(await recorder.getFunction('count')()).toBe(BigInt(ACTIONS));
      for (const i of [0, 57, 123, 199])
        expect(await recorder.getFunction('seen')(actionKey(`kill-${i}`))).toBe(true);
      // Every transaction the relayer sent, read off the chain: the rows' own, plus any cancel of a held nonce
      // (src/held-nonce.ts: a 0-value transfer to itself, after which the held transaction's actions were signed
      // again at a new nonce; a crash between sending and recording makes one more likely). Nothing else.
      const relayer = new Wallet(RELAYER_KEY).address;
      const sent = await sentBy(provider, relayer);
      const rowHashes = new Set(rows.map((r) => r.txHash));
      const others = sent.filter((tx) => !rowHashes.has(tx.hash));
      expect(
        others
          .filter((tx) => !(tx.to === relayer && tx.value === 0n && tx.data === '0x'))
          .map((tx) => tx.hash),
      ).toEqual([]);
      expect(sent.length - others.length).toBe(transactions);
      expect(await provider.getTransactionCount(relayer, 'latest')).toBe(sent.length);
      if (relayBatchAddress) {
        const failedCalls = await provider.getLogs({
          address: relayBatchAddress,
          topics: [CALL_FAILED_TOPIC],
          fromBlock: 0,
          toBlock: 'latest',
        });
        expect(failedCalls).toHaveLength(0);
      }
      provider.destroy();
      console.log(
        `kill test (${relayBatch ? `${transactions} RelayBatch transactions` : 'one transaction each'}): ${KILLS} SIGKILLs in ${Math.round((killsDone - started) / 1000)} s, 1 Redis restart ` +
          `(${lostEnqueues} enqueues refused while it was down for 2 s), all ${ACTIONS} chained ` +
          `${Math.round((drained - killsDone) / 1000)} s after the last kill`,
      );
    });
  },
);
