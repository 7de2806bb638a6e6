// `npm run start:worker`: one chain-worker process (M of them may run; one block watcher holds the lock).
import { connectRedis } from '@cr/api/api-server';
import { ConfigError } from '@cr/api/config/env-parse';
import { openDatabase } from '@cr/api/db/db-client';
import { createEventBus } from '@cr/api/realtime/event-bus';
import { governancePlugins } from './governance-plugins';
import { loadWorkerConfig } from './worker-config';
import { createJsonLogger } from './worker-logger';
import { startWorkers } from './worker-registry';

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const logger = createJsonLogger(config.LOG_LEVEL);
  if (!config.DATABASE_URL)
    throw new ConfigError([
      'DATABASE_URL: required by a separate worker process (PGlite is in-process only; `npm start` runs the worker inside the api process instead)',
    ]);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: '' });
  const redis = await connectRedis(config.REDIS_URL);
  const { COUNCIL_ADDRESS: council, GOVERNANCE_ADDRESS: governance, TREASURY_ADDRESS: treasury } = config;
  const plugins =
    council && governance && treasury
      ? governancePlugins({ council, governance, treasury }, config.CONTRACTS_FROM_BLOCK, {
          chainId: config.CHAIN_ID,
          events: createEventBus(redis),
        })
      : undefined;
  if (!plugins) logger.warn({}, 'governance contract addresses not set: no events are indexed');
  const running = await startWorkers({ db: database.db, redis, config, logger, plugins });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await running.stop();
    await database.close();
    redis.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
