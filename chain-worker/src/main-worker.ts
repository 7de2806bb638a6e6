// `npm run start:worker`: one chain-worker process (M of them may run; one block watcher holds the lock).
import { composeProcess, exitOnStartupFailure, stopOnSignals } from '@cr/api/app-composition';
import { ConfigError } from '@cr/core/config/env-parse';
import { loadWorkerConfig } from './worker-config';
import { createJsonLogger } from './worker-logger';
import { chainWorkerPart } from './worker-part';

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const logger = createJsonLogger(config.LOG_LEVEL);
  if (!config.DATABASE_URL)
    throw new ConfigError([
      'DATABASE_URL: required by a separate worker process (PGlite is in-process only; `npm start` runs the worker inside the api process instead)',
    ]);
  const starting = composeProcess({
    redisUrl: config.REDIS_URL,
    database: { databaseUrl: config.DATABASE_URL, pgliteDir: '' },
    worker: chainWorkerPart(config, logger),
    // Its Prometheus metrics only on METRICS_PORT (the worker serves no other HTTP).
    metrics: config,
  });
  // Before the start-up ends: "chain worker started" is logged inside it, and a signal may follow at once.
  stopOnSignals(
    starting.then((running) => running.stop),
    (signal) => logger.info({ signal }, 'stopping'),
  );
  const running = await starting;
  if (running.metricsUrl) logger.info({ url: running.metricsUrl }, 'metrics served');
}

main().catch(exitOnStartupFailure);
