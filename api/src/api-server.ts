import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { AppDeps } from './app-deps';
import { createApp } from './app';
import type { ApiConfig } from './config/api-config';
import { openDatabase } from './db/db-client';
import { createLogger, type Logger } from './http/logger';
import { createDiskStorage } from './modules/upload/file-storage';
import { createEventBus } from './realtime/event-bus';
import { startCaptureSmtpServer } from './mail/capture-smtp-server';
import { createMailer } from './mail/mailer';
import { createDidGateway } from './modules/wallet/did-gateway';
import { registerRoomGuards } from './realtime/room-guards';
import { openChainQueues } from './queues/chain-queues';
import { createSocketServer, type SocketServer } from './realtime/socket-server';

/** Redis did not answer at start-up: one sentence naming where it was looked for. */
export class RedisUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Cannot reach Redis at ${new URL(url).host} (REDIS_URL): ${(cause as Error).message}`, { cause });
    this.name = 'RedisUnavailableError';
  }
}

/** Connects to Redis and proves it answers within a few seconds. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, connectTimeout: 3000 });
  redis.on('error', () => undefined); // reconnects on its own; readiness reports the state
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new RedisUnavailableError(url, err);
  }
  return redis;
}

/** Opens the database, Redis and storage that every api process needs. */
export async function createAppDeps(
  config: ApiConfig,
  logger: Logger = createLogger(config.LOG_LEVEL),
): Promise<AppDeps> {
  if (!config.REDIS_URL)
    throw new Error('REDIS_URL is required (set it, or use `npm start`, which provides Redis).');
  const redis = await connectRedis(config.REDIS_URL);
  try {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.dirs.pglite });
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
    const chainQueues = openChainQueues(redis);
    const did = config.EID_RESOLVER_URL ? await createDidGateway(config) : null;
    if (!did) logger.warn('EID_RESOLVER_URL is not set: DID sign-in and signing are unavailable');
    return {
      config,
      database,
      redis,
      logger,
      storage: createDiskStorage(config.dirs.uploads),
      events: createEventBus(redis),
      mailer,
      did,
      chainQueues,
      async close() {
        await chainQueues.close();
        mailer.close();
        await stopOutbox();
        await database.close();
        redis.disconnect();
      },
    };
  } catch (err) {
    redis.disconnect();
    throw err;
  }
}

export interface RunningApi {
  url: string;
  port: number;
  server: http.Server;
  sockets: SocketServer;
  stop(): Promise<void>;
}

/** Serves the app and socket.io on one port; `stop()` closes connections but not the deps. */
export async function startApiServer(
  deps: AppDeps,
  port = deps.config.PORT,
  host = deps.config.HOST,
): Promise<RunningApi> {
  const app = createApp(deps);
  const server = http.createServer(app);
  const sockets = await createSocketServer(server, deps.redis, deps.logger, false);
  registerRoomGuards(sockets, deps);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    server,
    sockets,
    async stop() {
      server.closeAllConnections();
      await sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
