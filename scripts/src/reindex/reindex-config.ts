import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, optionalString, parseEnv, urlWithProtocol } from '@cr/core/config/env-parse';
import type { GovernanceAddresses } from '@cr/contracts-abi/deploy';
import { governanceIndexing, workerEnvSchema } from '@cr/chain-worker/worker-config';

/**
 * `npm run reindex [-- --dry-run]`: the chain worker's own variables (same names, same checks), so the rebuild reads
 * exactly the contracts, deployment block, database and lock the block watcher uses.
 */
const reindexEnvSchema = workerEnvSchema
  .pick({
    DATABASE_URL: true,
    CHAIN_RPC_URL: true,
    CHAIN_ID: true,
    QUEUE_PREFIX: true,
    COUNCIL_ADDRESS: true,
    GOVERNANCE_ADDRESS: true,
    TREASURY_ADDRESS: true,
    CONTRACTS_FROM_BLOCK: true,
  })
  .extend({
    // Optional only for PGlite: one process owns that database, so no watcher can run beside the rebuild.
    REDIS_URL: optionalString.pipe(urlWithProtocol('redis:', 'rediss:').optional()),
    DATA_DIR: z.string().default('.data'),
  });

export interface ReindexConfig {
  databaseUrl: string | undefined;
  pgliteDir: string;
  redisUrl: string | undefined;
  queuePrefix: string;
  rpcUrl: string;
  chainId: number;
  addresses: GovernanceAddresses;
  fromBlock: number;
  /** Rebuild, report, then roll back: what a real run would change, changing nothing. */
  dryRun: boolean;
}

export function loadReindexConfig(
  argv = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
): ReindexConfig {
  const { values } = parseArgs({ args: argv, options: { 'dry-run': { type: 'boolean' } }, strict: true });
  const e = parseEnv(reindexEnvSchema, env);
  const indexing = governanceIndexing(e);
  const problems: string[] = [];
  if (!indexing)
    problems.push('COUNCIL_ADDRESS, GOVERNANCE_ADDRESS, TREASURY_ADDRESS: nothing to reindex without them');
  // A PostgreSQL database is shared with running workers: only the watcher lock in Redis keeps them apart.
  if (e.DATABASE_URL && !e.REDIS_URL)
    problems.push('REDIS_URL: required with DATABASE_URL (the rebuild takes the block watcher lock there)');
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(path.resolve(e.DATA_DIR), 'pglite'),
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    rpcUrl: e.CHAIN_RPC_URL,
    chainId: e.CHAIN_ID,
    addresses: indexing!.addresses,
    fromBlock: indexing!.fromBlock,
    dryRun: values['dry-run'] ?? false,
  };
}
