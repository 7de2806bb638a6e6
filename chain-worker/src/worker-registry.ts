/**
 * Starts the parts of the chain worker this instance is configured for (WORKER_QUEUES) and stops them cleanly.
 * chainWorkerPart (worker-part.ts) calls it on the database and Redis of the composed process
 * (api/src/app-composition.ts): alone for `npm run start:worker`, next to the api for `npm start` (PGlite cannot be
 * shared between processes).
 */
import type { Worker } from 'bullmq';
import type { Interface, InterfaceAbi } from 'ethers';
import type { Redis } from 'ioredis';
import type { Db } from '@cr/core/db/db-client';
import { openChainQueues, type ChainQueues } from '@cr/core/queues/chain-queues';
import { createEventBus, type EventBus } from '@cr/core/realtime/event-bus';
import type { MailLog, MailQueue } from '@cr/core/queues/mail-queue';
import type { Metrics } from '@cr/core/metrics/metrics-registry';
import { startBlockWatcher, type BlockWatcher, type BlockWatcherOptions } from './block-watcher';
import { createChainProvider, createRelayer, memoizeFor } from './chain-client';
import { initConfirmWorker } from './confirm-worker';
import { startHeadTracker } from './head-tracker';
import { startBlockConfirmer, type BlockConfirmer } from './block-confirmer';
import { initFinalizeWorker } from './finalize-worker';
import { watcherLockKey } from './leader-lock';
import { startOutboxDispatcher } from './outbox-dispatcher';
import { createRevertDecoder, type DecodedRevert } from '@cr/core/chain/revert-reason';
import { initSubmitWorker } from './submit-worker';
import { startSubmitPump } from './submit-pump';
import { RawTxSender } from './raw-tx-sender';
import { HeldNonces } from './held-nonce';
import { initTrackWorker } from './track-worker';
import type { WorkerConfig } from './worker-config';
import {
  workerEffects,
  type ChainActionListener,
  type FinalizeRevertVerdict,
  type StageProbe,
  type WorkerContext,
} from './worker-context';
import type { WorkerLogger } from './worker-logger';

/** The submit pump's round when nothing asks for one: a safety net (each new action's job asks at once). */
const SUBMIT_PUMP_IDLE_MS = 1_000;

/** The chain node answers with another chain id than CHAIN_ID: refusing to sign for the wrong chain. */
export class ChainIdMismatchError extends Error {
  readonly type = 'chain.wrong_chain';
  constructor(expected: number, actual: bigint) {
    super(`The chain node at CHAIN_RPC_URL is chain ${actual}, but CHAIN_ID is ${expected}.`);
    this.name = 'ChainIdMismatchError';
  }
}

/**
 * Contract-specific knowledge plugged in as the contracts and domain modules arrive. The hooks that run in a
 * transaction (onEvents, onReorg, onActionChanged, the refusal handlers) and the window closers answer effects
 * (core/src/effects/after-commit.ts), which the worker runs once the transaction committed: no plugin publishes,
 * enqueues or mails by itself.
 */
export interface WorkerPlugins {
  /** ABIs whose custom errors decode revert reasons (e.g. the governance contracts). */
  errorAbis?: (InterfaceAbi | Interface)[];
  /** Error names that mean a finalize call is no longer needed (someone else finalized). */
  alreadyDoneErrors?: string[];
  /** Finer reading of a finalize dry run's revert (overrides alreadyDoneErrors), e.g. "too early" vs "done". */
  classifyFinalizeRevert?: (revert: DecodedRevert) => FinalizeRevertVerdict;
  onActionChanged?: ChainActionListener;
  /** Per-kind hooks run when the chain refuses an action for good (core/src/chain/chain-refusal.ts). */
  refusals?: WorkerContext['refusals'];
  indexedContracts?: BlockWatcherOptions['contracts'];
  windowClosers?: BlockWatcherOptions['closers'];
  onEvents?: BlockWatcherOptions['onEvents'];
  onReorg?: BlockWatcherOptions['onReorg'];
  /** Where the effects' e-mails are queued (the api's mail worker sends them); none are queued without it. */
  mail?: { mailQueue: MailQueue; logger: MailLog };
}

export interface WorkerDeps {
  db: Db;
  /** A connection that allows blocking commands (`maxRetriesPerRequest: null`; connectRedis makes one). */
  redis: Redis;
  config: WorkerConfig;
  logger: WorkerLogger;
  /** Defaults to publishing on `redis`. */
  events?: EventBus;
  plugins?: WorkerPlugins;
  /** Timing probe for the bench (no effect on processing). */
  onStage?: StageProbe;
  /** The process's metrics: the worker counts its action changes there and names its relayer for the gauges. */
  metrics?: Metrics;
}

export interface RunningWorkers {
  context: WorkerContext;
  queues: ChainQueues;
  watcher: BlockWatcher | null;
  /** Closes workers (finishing jobs in hand), the dispatcher, the watcher (releasing its lock) and the queues. */
  stop(): Promise<void>;
}

