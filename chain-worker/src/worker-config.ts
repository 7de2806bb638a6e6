import { z } from 'zod';
import type { GovernanceAddresses } from '@cr/contracts-abi/deploy';
import { ConfigError, parseEnv, urlWithProtocol } from '@cr/core/config/env-parse';
import { SHARED_ENV, envVariables, pickEnv, required } from '@cr/core/config/env';

export { Secret, WORKER_PARTS, type WorkerPart } from '@cr/core/config/env';

/**
 * The chain worker's part of the one environment schema (core/src/config/env.ts, where each variable is declared
 * and documented): the one place it touches process.env.
 */
export const workerEnvSchema = z.object({
  // DATABASE_URL (required by `npm run start:worker`; the all-in-one process passes its own database handle),
  // QUEUE_PREFIX, LOG_LEVEL, CONFIRMATIONS, the metrics port; REDIS_URL and CHAIN_ID this process cannot run without.
  ...pickEnv(...SHARED_ENV),
  REDIS_URL: required(envVariables.REDIS_URL),
  CHAIN_ID: required(envVariables.CHAIN_ID),
  /** The worker signs and sends over HTTP JSON-RPC (the api may read over ws:). */
  CHAIN_RPC_URL: required(envVariables.CHAIN_RPC_URL).pipe(urlWithProtocol('http:', 'https:')),
  RELAYER_PRIVATE_KEY: required(envVariables.RELAYER_PRIVATE_KEY),
  ...pickEnv(
    'WORKER_QUEUES',
    'WORKER_CONCURRENCY',
    'SUBMIT_PUMP_BATCH',
    'SUBMIT_PUMP_IN_FLIGHT',
    'RPC_BATCH_MAX',
    'RELAY_BATCH_ADDRESS',
    'RELAY_BATCH_MAX',
    'RELAY_BATCH_GAS_MAX',
    'CONFIRM_CONCURRENCY',
    'HEAD_POLL_MS',
    'CONFIRM_WATCHDOG_MS',
    'JOB_LOCK_MS',
    'DISPATCH_INTERVAL_MS',
    'DISPATCH_IDLE_MS',
    'WATCH_INTERVAL_MS',
    'CONFIRM_POLL_MAX_MS',
    'RETRY_MAX_MS',
    'RELAY_HELD_MS',
    'TRACK_TIMEOUT_MS',
    'COUNCIL_ADDRESS',
    'GOVERNANCE_ADDRESS',
    'TREASURY_ADDRESS',
    'CONTRACTS_FROM_BLOCK',
  ),
});

export type WorkerConfig = z.infer<typeof workerEnvSchema>;

/** Parses the environment (or a test's overrides); throws ConfigError naming every bad variable, no values. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return parseEnv(workerEnvSchema, env);
}

/**
 * Which governance contracts the worker indexes, and from which block: all three addresses and
 * CONTRACTS_FROM_BLOCK, or no address at all (then nothing is indexed). Indexing never silently starts at block 0:
 * on a real chain that would scan millions of blocks, so addresses without CONTRACTS_FROM_BLOCK are refused.
 */
export function governanceIndexing(
  config: Pick<
    WorkerConfig,
    'COUNCIL_ADDRESS' | 'GOVERNANCE_ADDRESS' | 'TREASURY_ADDRESS' | 'CONTRACTS_FROM_BLOCK'
  >,
): { addresses: GovernanceAddresses; fromBlock: number } | null {
  const { COUNCIL_ADDRESS: council, GOVERNANCE_ADDRESS: governance, TREASURY_ADDRESS: treasury } = config;
  const given = [council, governance, treasury].filter(Boolean).length;
  if (given === 0) return null;
  const problems: string[] = [];
  if (given < 3)
    problems.push('COUNCIL_ADDRESS, GOVERNANCE_ADDRESS, TREASURY_ADDRESS: set all three or none');
  if (config.CONTRACTS_FROM_BLOCK === undefined)
    problems.push(
      'CONTRACTS_FROM_BLOCK: required with the contract addresses (the block the contracts were deployed in; event indexing starts there)',
    );
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    addresses: { council: council!, governance: governance!, treasury: treasury! },
    fromBlock: config.CONTRACTS_FROM_BLOCK!,
  };
}
