import { randomBytes, randomUUID } from 'node:crypto';
import { Contract, Wallet, id as keccakText, type JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import { ANVIL_DEFAULT_KEYS, startAnvil, type AnvilHandle, type AnvilOptions } from '@cr/contracts-abi/anvil';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { EVENTS_CHANNEL } from '@cr/core/realtime/event-bus';
import { openDatabase, type DbHandle } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { dispatchAfterCommit, recordChainAction } from '@cr/core/chain/chain-outbox';
import type { ChainStatus } from '@cr/core/chain/chain-status';
import { createChainProvider } from '../src/chain-client';
import { loadWorkerConfig, type WorkerConfig } from '../src/worker-config';
import { createJsonLogger } from '../src/worker-logger';
import { startWorkers, type RunningWorkers, type WorkerPlugins } from '../src/worker-registry';
import { createTestDatabase } from '../../api/test/test-database';
import { testConfig } from '../../api/test/test-config';
import { deployRecorder, recorderInterface } from '../src/bench/recorder-contract';
import { deployRelayBatch } from '@cr/contracts-abi/relay-batch';

export const [DEPLOYER_KEY, RELAYER_KEY, MEMBER_KEY] = ANVIL_DEFAULT_KEYS;
export const CHAIN_ID = 31337;

/** Env for a worker in a test: fast locks and polls so recovery happens in seconds, a private queue prefix. */
export function testWorkerEnv(rpcUrl: string, redisUrl: string, extra: Record<string, string> = {}) {
  return {
    REDIS_URL: redisUrl,
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    RELAYER_PRIVATE_KEY: RELAYER_KEY,
    CONFIRMATIONS: '2',
    QUEUE_PREFIX: `crtest-${randomBytes(4).toString('hex')}`,
    JOB_LOCK_MS: '2000',
    DISPATCH_INTERVAL_MS: '500',
    DISPATCH_IDLE_MS: '2000',
    WATCH_INTERVAL_MS: '250',
    CONFIRM_POLL_MAX_MS: '300',
    RETRY_MAX_MS: '1000',
    WORKER_CONCURRENCY: '8',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

export interface WorkerTestEnv {
  anvil: AnvilHandle;
  database: DbHandle;
  databaseUrl: string | undefined;
  redis: Redis;
  provider: JsonRpcProvider;
  config: WorkerConfig;
  recorderAddress: string;
  /** The recorder as seen by its owner (the deployer). */
  recorder: Contract;
  workers: RunningWorkers | null;
  startWorkers(plugins?: WorkerPlugins, env?: Record<string, string>): Promise<RunningWorkers>;
  /** Starts anvil again on the same port (with the same --state file, if any) after `anvil.stop()`. */
  restartAnvil(): Promise<void>;
  stopWorkers(): Promise<void>;
  /** Records a relayed `record(id)` action as the api does (outbox row in a transaction, then enqueue). */
  relay(label: string, opts?: { enqueue?: boolean; subjectId?: string }): Promise<ChainActionRow>;
  waitForStatus(id: string, statuses: ChainStatus[], timeoutMs?: number): Promise<ChainActionRow>;
  stop(): Promise<void>;
}

export const actionKey = (label: string) => keccakText(label);

export async function startWorkerTestEnv(
  opts: { anvil?: AnvilOptions; env?: Record<string, string>; relayBatch?: boolean } = {},
): Promise<WorkerTestEnv> {
  const anvil = await startAnvil({ blockTime: 0.25, ...opts.anvil });
  const db = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: db.url, pgliteDir: 'memory://' });
  const redis = await connectRedis(testConfig.REDIS_URL);
  const provider = createChainProvider(anvil.rpcUrl, CHAIN_ID);
  const deployer = new Wallet(DEPLOYER_KEY, provider);
  const recorderAddress = await deployRecorder(deployer);
  const recorder = new Contract(recorderAddress, recorderInterface(), deployer);
  // With a RelayBatch deployed, the worker relays the actions signed together as one transaction.
  if (opts.relayBatch) opts.env = { ...opts.env, RELAY_BATCH_ADDRESS: await deployRelayBatch(deployer) };
  const config = loadWorkerConfig(testWorkerEnv(anvil.rpcUrl, testConfig.REDIS_URL, opts.env));
  const iface = recorderInterface();

  const env: WorkerTestEnv = {
    anvil,
    database,
    databaseUrl: db.url,
    redis,
    provider,
    config,
    recorderAddress,
    recorder,
    workers: null,
    async startWorkers(plugins, extraEnv) {
      const cfg = extraEnv
        ? loadWorkerConfig({
            ...testWorkerEnv(anvil.rpcUrl, testConfig.REDIS_URL),
            QUEUE_PREFIX: config.QUEUE_PREFIX,
            ...opts.env,
            ...extraEnv,
          })
        : config;
      env.workers = await startWorkers({
        db: database.db,
        redis,
        config: cfg,
        logger: createJsonLogger(cfg.LOG_LEVEL),
        plugins: { errorAbis: [iface], ...plugins },
      });
      return env.workers;
    },
    async restartAnvil() {
      env.anvil = await startAnvil({ blockTime: 0.25, ...opts.anvil, port: env.anvil.port });
    },
    async stopWorkers() {
      await env.workers?.stop();
      env.workers = null;
    },
    async relay(label, { enqueue = true, subjectId = randomUUID() } = {}) {
      const row = await database.db.transaction((tx) =>
        recordChainAction(tx, {
          kind: 'test.record',
          subjectType: 'test',
          subjectId,
          chainId: CHAIN_ID,
          to: recorderAddress,
          data: iface.encodeFunctionData('record', [actionKey(label)]),
        }),
      );
      if (enqueue) {
        if (!env.workers) throw new Error('start the workers first');
        const result = await dispatchAfterCommit(env.workers.queues, row);
        if (!result.enqueued) throw result.error;
      }
      return row;
    },
    async waitForStatus(id, statuses, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await getChainAction(database.db, id);
        if (row && statuses.includes(row.status)) return row;
        if (Date.now() > deadline)
          throw new Error(
            `action ${id} is ${row?.status} (${row?.lastError ?? row?.failureReason ?? ''}), wanted ${statuses.join('|')}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      await env.stopWorkers();
      // The queues of this test live under its own prefix on the shared Redis: leave nothing behind.
      const keys = await redis.keys(`${config.QUEUE_PREFIX}:*`);
      if (keys.length > 0) await redis.del(...keys);
      provider.destroy();
      redis.disconnect();
      await database.close();
      await db.drop();
      await env.anvil.stop();
    },
  };
  return env;
}

/** Subscribes to the event bus (as an api instance does) and keeps every event, to check what pages would see. */
export async function listenToBus(redisUrl: string) {
  const sub = await connectRedis(redisUrl);
  const events: { room: string; event: string; payload: Record<string, unknown> }[] = [];
  await sub.subscribe(EVENTS_CHANNEL);
  sub.on('message', (_c: string, raw: string) => {
    events.push(JSON.parse(raw) as (typeof events)[number]);
  });
  return {
    events,
    inRoom: (room: string) => events.filter((e) => e.room === room),
    close: () => sub.quit().then(() => undefined),
  };
}
