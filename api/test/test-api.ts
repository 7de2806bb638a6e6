import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer, type RunningApi } from '../src/api-server';
import { createAppDeps, type AppDeps } from '../src/app-deps';
import { loadApiConfig } from '../src/config/api-config';
import { createLogger } from '@cr/core/log/logger';
import { startCaptureSmtpServer, type CaptureSmtpServer } from '../src/mail/capture-smtp-server';
import { startMailWorker } from '../src/mail/mail-worker';
import { startEidSimulator, type EidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { freePort } from '@cr/core/net/free-port';
import { createTestDatabase } from './test-database';
import { testConfig } from './test-config';

export interface TestApi {
  url: string;
  deps: AppDeps;
  api: RunningApi;
  dataDir: string;
  /** The real SMTP listener every e-mail of this api goes to. */
  mailbox: CaptureSmtpServer;
  /** The local EID simulator (when started with { did: true }). */
  eid: EidSimulator | null;
  /** fetch against the api with JSON in and the envelope out. */
  call<T = unknown>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: {
      code: number;
      data?: T;
      error?: { type: string; message: string; fields?: unknown[]; retryAfterSec?: number };
    };
    headers: Headers;
  }>;
  stop(): Promise<void>;
}

/** Starts the real api on a free port against a fresh database (PGlite or PostgreSQL) and the real Redis. */
export async function startTestApi(
  env: Record<string, string> = {},
  /** logLines: the api's log lines at level info (its mail worker's too) are pushed there; else it logs nothing. */
  opts: { did?: boolean; logLines?: string[] } = {},
): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-api-'));
  const database = await createTestDatabase();
  const mailbox = await startCaptureSmtpServer();
  const eid = opts.did ? await startEidSimulator({ dataDir: path.join(dataDir, 'eid') }) : null;
  // The port is fixed before start so PUBLIC_URL (wallet callbacks, e-mail links) names it.
  const port = await freePort();
  const config = loadApiConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(eid ? { EID_RESOLVER_URL: eid.url } : {}),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    REDIS_URL: testConfig.REDIS_URL,
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'silent',
    SMTP_URL: mailbox.url,
    // Every test file asks for QR codes from 127.0.0.1 against one Redis: the per-address limit would count the
    // whole suite as one visitor. wallet.int.test.ts turns it on to prove it.
    WALLET_REQUEST_LIMIT: '0',
    // Test files share one Redis: each api keeps its queues (and their mail worker) to itself.
    QUEUE_PREFIX: `crtest-${randomBytes(4).toString('hex')}`,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  if (!database.url) config.dirs.pglite = 'memory://';
  const lines = opts.logLines;
  const logger = lines
    ? createLogger('info', 'api', { write: (line: string) => void lines.push(line.trimEnd()) })
    : createLogger('silent');
  const deps = await createAppDeps(config, logger);
  const api = await startApiServer(deps, port, '127.0.0.1');
  // Mail takes the production path: queueMails → the mail queue → this worker → SMTP → the capture mailbox.
  const mailWorker = startMailWorker(deps);
  return {
    url: api.url,
    deps,
    api,
    dataDir,
    mailbox,
    eid,
    async call(method, p, opts = {}) {
      const res = await fetch(`${api.url}/api${p}`, {
        method,
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { 'api-token': opts.token } : {}),
          ...opts.headers,
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as never, headers: res.headers };
    },
    async stop() {
      await api.stop();
      // Forced: nothing is left to send when a test stops, and after a Redis restart BullMQ's wait for the
      // worker's blocking read can hang a graceful close (realtime-redis-restart.int.test.ts's teardown did).
      await mailWorker.close(true);
      const keys = await deps.redis.keys(`${config.QUEUE_PREFIX}:*`);
      if (keys.length > 0) await deps.redis.del(...keys);
      await deps.close();
      await mailbox.stop();
      await eid?.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
