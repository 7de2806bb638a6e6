import path from 'node:path';
import { z } from 'zod';
import { ESC_ADDRESS_SHAPE } from '@cr/contract/address';
import { sharedEnv } from './shared-env';
import { booleanString, optionalString, parseEnv, portString, urlWithProtocol } from './env-parse';

/**
 * Every environment variable the api (and the all-in-one process) reads, parsed once at start-up.
 * Defaults make `npm start` work with zero configuration; README.md documents each one.
 */
export const apiEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portString(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the site, used in e-mails and wallet callbacks. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalString.pipe(urlWithProtocol('http:', 'https:').optional()),
  DATA_DIR: z.string().default('.data'),
  // DATABASE_URL, REDIS_URL (required by start:api, checked there), QUEUE_PREFIX, LOG_LEVEL, CHAIN_ID, CONFIRMATIONS.
  ...sharedEnv,
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset in dev means the local capture outbox. */
  SMTP_URL: optionalString.pipe(urlWithProtocol('smtp:', 'smtps:').optional()),
  MAIL_FROM: z.string().default('Cyber Republic <no-reply@localhost>'),
  /** Signs the unsubscribe links in e-mails (HMAC-SHA256); changing it invalidates the links already sent. */
  MAIL_LINK_SECRET: z.string().min(32).default('dev-only-mail-link-secret-do-not-use-in-production'),
  /** Web build served by the api; empty disables static serving (e.g. a CDN serves it). */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** EVM JSON-RPC of the governance chain. */
  CHAIN_RPC_URL: optionalString.pipe(urlWithProtocol('http:', 'https:', 'ws:', 'wss:').optional()),
  /** Addresses of the governance contracts on that chain (configuration, never constants in code). */
  COUNCIL_ADDRESS: optionalString.pipe(
    z.string().regex(ESC_ADDRESS_SHAPE, 'must be a 0x address').optional(),
  ),
  GOVERNANCE_ADDRESS: optionalString.pipe(
    z.string().regex(ESC_ADDRESS_SHAPE, 'must be a 0x address').optional(),
  ),
  TREASURY_ADDRESS: optionalString.pipe(
    z.string().regex(ESC_ADDRESS_SHAPE, 'must be a 0x address').optional(),
  ),
  /** The relayer's batch forwarder (the worker's RELAY_BATCH_ADDRESS); listed on /verify with its code checked. */
  RELAY_BATCH_ADDRESS: optionalString.pipe(
    z.string().regex(ESC_ADDRESS_SHAPE, 'must be a 0x address').optional(),
  ),
  /** The block the contracts were deployed in (the worker indexes from there); published on /verify. */
  CONTRACTS_FROM_BLOCK: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).optional()),
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
});

export type ApiEnv = z.infer<typeof apiEnvSchema>;

export interface ApiConfig extends Omit<ApiEnv, 'PUBLIC_URL' | 'DEV_TOOLS'> {
  PUBLIC_URL: string;
  DEV_TOOLS: boolean;
  /** Absolute directories derived from DATA_DIR. */
  dirs: {
    data: string;
    uploads: string;
    pglite: string;
    mailOutbox: string;
    appDid: string;
    wallets: string;
  };
}

/** Parses the environment (or a test's overrides) into the api configuration. */
export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const parsed = parseEnv(
    apiEnvSchema.superRefine((v, ctx) => {
      if (v.NODE_ENV !== 'production') return;
      for (const name of [
        'DATABASE_URL',
        'REDIS_URL',
        'SMTP_URL',
        'PUBLIC_URL',
        'APP_DID_MNEMONIC',
        'EID_RESOLVER_URL',
      ] as const) {
        if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
      }
      if (v.MAIL_LINK_SECRET.startsWith('dev-only-'))
        ctx.addIssue({ code: 'custom', path: ['MAIL_LINK_SECRET'], message: 'must be set in production' });
      if (v.APP_DID_STOREPASS === 'dev-only-storepass')
        ctx.addIssue({ code: 'custom', path: ['APP_DID_STOREPASS'], message: 'must be set in production' });
    }),
    env,
  );
  const data = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    DEV_TOOLS: parsed.NODE_ENV !== 'production' && parsed.DEV_TOOLS,
    dirs: {
      data,
      uploads: path.join(data, 'uploads'),
      pglite: path.join(data, 'pglite'),
      mailOutbox: path.join(data, 'mail'),
      appDid: path.join(data, 'app-did'),
      wallets: path.join(data, 'wallets'),
    },
  };
}

/** The configuration as safe to log: credentials inside URLs are masked. */
export function describeConfig(config: ApiConfig): Record<string, unknown> {
  const mask = (url: string | undefined) => {
    if (!url) return url;
    try {
      const u = new URL(url);
      if (u.password) u.password = '***';
      return u.toString();
    } catch {
      return '***';
    }
  };
  return {
    NODE_ENV: config.NODE_ENV,
    PORT: config.PORT,
    PUBLIC_URL: config.PUBLIC_URL,
    DATABASE: config.DATABASE_URL ? mask(config.DATABASE_URL) : `PGlite at ${config.dirs.pglite}`,
    REDIS_URL: mask(config.REDIS_URL),
    SMTP_URL: config.SMTP_URL ? mask(config.SMTP_URL) : 'dev outbox',
    CHAIN_RPC_URL: config.CHAIN_RPC_URL,
    EID_RESOLVER_URL: config.EID_RESOLVER_URL,
  };
}
