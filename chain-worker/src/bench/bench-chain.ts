// `npm run bench:chain`: relayed actions per second from signature to `chained` (as the page sees it), with p50/p95
// latency and a per-stage timeline (callback → outbox row → enqueued → job picked → gas estimated → sent → mined
// (the block seen over a newHeads subscription) → confirmed → pushed (the `chained` event received by a socket.io
// client in the action's room, served by the api's socket.io server: what the page sees)), for each block time in
// BENCH_BLOCK_TIMES (seconds, default "1,5"), and in the same run anvil's raw throughput for plain transfers from
// one key (the ceiling), so the worker's overhead is a ratio. Starts its own anvil and redis-server per block time;
// the database is embedded PGlite unless DATABASE_URL is set. Each burst runs twice: from the callbacks (the api
// recording each action, in a process of its own on PostgreSQL), and from a full outbox (the same actions recorded
// before the clock starts: the relayer alone).
import { fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { keccak256, Wallet, WebSocketProvider } from 'ethers';
import { z } from 'zod';
import { ANVIL_DEFAULT_KEYS, startAnvil } from '@cr/contracts-abi/anvil';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { optionalString, parseEnv } from '@cr/core/config/env-parse';
import { openDatabase } from '@cr/core/db/db-client';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { freePort, waitForPort } from '@cr/core/net/free-port';
import { createChainProvider } from '../chain-client';
import { loadWorkerConfig } from '../worker-config';
import { createJsonLogger } from '../worker-logger';
import { startWorkers } from '../worker-registry';
import type { PipelineStage } from '../worker-context';
import { deployRelayBatch } from '@cr/contracts-abi/relay-batch';
import { deployRecorder, recorderInterface } from './recorder-contract';
import { forgetBenchChain } from './bench-chain.repo';
import {
  BENCH_SUBJECT,
  playRun,
  prepareRun,
  type CallbackMoments,
  type CallbackRun,
} from './bench-chain-callbacks';
import { openBenchPage } from './bench-page-socket';

const benchEnv = parseEnv(
  z.object({
    BENCH_ACTIONS: z.coerce.number().int().min(10).max(10_000).default(1_000),
    BENCH_TRANSFERS: z.coerce.number().int().min(10).max(20_000).default(1_000),
    /** The worker's WORKER_CONCURRENCY; unset: the worker's own default. */
    BENCH_CONCURRENCY: z.coerce.number().int().min(1).max(200).optional(),
    /**
     * The latency run: actions signed at a steady rate (per second) for BENCH_PACED_SECONDS, i.e. a load the
     * relayer keeps up with, unlike the burst of BENCH_ACTIONS at once, whose latency is mostly the queue it makes.
     * 0 skips it.
     */
    BENCH_PACED_RATE: z.coerce.number().min(0).max(1_000).default(20),
    BENCH_PACED_SECONDS: z.coerce.number().min(1).max(600).default(10),
    BENCH_BLOCK_TIMES: z
      .string()
      .default('1,5')
      .transform((v) => v.split(',').map(Number))
      .pipe(z.array(z.number().positive()).min(1)),
    /** Extra worker env as JSON (e.g. '{"CONFIRM_POLL_MAX_MS":"250"}') to try settings. */
    BENCH_WORKER_ENV: z.string().default('{}'),
    /** Relay through a RelayBatch contract (several actions per transaction); false: one transaction per action. */
    BENCH_RELAY_BATCH: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * With PostgreSQL, the callbacks (the api's side: outbox rows and jobs) come from a process of their own, as in
     * a deployment; false: from the worker's process, as with embedded PGlite, where they always do.
     */
    BENCH_API_PROCESS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    DATABASE_URL: optionalString,
  }),
  process.env,
);
const CHAIN_ID = 31337;
const BENCH_KIND = 'bench.record';
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
    // eth_sendRawTransaction itself, as the worker sends (raw-tx-sender.ts): ethers' broadcastTransaction also
    // recovers each tx's sender in JavaScript (about 2 ms of CPU apiece), which would slow the baseline, not the
    // node.
    hashes.push(
      ...(await Promise.all(
        signed.map(async (raw) => {
          await provider.send('eth_sendRawTransaction', [raw]);
          return keccak256(raw);
        }),
      )),
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

const STAGES = ['outbox', 'enqueued', 'picked', 'estimated', 'sent', 'mined', 'confirmed', 'pushed'] as const;
type Stage = (typeof STAGES)[number];

/**
 * `ratePerSecond` null: all `count` actions at once (the burst); otherwise spread at that rate. `newChain`: the
 * first run on this anvil (a PostgreSQL database keeps the last anvil's actions and nonce counter: forgotten).
 */
async function relayedActions(
  rpcUrl: string,
  redisUrl: string,
  count: number,
  ratePerSecond: number | null,
  newChain: boolean,
  arrival: CallbackRun['arrival'] = 'callbacks',
) {
  const database = await openDatabase({ databaseUrl: benchEnv.DATABASE_URL, pgliteDir: 'memory://' });
  // The worker's own pool, as in production, where it is another process than the api that records the actions
  // (embedded PGlite is one in-process database: shared).
  const workerDatabase = benchEnv.DATABASE_URL
    ? await openDatabase({ databaseUrl: benchEnv.DATABASE_URL, pgliteDir: 'memory://' })
    : database;
  if (newChain) await forgetBenchChain(database.db, CHAIN_ID, BENCH_KIND, new Wallet(RELAYER_KEY!).address);
  const redis = await connectRedis(redisUrl);
  const provider = createChainProvider(rpcUrl, CHAIN_ID);
  const deployer = new Wallet(DEPLOYER_KEY!, provider);
  const recorder = await deployRecorder(deployer);
  const relayBatch = benchEnv.BENCH_RELAY_BATCH ? await deployRelayBatch(deployer) : undefined;
  // When each block was first seen (newHeads over the node's WebSocket, same port as HTTP on anvil).
  const blockSeenAt = new Map<number, number>();
  const heads = new WebSocketProvider(rpcUrl.replace(/^http/, 'ws'), CHAIN_ID);
  await heads.on('block', (n: number) => {
    if (!blockSeenAt.has(n)) blockSeenAt.set(n, Date.now());
  });
  // When the page saw the `chained` change: a socket.io client in the action's subject room.
  const pushedAt = new Map<string, number>();
  const page = await openBenchPage({ redisUrl, subjectType: BENCH_SUBJECT, subjects: count }, (id, at) => {
    if (!pushedAt.has(id)) pushedAt.set(id, at);
  });
  const stageAt = new Map<string, Partial<Record<Stage, number>>>();
  const mark = (id: string, stage: Stage, at = Date.now()) => {
    const m = stageAt.get(id) ?? {};
    if (m[stage] === undefined) m[stage] = at;
    stageAt.set(id, m);
  };
  const config = loadWorkerConfig({
    REDIS_URL: redisUrl,
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    RELAYER_PRIVATE_KEY: RELAYER_KEY,
    CONFIRMATIONS: '1',
    ...(benchEnv.BENCH_CONCURRENCY ? { WORKER_CONCURRENCY: String(benchEnv.BENCH_CONCURRENCY) } : {}),
    CONFIRM_POLL_MAX_MS: '500',
    QUEUE_PREFIX: `bench-${randomBytes(3).toString('hex')}`,
    WORKER_QUEUES: 'submit,confirm,dispatcher',
    LOG_LEVEL: 'warn',
    HEAD_POLL_MS: '100',
    SUBMIT_PUMP_BATCH: '200', // the pump as measured (off by default in the worker for now)
    ...(relayBatch ? { RELAY_BATCH_ADDRESS: relayBatch } : {}),
    ...(JSON.parse(benchEnv.BENCH_WORKER_ENV) as Record<string, string>),
  });
  const workers = await startWorkers({
    db: workerDatabase.db,
    redis,
    config,
    logger: createJsonLogger('warn'),
    onStage: (id: string, stage: PipelineStage) => mark(id, stage),
  });
  const iface = recorderInterface();

  // "Signature" moment (the wallet callback accepted): the api commits the signature and the outbox row in one
  // transaction, then enqueues.
  const signedAt = new Map<string, number>();
  const onAction = (m: CallbackMoments) => {
    signedAt.set(m.id, m.t0);
    mark(m.id, 'outbox', m.outbox);
    mark(m.id, 'enqueued', m.enqueued);
  };
  const run: CallbackRun = {
    databaseUrl: benchEnv.DATABASE_URL,
    redisUrl,
    queuePrefix: config.QUEUE_PREFIX,
    chainId: CHAIN_ID,
    kind: BENCH_KIND,
    recorder,
    count,
    ratePerSecond,
    arrival,
  };
  const apiProcess = benchEnv.DATABASE_URL && benchEnv.BENCH_API_PROCESS;
  let start: number;
  if (apiProcess) start = await callbacksInProcess(run, onAction);
  else {
    const prepared = await prepareRun(database.db, run);
    start = Date.now();
    await playRun(database.db, workers.queues, run, start, prepared, onAction);
  }
  const latencies: number[] = [];
  const rowLatencies: number[] = [];
  let lastDone = 0;
  let failed = 0;
  // Waits on the pushes (not by polling the database, which would compete with the worker for it), then reads
  // each row once.
  const waitStart = Date.now();
  for (let i = 1; pushedAt.size < count && Date.now() - waitStart < 600_000; i++) {
    await sleep(100);
    if (i % 50 === 0) {
      // Failed actions are not pushed as chained: count them by their rows.
      let open = 0;
      for (const id of signedAt.keys()) if (!pushedAt.has(id)) open += 1;
      let failedNow = 0;
      for (const id of signedAt.keys())
        if (!pushedAt.has(id) && (await getChainAction(database.db, id))?.status === 'failed') failedNow += 1;
      if (failedNow === open) break;
    }
  }
  const txHashes = new Set<string>();
  for (const [id, t0] of signedAt) {
    const row = await getChainAction(database.db, id);
    if (row?.txHash) txHashes.add(row.txHash);
    if (row?.status !== 'chained' || !pushedAt.has(id)) {
      failed += 1;
      continue;
    }
    const done = pushedAt.get(id)!;
    latencies.push(done - t0);
    rowLatencies.push(row.finishedAt!.getTime() - t0);
    lastDone = Math.max(lastDone, done);
    const seen = blockSeenAt.get(row.blockNumber!);
    if (seen !== undefined) mark(id, 'mined', seen);
    mark(id, 'pushed', done);
  }
  const onChain = (await provider.call({
    to: recorder,
    data: iface.encodeFunctionData('count', []),
  })) as string;
  await workers.stop();
  await heads.destroy();
  await page.close();
  provider.destroy();
  redis.disconnect();
  if (workerDatabase !== database) await workerDatabase.close();
  await database.close();
  latencies.sort((a, b) => a - b);
  rowLatencies.sort((a, b) => a - b);
  // Per stage: time from the previous stage and from the callback, p50 / p95 over all actions.
  const timeline = STAGES.map((stage, i) => {
    const step: number[] = [];
    const total: number[] = [];
    for (const [id, t0] of signedAt) {
      const m = stageAt.get(id);
      const at = m?.[stage];
      if (at === undefined) continue;
      const prevStage =
        i === 0
          ? undefined
          : STAGES.slice(0, i)
              .reverse()
              .find((s) => m?.[s] !== undefined);
      step.push(at - (prevStage ? m![prevStage]! : t0));
      total.push(at - t0);
    }
    step.sort((a, b) => a - b);
    total.sort((a, b) => a - b);
    return step.length === 0
      ? { stage, n: 0 }
      : {
          stage,
          n: step.length,
          stepP50: percentile(step, 0.5),
          stepP95: percentile(step, 0.95),
          totalP50: percentile(total, 0.5),
          totalP95: percentile(total, 0.95),
        };
  });
  return {
    count,
    failed,
    recordedOnChain: Number(BigInt(onChain)),
    totalMs: lastDone - start,
    perSecond: count / ((lastDone - start) / 1000),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: latencies.at(-1)!,
    rowP50: percentile(rowLatencies, 0.5),
    rowP95: percentile(rowLatencies, 0.95),
    timeline,
    transactions: txHashes.size,
    database: database.kind,
    concurrency: config.WORKER_CONCURRENCY,
  };
}

/**
 * The callbacks in a process of their own (bench-chain-callbacks.ts), as the api is another process than the
 * worker. Resolves, when all are recorded and their moments are in, with the moment the first was due (the
 * child is started and ready before that).
 */
async function callbacksInProcess(run: CallbackRun, onAction: (m: CallbackMoments) => void): Promise<number> {
  const child = fork(
    fileURLToPath(new URL('./bench-chain-callbacks.ts', import.meta.url)),
    [JSON.stringify(run)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const message = (pick: (m: Record<string, unknown>) => boolean) =>
    Promise.race([
      new Promise<Record<string, unknown>>((resolve) => {
        const on = (m: Record<string, unknown>) => {
          if (!pick(m)) return;
          child.off('message', on);
          resolve(m);
        };
        child.on('message', on);
      }),
      exited.then((code) => {
        throw new Error(`the callbacks process exited (code ${code})`);
      }),
    ]);
  await message((m) => m.ready === true);
  const start = Date.now();
  child.send({ start });
  const { moments } = (await message((m) => Array.isArray(m.moments))) as { moments: CallbackMoments[] };
  moments.forEach(onAction);
  await exited;
  return start;
}

async function benchAt(blockTime: number) {
  const anvil = await startAnvil({ blockTime });
  const redis = await startRedis();
  try {
    console.log(`\n=== ${blockTime}-second blocks (anvil at ${anvil.rpcUrl}; redis at ${redis.url}) ===`);
    const raw = await rawTransfers(anvil.rpcUrl, benchEnv.BENCH_TRANSFERS);
    console.log(
      `raw anvil: ${raw.count} plain transfers from one key in ${(raw.totalMs / 1000).toFixed(2)} s ` +
        `(sent in ${(raw.sentMs / 1000).toFixed(2)} s) = ${raw.perSecond.toFixed(1)} tx/s`,
    );
    const relayed = await relayedActions(anvil.rpcUrl, redis.url, benchEnv.BENCH_ACTIONS, null, true);
    report(`burst of ${relayed.count} at once`, relayed, blockTime);
    console.log(
      `worker throughput / raw anvil throughput = ${(relayed.perSecond / raw.perSecond).toFixed(3)}`,
    );
    // The relayer alone: the same burst already in the outbox (recorded before the clock starts), enqueued at once.
    const fromOutbox = await relayedActions(
      anvil.rpcUrl,
      redis.url,
      benchEnv.BENCH_ACTIONS,
      null,
      false,
      'outbox',
    );
    report(`burst of ${fromOutbox.count} from a full outbox (relayer alone)`, fromOutbox, blockTime);
    console.log(
      `relayer alone: throughput / raw anvil throughput = ${(fromOutbox.perSecond / raw.perSecond).toFixed(3)}`,
    );
    const rate = benchEnv.BENCH_PACED_RATE;
    if (rate > 0) {
      const count = Math.max(10, Math.round(rate * benchEnv.BENCH_PACED_SECONDS));
      const paced = await relayedActions(anvil.rpcUrl, redis.url, count, rate, false);
      report(`steady ${rate} actions/s for ${benchEnv.BENCH_PACED_SECONDS} s`, paced, blockTime);
    }
  } finally {
    redis.stop();
    await anvil.stop();
  }
}

function report(label: string, relayed: Awaited<ReturnType<typeof relayedActions>>, blockTime: number) {
  console.log(
    `relayed, ${label} (${relayed.database}, concurrency ${relayed.concurrency}, CONFIRMATIONS=1): ` +
      `${relayed.count} actions callback → chained pushed in ${(relayed.totalMs / 1000).toFixed(2)} s = ` +
      `${relayed.perSecond.toFixed(1)} actions/s; latency p50 ${relayed.p50} ms, p95 ${relayed.p95} ms, ` +
      `max ${relayed.max} ms (row finished_at: p50 ${relayed.rowP50} ms, p95 ${relayed.rowP95} ms); ` +
      `failed ${relayed.failed}; recorded on chain ${relayed.recordedOnChain}; ` +
      `${relayed.transactions} relayer transactions (${benchEnv.BENCH_RELAY_BATCH ? 'RelayBatch' : 'one per action'})`,
  );
  console.log(`target p95 ≤ ${1 * blockTime * 1000 + 1000} ms (CONFIRMATIONS × block time + 1 s)`);
  console.log('stage timeline, ms (step = since the previous stage; total = since the callback):');
  console.log('  stage       n     step p50  step p95  total p50  total p95');
  for (const t of relayed.timeline) {
    if (t.n === 0) {
      console.log(`  ${t.stage.padEnd(10)}  0`);
      continue;
    }
    console.log(
      `  ${t.stage.padEnd(10)}  ${String(t.n).padEnd(4)}  ${String(t.stepP50).padStart(8)}  ` +
        `${String(t.stepP95).padStart(8)}  ${String(t.totalP50).padStart(9)}  ${String(t.totalP95).padStart(9)}`,
    );
  }
}

async function main() {
  console.log(
    `bench:chain ${new Date().toISOString()}: ${benchEnv.BENCH_ACTIONS} actions, ${benchEnv.BENCH_TRANSFERS} raw transfers, ` +
      `worker env overrides ${benchEnv.BENCH_WORKER_ENV}`,
  );
  for (const blockTime of benchEnv.BENCH_BLOCK_TIMES) await benchAt(blockTime);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
