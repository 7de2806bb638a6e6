/**
 * The one recipe for a process of the product. `npm start` (scripts/src/stack/stack.ts) asks for the api and the
 * worker, `npm run start:api` (main-api.ts) for the api, `npm run start:worker` (chain-worker/src/main-worker.ts)
 * for the worker. Start order: Redis, the database (migrated), the api's deps, `prepare`, the worker parts,
 * housekeeping, mail delivery, the HTTP server; `stop()` undoes it in reverse.
 *
 * No HTTP is loaded at import time: the api half (Express, every route, the DID SDK, mail) is imported only when
 * `api` is asked for, so a worker-only process never loads it. The worker half is handed in by the caller
 * (chain-worker/src/worker-part.ts), since the api does not import the worker.
 */
import type { AppDeps, SharedConnections } from './app-deps';
import type { ApiConfig } from './config/api-config';
import { ConfigError } from '@cr/core/config/env-parse';
import { openDatabase } from '@cr/core/db/db-client';
import { startHousekeeping } from './housekeeping';
import type { Logger } from '@cr/core/log/logger';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { createEventBus } from '@cr/core/realtime/event-bus';
import { startMetricsServer, type MetricsAccessConfig } from './metrics/metrics-endpoint';
import { createMetrics } from '@cr/core/metrics/metrics-registry';

interface Stoppable {
  stop(): Promise<void>;
}

/** Redis, the database and the event bus, opened once and shared by every part of the process. */
export type ProcessConnections = Required<SharedConnections>;

/** A part the caller adds (the chain worker): started on the shared connections, stopped before they close. */
export type ProcessPart = (shared: ProcessConnections) => Promise<Stoppable>;

export interface ProcessPlan {
  redisUrl: string;
  /** PostgreSQL at `databaseUrl`, else PGlite in `pgliteDir` (in-process only: a worker-only process needs PostgreSQL). */
  database: { databaseUrl?: string; pgliteDir: string };
  /** The api half: its deps (mail, DID, uploads, chain queues), housekeeping, mail delivery, the HTTP server. */
  api?: { config: ApiConfig; logger: Logger };
  /** The chain worker half (chain-worker/src/worker-part.ts; WORKER_QUEUES picks what it runs). */
  worker?: ProcessPart;
  /**
   * The metrics settings of a process without the api half (the worker's METRICS_PORT, METRICS_HOST,
   * METRICS_TOKEN); with the api half its configuration's are used.
   */
  metrics?: MetricsPlan;
  /** Runs once the database is migrated, before any part starts (the all-in-one stack's dev accounts). */
  prepare?: (shared: ProcessConnections) => Promise<void>;
}

export interface MetricsPlan extends MetricsAccessConfig {
  METRICS_PORT?: number;
  METRICS_HOST: string;
}

export interface ComposedProcess {
  shared: ProcessConnections;
  /** The api's deps, when the api half runs. */
  deps: AppDeps | null;
  /** Where the api listens, when the api half runs. */
  url: string | null;
  port: number | null;
  /** The separate metrics port's `/metrics` URL, when METRICS_PORT is set. */
  metricsUrl: string | null;
  /** Stops every part in reverse start order; safe to call more than once. */
  stop(): Promise<void>;
}

