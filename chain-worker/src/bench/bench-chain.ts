// `npm run bench:chain`: relayed actions per second from signature to `chained` at 1-second blocks, with p50/p95
// latency, and in the same run anvil's raw throughput for plain transfers from one key (the ceiling), so the
// worker's overhead is a ratio. Starts its own anvil and redis-server; the database is embedded PGlite unless
// DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Wallet, id as keccakText } from 'ethers';
import { z } from 'zod';
import { ANVIL_DEFAULT_KEYS, startAnvil } from '@cr/contracts-abi/anvil';
import { connectRedis } from '@cr/api/infra/redis-connect';
import { optionalString, parseEnv } from '@cr/api/config/env-parse';
import { openDatabase } from '@cr/api/db/db-client';
import { getChainAction } from '@cr/api/chain/chain-action.repo';
import { dispatchAfterCommit, recordChainAction } from '@cr/api/chain/chain-outbox';
import { freePort, waitForPort } from '@cr/api/net/free-port';
import { createChainProvider } from '../chain-client';
import { loadWorkerConfig } from '../worker-config';
import { createJsonLogger } from '../worker-logger';
import { startWorkers } from '../worker-registry';
import { deployRecorder, recorderInterface } from './recorder-contract';

const benchEnv = parseEnv(
  z.object({
    BENCH_ACTIONS: z.coerce.number().int().min(10).max(10_000).default(300),
    BENCH_TRANSFERS: z.coerce.number().int().min(10).max(20_000).default(1_000),
    BENCH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
    DATABASE_URL: optionalString,
  }),
  process.env,
);
const CHAIN_ID = 31337;
const [DEPLOYER_KEY, RELAYER_KEY, SENDER_KEY] = ANVIL_DEFAULT_KEYS;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Plain 1-wei transfers from one key, nonces managed locally, sent as fast as the node takes them. */
async function rawTransfers(rpcUrl: string, count: number) {
  const provider = createChainProvider(rpcUrl, CHAIN_ID);
  const sender = new Wallet(SENDER_KEY!, provider);
  const to = Wallet.createRandom().address;
  const fees = await provider.getFeeData();
  let nonce = await provider.getTransactionCount(sender.address, 'pending');
  const start = performance.now();
  const hashes: string[] = [];
  const INFLIGHT = 50;
  for (let i = 0; i < count; i += INFLIGHT) {
    const batch = Array.from({ length: Math.min(INFLIGHT, count - i) }, () => nonce++);
    const signed = await Promise.all(
      batch.map((n) =>
        sender.signTransaction({
          chainId: CHAIN_ID,
          nonce: n,
          to,
          value: 1n,
          gasLimit: 21_000n,
          type: 2,
          maxFeePerGas: fees.maxFeePerGas! * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
        }),
      ),
    );
    hashes.push(
      ...(await Promise.all(signed.map(async (raw) => (await provider.broadcastTransaction(raw)).hash))),
    );
  }
  const sentMs = performance.now() - start;
  let last = await provider.getTransactionReceipt(hashes.at(-1)!);
  while (!last) {
    await sleep(50);
    last = await provider.getTransactionReceipt(hashes.at(-1)!);
  }
  const totalMs = performance.now() - start;
  provider.destroy();
  return { count, sentMs, totalMs, perSecond: count / (totalMs / 1000), lastBlock: last.blockNumber };
}

async function relayedActions(rpcUrl: string, redisUrl: string, count: number) {
  const database = await openDatabase({ databaseUrl: benchEnv.DATABASE_URL, pgliteDir: 'memory://' });
  const redis = await connectRedis(redisUrl);
  const provider = createChainProvider(rpcUrl, CHAIN_ID);
  const recorder = await deployRecorder(new Wallet(DEPLOYER_KEY!, provider));
  const config = loadWorkerConfig({
    REDIS_URL: redisUrl,
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    RELAYER_PRIVATE_KEY: RELAYER_KEY,
    CONFIRMATIONS: '1',
    WORKER_CONCURRENCY: String(benchEnv.BENCH_CONCURRENCY),
    CONFIRM_POLL_MAX_MS: '500',
    QUEUE_PREFIX: `bench-${randomBytes(3).toString('hex')}`,
    WORKER_QUEUES: 'submit,confirm,dispatcher',
    LOG_LEVEL: 'warn',
  });
  const workers = await startWorkers({ db: database.db, redis, config, logger: createJsonLogger('warn') });
  const iface = recorderInterface();

  // "Signature" moment: the api commits the signature and the outbox row in one transaction, then enqueues.
  const signedAt = new Map<string, number>();
  const start = Date.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t0 = Date.now();
      const row = await database.db.transaction((tx) =>
        recordChainAction(tx, {
          kind: 'bench.record',
          subjectType: 'bench',
          subjectId: String(i),
          chainId: CHAIN_ID,
          to: recorder,
          data: iface.encodeFunctionData('record', [keccakText(`bench-${i}-${start}`)]),
        }),
      );
      signedAt.set(row.id, t0);
      await dispatchAfterCommit(workers.queues, row);
    }),
  );
  const latencies: number[] = [];
  let lastDone = 0;
  let failed = 0;
  for (const [id, t0] of signedAt) {
    for (;;) {
      const row = await getChainAction(database.db, id);
      if (row?.status === 'chained' || row?.status === 'failed') {
        if (row.status === 'failed') failed += 1;
        const done = row.finishedAt!.getTime();
        latencies.push(done - t0);
        lastDone = Math.max(lastDone, done);
        break;
      }
      await sleep(100);
    }
  }
  await workers.stop();
  provider.destroy();
  redis.disconnect();
  await database.close();
  latencies.sort((a, b) => a - b);
  return {
    count,
    failed,
    totalMs: lastDone - start,
    perSecond: count / ((lastDone - start) / 1000),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: latencies.at(-1)!,
    database: database.kind,
  };
}

async function main() {
  const anvil = await startAnvil({ blockTime: 1 });
  const redis = await startRedis();
  try {
    console.log(`anvil at ${anvil.rpcUrl} with 1-second blocks; redis at ${redis.url}`);
    const raw = await rawTransfers(anvil.rpcUrl, benchEnv.BENCH_TRANSFERS);
    console.log(
      `raw anvil: ${raw.count} plain transfers from one key in ${(raw.totalMs / 1000).toFixed(2)} s ` +
        `(sent in ${(raw.sentMs / 1000).toFixed(2)} s) = ${raw.perSecond.toFixed(1)} tx/s`,
    );
    const relayed = await relayedActions(anvil.rpcUrl, redis.url, benchEnv.BENCH_ACTIONS);
    console.log(
      `relayed (${relayed.database}, concurrency ${benchEnv.BENCH_CONCURRENCY}, CONFIRMATIONS=1): ` +
        `${relayed.count} actions signature → chained in ${(relayed.totalMs / 1000).toFixed(2)} s = ` +
        `${relayed.perSecond.toFixed(1)} actions/s; latency p50 ${relayed.p50} ms, p95 ${relayed.p95} ms, ` +
        `max ${relayed.max} ms; failed ${relayed.failed}`,
    );
    console.log(
      `worker throughput / raw anvil throughput = ${(relayed.perSecond / raw.perSecond).toFixed(3)}`,
    );
  } finally {
    redis.stop();
    await anvil.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
