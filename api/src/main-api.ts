// Production entry point of the api: `npm run start:api`. Reads DATABASE_URL, REDIS_URL, chain and DID settings.
import { composeProcess, exitOnStartupFailure, requireRedisUrl, stopOnSignals } from './app-composition';
import { describeConfig, loadApiConfig } from './config/api-config';
import { createLogger } from '@cr/core/log/logger';

async function main() {
  const config = loadApiConfig();
  const logger = createLogger(config.LOG_LEVEL);
  logger.info({ config: describeConfig(config) }, 'starting api');
  const starting = composeProcess({
    redisUrl: requireRedisUrl(config.REDIS_URL, 'npm run start:api'),
    database: { databaseUrl: config.DATABASE_URL, pgliteDir: config.dirs.pglite },
    api: { config, logger },
  });
  // Before the start-up ends, so a signal during it stops what it started.
  stopOnSignals(
    starting.then((running) => running.stop),
    (signal) => logger.info({ signal }, 'stopping api'),
  );
  const running = await starting;
  logger.info({ url: running.url, metrics: running.metricsUrl ?? undefined }, 'api listening');
}

main().catch(exitOnStartupFailure);