export async function composeProcess(plan: ProcessPlan): Promise<ComposedProcess> {
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      for (const s of stops.reverse()) await s().catch(() => undefined);
    })());
  try {
    const redis = await connectRedis(plan.redisUrl);
    stops.push(async () => redis.disconnect());
    const database = await openDatabase(plan.database);
    stops.push(() => database.close());
    const metrics = createMetrics(plan.api && plan.worker ? 'all' : plan.api ? 'api' : 'worker');
    const shared: ProcessConnections = { redis, database, events: createEventBus(redis), metrics };
    const metricsPlan = plan.api?.config ?? plan.metrics;
    let metricsUrl: string | null = null;
    if (metricsPlan?.METRICS_PORT !== undefined) {
      const server = await startMetricsServer({
        registry: metrics.registry,
        config: metricsPlan,
        port: metricsPlan.METRICS_PORT,
        host: metricsPlan.METRICS_HOST,
        onError: (err) => console.error('metrics could not be read', err),
      });
      stops.push(() => server.stop());
      metricsUrl = server.url;
    }

    let deps: AppDeps | null = null;
    if (plan.api) {
      const { createAppDeps } = await import('./app-deps');
      const appDeps = await createAppDeps(plan.api.config, plan.api.logger, shared);
      stops.push(() => appDeps.close());
      deps = appDeps;
    }
    await plan.prepare?.(shared);
    if (plan.worker) {
      const worker = await plan.worker(shared);
      stops.push(() => worker.stop());
    }
    if (!deps) return { shared, deps, url: null, port: null, metricsUrl, stop };

    const housekeeping = startHousekeeping({
      db: database.db,
      logger: deps.logger,
      mailQueue: deps.mailQueue,
    });
    stops.push(() => housekeeping.stop());
    const mail = await startMailDelivery(deps);
    stops.push(() => mail.stop());
    const { startApiServer } = await import('./api-server');
    const api = await startApiServer(deps);
    stops.push(() => api.stop());
    return { shared, deps, url: api.url, port: api.port, metricsUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Sends what the mail queue holds (this api's and the chain worker's e-mails) through this process's mailer; any
 * number of api instances share the queue (BullMQ hands each job to one of them).
 */
async function startMailDelivery(deps: AppDeps): Promise<Stoppable> {
  const { startMailWorker } = await import('./mail/mail-worker');
  const worker = startMailWorker(deps);
  return { stop: () => worker.close() };
}

/** `npm run start:api` needs a Redis it is given (only `npm start` starts one). */
export function requireRedisUrl(url: string | undefined, command: string): string {
  if (url) return url;
  throw new ConfigError([`REDIS_URL: required by ${command} (only \`npm start\` starts a Redis of its own)`]);
}

/**
 * How long a graceful stop may take. A stop that waits on a service already gone (Ctrl-C reaches the whole
 * process group, so the dev stack's redis-server can exit before the api and the worker have closed their queues)
 * would otherwise wait forever; what it leaves unfinished is what a killed process leaves, which BullMQ's stalled
 * jobs and the outbox already recover.
 */
export const STOP_DEADLINE_MS = 10_000;

/**
 * SIGINT / SIGTERM stop the process in order once, then exit 0. `stop` may be a promise of the stop function,
 * given while the process is still starting: a signal then waits for the start-up to finish and stops what it
 * started (without handlers, a SIGTERM right after start-up's last log line killed the process unstopped). A
 * start-up that fails exits through `exitOnStartupFailure` as before.
 */
export function stopOnSignals(
  stop: (() => Promise<void>) | Promise<() => Promise<void>>,
  onSignal?: (signal: string) => void,
): void {
  if (stop instanceof Promise) stop.catch(() => undefined); // its failure is the start-up's, reported there
  let stopping = false;
  const handle = (signal: string) => {
    // A second signal is not a reason to hurry: tsx relays the terminal's Ctrl-C that the group also received.
    if (stopping) return;
    stopping = true;
    onSignal?.(signal);
    setTimeout(() => {
      console.error(`the stop did not finish within ${STOP_DEADLINE_MS / 1000} s: exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    void Promise.resolve(stop).then(
      (stopNow) => stopNow().finally(() => process.exit(0)),
      () => undefined,
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/**
 * A failed start-up exits 1. A cause the operator can fix (bad configuration, a service that does not answer, a
 * missing program, the wrong chain) is one line; anything unexpected prints its stack.
 */
export function exitOnStartupFailure(err: unknown): never {
  const known =
    err instanceof ConfigError || (err instanceof Error && /Unavailable|Missing|Mismatch/.test(err.name));
  console.error(known ? (err as Error).message : err);
  process.exit(1);
}
