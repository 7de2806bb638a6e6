import { z } from 'zod';
import { ESC_ADDRESS_SHAPE } from '@cr/contract/address';
import { isHexString } from 'ethers';
import { DEFAULT_QUEUE_PREFIX } from '../queues/chain-queues';
import { booleanString, optionalString, portString, urlWithProtocol } from './env-parse';

/** What one chain-worker instance can run; WORKER_QUEUES picks a subset (e.g. scale `submit` apart from the watcher). */
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
const address = () =>
  optionalString.pipe(z.string().regex(ESC_ADDRESS_SHAPE, 'must be a 0x address').optional());

/**
 * Every environment variable of every process (the api, the chain worker, `npm start`), declared once; README.md
 * documents each one. A process reads only its part (`pickEnv`: the api in api/src/config/api-config.ts, the
 * worker in chain-worker/src/worker-config.ts) and tightens what it cannot run without (`required`): the worker
 * started alone needs REDIS_URL, CHAIN_ID, CHAIN_RPC_URL and RELAYER_PRIVATE_KEY, which the all-in-one process
 * provides itself.
 */
export const envVariables = {
  // ── Every process ──────────────────────────────────────────────────────────────────────────────────────────
  /** PostgreSQL connection; unset means embedded PGlite under DATA_DIR/pglite. */
  DATABASE_URL: optionalString.pipe(urlWithProtocol('postgres:', 'postgresql:').optional()),
  /** Redis connection; `npm start` provides one when unset. */
  REDIS_URL: optionalString.pipe(urlWithProtocol('redis:', 'rediss:').optional()),
  /**
   * The deployment's Redis namespace: the BullMQ queues (chain and mail) and the rate counters. Two deployments on
   * one Redis need two prefixes.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/)
    .default(DEFAULT_QUEUE_PREFIX),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The governance chain's id. */
  CHAIN_ID: z.coerce.number().int().positive().optional(),
  /** Blocks a transaction must be under (its own block counts as 1) before it is `chained`. */
  CONFIRMATIONS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * A separate port that serves only the Prometheus metrics (`GET /metrics`); unset: none. The standalone worker
   * serves its metrics only there. 0 = any free port.
   */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** The interface the metrics port listens on. */
  METRICS_HOST: z.string().default('0.0.0.0'),
  /**
   * When set, `/metrics` answers only `Authorization: Bearer <token>` (on either port). Unset: the metrics port is
   * open, and the api's own port serves `/metrics` only outside production (docs/operations.md, "Metrics").
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),

  // ── The chain: the api reads it (wallet replies, /verify), the worker writes to it ──────────────────────────
  /** EVM JSON-RPC of the governance chain (the worker needs http: or https:). */
  CHAIN_RPC_URL: optionalString.pipe(urlWithProtocol('http:', 'https:', 'ws:', 'wss:').optional()),
  /**
   * Addresses of the governance contracts on that chain (configuration, never constants in code): all three, or
   * none (then the worker relays only generic actions and indexes nothing).
   */
  COUNCIL_ADDRESS: address(),
  GOVERNANCE_ADDRESS: address(),
  TREASURY_ADDRESS: address(),
  /**
   * The RelayBatch contract (contracts-abi/contracts/relay/RelayBatch.sol). When set, relayed calls signed together go
   * as one transaction through it, each call with its own gas and its own outcome (sign-batcher.ts). Unset: one
   * transaction per action. The api lists it on /verify with its code checked.
   */
  RELAY_BATCH_ADDRESS: address(),
  /** Block the contracts were deployed in: where event indexing starts (required with the addresses); on /verify. */
  CONTRACTS_FROM_BLOCK: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).optional()),

  // ── The api ────────────────────────────────────────────────────────────────────────────────────────────────
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portString(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site, used in e-mails and wallet callbacks. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalString.pipe(urlWithProtocol('http:', 'https:').optional()),
  DATA_DIR: z.string().default('.data'),
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset in dev means the local capture outbox. */
  SMTP_URL: optionalString.pipe(urlWithProtocol('smtp:', 'smtps:').optional()),
  MAIL_FROM: z.string().default('Cyber Republic <no-reply@localhost>'),
  /** Signs the unsubscribe links in e-mails (HMAC-SHA256); changing it invalidates the links already sent. */
  MAIL_LINK_SECRET: z.string().min(32).default('dev-only-mail-link-secret-do-not-use-in-production'),
  /** Web build served by the api; empty disables static serving (e.g. a CDN serves it). */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** A public JSON-RPC address of the same chain, for readers who check the site against the chain (/verify). */
  CHAIN_PUBLIC_RPC_URL: optionalString.pipe(urlWithProtocol('http:', 'https:').optional()),
  /** Council voting window and, after it, the community veto window (5,040 blocks ≈ 7 days at 2-minute blocks). */
  VOTING_PERIOD_BLOCKS: z.coerce.number().int().positive().default(5040),
  /** Elastos EID resolver (the local simulator in dev). */
  EID_RESOLVER_URL: optionalString.pipe(urlWithProtocol('http:', 'https:').optional()),
  /** The site's own DID (APP_DID): its key store password, and in production its mnemonic. */
  APP_DID_STOREPASS: z.string().min(8).default('dev-only-storepass'),
  APP_DID_MNEMONIC: optionalString,
  APP_DID_PASSPHRASE: z.string().default(''),
  /** Hosts of the Essentials intents in the QR codes (identity intents, wallet intents). */
  ESSENTIALS_DID_HOST: z.url().default('https://did.elastos.net'),
  ESSENTIALS_WALLET_HOST: z.url().default('https://wallet.web3essentials.io'),
  /** How long a QR request may be answered, in seconds. */
  WALLET_REQUEST_TTL_SEC: z.coerce.number().int().min(30).max(3600).default(300),
  /**
   * How long the callback of an `esctransaction` request waits for the reported transaction to appear on the node
   * (Essentials calls back right after mining; the node behind our RPC may lag), and how often it asks meanwhile.
   */
  WALLET_TX_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  WALLET_TX_POLL_MS: z.coerce.number().int().min(50).max(10_000).default(1_000),
  /** QR requests one client address may ask for per 10 minutes (each is a stored row and a signed JWT); 0 = no limit. */
  WALLET_REQUEST_LIMIT: z.coerce.number().int().min(0).max(100_000).default(120),
  /** Per-address limits on registrations (30 an hour) and registration codes (20 an hour); 0 turns both off (a test stack whose browsers are all 127.0.0.1). */
  REGISTER_ADDRESS_LIMITS: z.coerce.number().int().min(0).max(1).default(1),
  /** Trust X-Forwarded-* headers from this many proxies (rate limits key on the client address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long a cached list answer may be served (http/response-cache.ts); 0 turns the cache off. */
  LIST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Suggestion searches by author e-mail one signed-in member may make per 15 minutes; 0 = no limit. */
  EMAIL_SEARCH_LIMIT: z.coerce.number().int().min(0).max(100_000).default(30),
  /** Serve the dev-only routes (dev wallet approvals, mail outbox). Forced off in production. */
  DEV_TOOLS: booleanString(true),

  // ── The chain worker ───────────────────────────────────────────────────────────────────────────────────────
  /** The relayer's key (0x + 64 hex). Pays gas; cannot forge members' actions (the contracts check their DID keys). */
  RELAYER_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => isHexString(v, 32), { message: 'must be 0x followed by 64 hex digits' })
      .transform((v) => new Secret(v))
      .optional(),
  ),
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
};

export type EnvName = keyof typeof envVariables;

/** The environment schema: every variable of every process. */
export const envSchema = z.object(envVariables);

/** The part of the environment one process reads (spread it into the process's `z.object`). */
export function pickEnv<K extends EnvName>(...names: K[]): { [N in K]: (typeof envVariables)[N] } {
  return Object.fromEntries(names.map((name) => [name, envVariables[name]])) as {
    [N in K]: (typeof envVariables)[N];
  };
}

/** The variables every process reads. */
export const SHARED_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'QUEUE_PREFIX',
  'LOG_LEVEL',
  'CHAIN_ID',
  'CONFIRMATIONS',
  'METRICS_PORT',
  'METRICS_HOST',
  'METRICS_TOKEN',
] as const satisfies readonly EnvName[];

/** A variable this process cannot run without: unset is an error naming it, set is parsed as everywhere. */
export function required<T, I>(schema: z.ZodType<T | undefined, I>) {
  return schema.transform((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    return value;
  });
}
