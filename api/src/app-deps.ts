import type { Redis } from 'ioredis';
import type { ApiConfig } from './config/api-config';
import { openDatabase, type DbHandle } from '@cr/core/db/db-client';
import { createLogger, type Logger } from '@cr/core/log/logger';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { startCaptureSmtpServer } from './mail/capture-smtp-server';
import { createMailer, type Mailer } from './mail/mailer';
import { createDidGateway, type DidGateway } from './modules/wallet/did-gateway';
import { openChainQueues, type ChainQueues } from '@cr/core/queues/chain-queues';
import { openMailQueue, type MailQueue } from '@cr/core/queues/mail-queue';
import { createDiskStorage, type FileStorage } from './modules/upload/file-storage';
import { createEventBus, type EventBus } from '@cr/core/realtime/event-bus';
import type { OpsStatus } from '@cr/contract/ops-status.contract';
import { chainReader } from './chain/chain-reader';
import { createMetrics, type Metrics } from '@cr/core/metrics/metrics-registry';
import { registerOpsGauges } from '@cr/core/metrics/ops-metrics';
import { sharedOpsStatus } from '@cr/core/metrics/ops-status';

/** What route handlers and services reach: built once at start-up, passed down, never global. */
export interface AppDeps {
  config: ApiConfig;
  database: DbHandle;
  redis: Redis;
  logger: Logger;
  storage: FileStorage;
  events: EventBus;
  mailer: Mailer;
  /** DID requests and reply verification; null when no EID resolver is configured. */
  did: DidGateway | null;
  /** The BullMQ queues chain actions are put on after their outbox row is committed. */
  chainQueues: ChainQueues;
  /** Every e-mail goes here (queueMails, after commit); the mail worker (mail/mail-worker.ts) sends it. */
  mailQueue: MailQueue;
  /** This process's Prometheus metrics (shared with the worker when both run in one process). */
  metrics: Metrics;
  /** The operators' figures now (GET /api/admin/status, the gauges of /metrics): one reading shared for a second. */
  opsStatus: () => Promise<OpsStatus>;
  /** Open socket.io connections of this instance, once its server runs (api-server.ts sets it). */
  liveSockets: { count: (() => number) | null };
  /** Closes what createAppDeps opened (mail, queues; the database and Redis too unless they were handed in). */
  close(): Promise<void>;
}

/** Redis and the database, when the caller already opened them (app-composition.ts shares them with the worker). */
export interface SharedConnections {
  redis: Redis;
  database: DbHandle;
  events?: EventBus;
  /** The process's metrics, when the caller made them (app-composition.ts, for the api and the worker together). */
  metrics?: Metrics;
}

/**
 * Opens what every api process needs: mail (SMTP or the dev outbox), the DID gateway, uploads, the chain queues,
 * and — unless `shared` hands them in — Redis and the database. No HTTP here; api-server.ts serves these deps.
 */
export async function createAppDeps(
  config: ApiConfig,
  logger: Logger = createLogger(config.LOG_LEVEL),
  shared?: SharedConnections,
): Promise<AppDeps> {
  if (!config.REDIS_URL && !shared)
    throw new Error('REDIS_URL is required (set it, or use `npm start`, which provides Redis).');
  const redis = shared?.redis ?? (await connectRedis(config.REDIS_URL!));
  let database: DbHandle | undefined = shared?.database;
  const closeOwned = async () => {
    if (shared) return;
    await database?.close();
    redis.disconnect();
  };
  try {
    database ??= await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.dirs.pglite });
    let smtpUrl = config.SMTP_URL;
    let stopOutbox = async () => undefined as void;
    if (!smtpUrl) {
      // Dev without SMTP: a real SMTP listener on loopback keeps the mail under DATA_DIR/mail (see /api/dev/mail).
      const outbox = await startCaptureSmtpServer({ dir: config.dirs.mailOutbox });
      smtpUrl = outbox.url;
      stopOutbox = outbox.stop;
      logger.info({ dir: config.dirs.mailOutbox }, 'mail goes to the dev outbox');
    }
    const mailer = createMailer(smtpUrl, config.MAIL_FROM, logger);
    const chainQueues = openChainQueues(redis, config.QUEUE_PREFIX);
    const mailQueue = openMailQueue(redis, config.QUEUE_PREFIX);
    const did = config.EID_RESOLVER_URL ? await createDidGateway(config) : null;
    if (!did) logger.warn('EID_RESOLVER_URL is not set: DID sign-in and signing are unavailable');
    // Made here only for an api without a composed process (the tests): without the process series, which a
    // composed process adds once (app-composition.ts).
    const metrics = shared?.metrics ?? createMetrics('api', { processMetrics: false });
    const liveSockets: AppDeps['liveSockets'] = { count: null };
    const deps: AppDeps = {
      config,
      database,
      redis,
      logger,
      storage: createDiskStorage(config.dirs.uploads),
      events: shared?.events ?? createEventBus(redis),
      mailer,
      did,
      chainQueues,
      mailQueue,
      metrics,
      opsStatus: () => {
        throw new Error('set below');
      },
      liveSockets,
      async close() {
        await chainQueues.close();
        await mailQueue.close();
        mailer.close();
        await stopOutbox();
        await closeOwned();
      },
    };
    const provider = chainReader(deps);
    deps.opsStatus = sharedOpsStatus({
      role: metrics.role,
      database,
      queues: [chainQueues.submit, chainQueues.confirm, chainQueues.track, chainQueues.finalize, mailQueue],
      chain: provider && config.CHAIN_ID ? { provider, chainId: config.CHAIN_ID } : null,
      relayers: metrics.relayers,
      sockets: () => liveSockets.count?.() ?? null,
    });
    registerOpsGauges(metrics, deps.opsStatus);
    return deps;
  } catch (err) {
    await closeOwned().catch(() => undefined);
    throw err;
  }
}
