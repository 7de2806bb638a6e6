// `npm run reindex [-- --dry-run]`: rebuilds the chain index (events, council, proposal and vote state, milestones)
// from the contracts' events alone (docs/operations.md "Rebuilding the chain index"). Against DATABASE_URL, or the
// PGlite database in DATA_DIR (stop `npm start` first: PGlite has one writer).
import { openDatabase } from '@cr/core/db/db-client';
import { ConfigError } from '@cr/core/config/env-parse';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { createChainProvider } from '@cr/chain-worker/chain-client';
import { loadReindexConfig } from './reindex-config';
import { formatReport } from './reindex-report';
import { reindex } from './run-reindex';
import { withWatcherLock } from './watcher-lock';

async function main(): Promise<number> {
  const config = loadReindexConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const provider = createChainProvider(config.rpcUrl, config.chainId, { timeoutMs: 60_000 });
  const run = (stillLocked?: () => Promise<boolean>) =>
    reindex({
      db: database.db,
      provider,
      chainId: config.chainId,
      addresses: config.addresses,
      fromBlock: config.fromBlock,
      dryRun: config.dryRun,
      redis,
      stillLocked,
      progress: (line) => console.error(line),
    });
  try {
    const report = redis ? await withWatcherLock(redis, config.queuePrefix, run) : await run();
    console.log(formatReport(report));
    return 0;
  } finally {
    provider.destroy();
    redis?.disconnect();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(err instanceof ConfigError ? 2 : 1);
  },
);
