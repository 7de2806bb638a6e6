import { z } from 'zod';
import { isHexString } from 'ethers';
import type { GovernanceAddresses } from '@cr/contracts-abi/deploy';
import { ConfigError, optionalString, parseEnv, urlWithProtocol } from '@cr/api/config/env-parse';
import { required, sharedEnv } from '@cr/api/config/shared-env';

/** What one worker instance can run; WORKER_QUEUES picks a subset (e.g. scale `submit` apart from the watcher). */
export const WORKER_PARTS = ['submit', 'confirm', 'track', 'finalize', 'dispatcher', 'watcher'] as const;
export type WorkerPart = (typeof WORKER_PARTS)[number];

/** A secret that never prints: logging or JSON-encoding the config shows `[redacted]`. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
}

const ms = (fallback: number, min = 10) => z.coerce.number().int().min(min).max(3_600_000).default(fallback);

/** Every variable the chain worker reads (the one place it touches process.env). */
export const workerEnvSchema = z.object({
  // DATABASE_URL (required by `npm run start:worker`; the all-in-one process passes its own database handle),
  // QUEUE_PREFIX, LOG_LEVEL, CONFIRMATIONS; REDIS_URL and CHAIN_ID this process cannot run without.
  ...sharedEnv,
  REDIS_URL: required(sharedEnv.REDIS_URL),
  CHAIN_ID: required(sharedEnv.CHAIN_ID),
  CHAIN_RPC_URL: urlWithProtocol('http:', 'https:'),
  /** The relayer's key (0x + 64 hex). Pays gas; cannot forge members' actions (the contracts check their DID keys). */
  RELAYER_PRIVATE_KEY: z
    .string()
    .refine((v) => isHexString(v, 32), { message: 'must be 0x followed by 64 hex digits' })
    .transform((v) => new Secret(v)),
  /** Comma-separated parts this instance runs (default all): submit, confirm, track, finalize, dispatcher, watcher. */
  WORKER_QUEUES: z
    .string()
    .default(WORKER_PARTS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(WORKER_PARTS)).min(1)),
  /** Jobs processed at once per queue in this instance (submit, track, finalize). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(100),
  /**
   * The submit pump (submit-pump.ts): ready relayed actions read from the outbox per round; 0 = no pump (each
   * action goes through its own submit job alone).
   */
  SUBMIT_PUMP_BATCH: z.coerce.number().int().min(0).max(1_000).default(200),
  /** Actions the pump holds at once (estimating, signing, sending). */
  SUBMIT_PUMP_IN_FLIGHT: z.coerce.number().int().min(1).max(5_000).default(1_000),
  /**
   * JSON-RPC calls sent as one batch (one HTTP request) at most; calls made within 10 ms of each other are batched.
   * 1 = every call its own request (for a node or proxy that refuses batches).
   */
  RPC_BATCH_MAX: z.coerce.number().int().min(1).max(1_000).default(50),
  /**
   * The RelayBatch contract (contracts-abi/contracts/relay/RelayBatch.sol). When set, relayed calls signed together go
   * as one transaction through it, each call with its own gas and its own outcome (sign-batcher.ts). Unset: one
   * transaction per action.
   */
  RELAY_BATCH_ADDRESS: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
      .optional(),
  ),
  /** Calls per batch transaction at most, and the gas a batch may use at most (well under a block's). */
  RELAY_BATCH_MAX: z.coerce.number().int().min(2).max(500).default(100),
  RELAY_BATCH_GAS_MAX: z.coerce.number().int().min(1_000_000).max(100_000_000).default(12_000_000),
  /**
   * Confirm jobs at once. With a head tracker they are only the watchdog behind the block confirmer (one look,
   * then BullMQ's backoff), so few are running at a time.
   */
  CONFIRM_CONCURRENCY: z.coerce.number().int().min(1).max(5_000).default(20),
  /**
   * How often the head tracker asks the node for its block number (one call for the whole worker); it feeds the
   * block confirmer. 0 = no tracker: every confirm job polls its own receipt with backoff (the old way).
   */
  HEAD_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /** With a head tracker: how long after a send its confirm job (the watchdog behind the block confirmer) starts. */
  CONFIRM_WATCHDOG_MS: ms(10_000, 0),
  /** A job whose worker died is taken over after this long (BullMQ lock; renewed at half of it while alive). */
  JOB_LOCK_MS: ms(30_000, 500),
  /** How often the dispatcher looks for open actions without a job, and how idle an action must be to count. */
  DISPATCH_INTERVAL_MS: ms(5_000),
  DISPATCH_IDLE_MS: ms(15_000),
  /** How often the watcher polls the node for a new block. */
  WATCH_INTERVAL_MS: ms(1_000),
  /** Longest wait between "not confirmed yet" polls, and between retries of a send. */
  CONFIRM_POLL_MAX_MS: ms(2_000),
  RETRY_MAX_MS: ms(15_000),
  /**
   * A relayed tx still pending this long after its send while its nonce is the relayer's next is held by the node
   * (underpriced, or anvil's pool): a cancel at that nonce frees it and its actions are signed again (held-nonce.ts).
   */
  RELAY_HELD_MS: ms(20_000, 500),
  /** A wallet-sent tx still unknown to the node after this long fails (the member sends it again). */
  TRACK_TIMEOUT_MS: ms(10 * 60_000, 1_000),
  /** The governance contracts (all three, or none: then only generic actions are relayed and nothing is indexed). */
  COUNCIL_ADDRESS: optionalString,
  GOVERNANCE_ADDRESS: optionalString,
  TREASURY_ADDRESS: optionalString,
  /** Block the contracts were deployed in: where event indexing starts. Required with the addresses. */
  CONTRACTS_FROM_BLOCK: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).optional()),
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