export async function startWorkers(deps: WorkerDeps): Promise<RunningWorkers> {
  const { config, logger } = deps;
  const provider = createChainProvider(config.CHAIN_RPC_URL, config.CHAIN_ID, {
    batchMax: config.RPC_BATCH_MAX,
  });
  const relayer = createRelayer(config.RELAYER_PRIVATE_KEY.reveal(), provider);
  try {
    const actual = (await provider.send('eth_chainId', [])) as string;
    if (BigInt(actual) !== BigInt(config.CHAIN_ID))
      throw new ChainIdMismatchError(config.CHAIN_ID, BigInt(actual));
  } catch (err) {
    if (err instanceof ChainIdMismatchError) throw err;
    logger.warn({ err }, 'chain node not reachable at start-up; actions wait until it is');
  }
  const queues = openChainQueues(deps.redis, config.QUEUE_PREFIX);
  const events = deps.events ?? createEventBus(deps.redis);
  const ctx: WorkerContext = {
    db: deps.db,
    provider,
    rawTxSender: new RawTxSender(provider, config.RPC_BATCH_MAX),
    heldNonces: new HeldNonces(config.RELAY_HELD_MS),
    relayer,
    relayerAddress: relayer.address,
    chainId: config.CHAIN_ID,
    confirmations: config.CONFIRMATIONS,
    queues,
    events,
    logger,
    decodeRevert: createRevertDecoder(deps.plugins?.errorAbis ?? []),
    feeData: memoizeFor(1_000, () => provider.getFeeData()),
    nodePendingNonce: memoizeFor(1_000, () => provider.getTransactionCount(relayer.address, 'pending')),
    classifyFinalizeRevert:
      deps.plugins?.classifyFinalizeRevert ??
      ((revert) =>
        revert.name && deps.plugins?.alreadyDoneErrors?.includes(revert.name) ? 'done' : 'refused'),
    trackTimeoutMs: config.TRACK_TIMEOUT_MS,
    relayBatch: config.RELAY_BATCH_ADDRESS
      ? {
          address: config.RELAY_BATCH_ADDRESS,
          maxCalls: config.RELAY_BATCH_MAX,
          maxGas: BigInt(config.RELAY_BATCH_GAS_MAX),
        }
      : undefined,
    heads: undefined,
    confirmWatchdogMs: 0,
    onActionChanged: deps.plugins?.onActionChanged,
    refusals: deps.plugins?.refusals,
    runEffects: workerEffects({
      redis: deps.redis,
      events,
      chainQueues: queues,
      mailQueue: deps.plugins?.mail?.mailQueue,
      logger,
    }),
    onStage: deps.onStage,
    metrics: deps.metrics,
  };
  deps.metrics?.relayers.add(relayer.address);
  const parts = new Set(config.WORKER_QUEUES);
  let confirmer: BlockConfirmer | null = null;
  if (parts.has('confirm') && config.HEAD_POLL_MS > 0) {
    ctx.heads = startHeadTracker(provider, logger, config.HEAD_POLL_MS);
    confirmer = startBlockConfirmer(ctx, ctx.heads);
    ctx.confirmWatchdogMs = config.CONFIRM_WATCHDOG_MS;
  }
  const common = {
    connection: deps.redis,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.JOB_LOCK_MS,
  };
  const workers: Worker[] = [];
  if (parts.has('submit') && config.SUBMIT_PUMP_BATCH > 0)
    ctx.submitPump = startSubmitPump(ctx, {
      batch: config.SUBMIT_PUMP_BATCH,
      maxInFlight: config.SUBMIT_PUMP_IN_FLIGHT,
      idleMs: SUBMIT_PUMP_IDLE_MS,
    });
  if (parts.has('submit'))
    workers.push(initSubmitWorker(ctx, { ...common, retryMaxMs: config.RETRY_MAX_MS }));
  if (parts.has('confirm'))
    workers.push(
      initConfirmWorker(ctx, {
        ...common,
        concurrency: config.CONFIRM_CONCURRENCY,
        pollMaxMs: config.CONFIRM_POLL_MAX_MS,
      }),
    );
  if (parts.has('track')) workers.push(initTrackWorker(ctx, { ...common, retryMaxMs: config.RETRY_MAX_MS }));
  if (parts.has('finalize'))
    workers.push(initFinalizeWorker(ctx, { ...common, retryMaxMs: config.RETRY_MAX_MS }));
  const dispatcher = parts.has('dispatcher')
    ? startOutboxDispatcher(ctx, { intervalMs: config.DISPATCH_INTERVAL_MS, idleMs: config.DISPATCH_IDLE_MS })
    : null;
  const watcher = parts.has('watcher')
    ? startBlockWatcher(ctx, {
        redis: deps.redis,
        lockKey: watcherLockKey(config.QUEUE_PREFIX),
        intervalMs: config.WATCH_INTERVAL_MS,
        contracts: deps.plugins?.indexedContracts,
        closers: deps.plugins?.windowClosers,
        onEvents: deps.plugins?.onEvents,
        onReorg: deps.plugins?.onReorg,
      })
    : null;
  logger.info(
    {
      parts: [...parts],
      relayer: relayer.address,
      chainId: config.CHAIN_ID,
      confirmations: config.CONFIRMATIONS,
    },
    'chain worker started',
  );
  return {
    context: ctx,
    queues,
    watcher,
    async stop() {
      await dispatcher?.stop();
      await ctx.submitPump?.stop(); // finishes what it holds; jobs asking it now go their own way
      await watcher?.stop();
      const confirmerStopped = confirmer?.stop(); // finishes the pass in hand
      ctx.heads?.stop(); // wakes the confirmer if it waits for a block
      await confirmerStopped;
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
      provider.destroy();
      logger.info({}, 'chain worker stopped');
    },
  };
}
