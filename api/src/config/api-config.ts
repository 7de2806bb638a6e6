import path from 'node:path';
import { z } from 'zod';
import { SHARED_ENV, pickEnv } from '@cr/core/config/env';
import { parseEnv } from '@cr/core/config/env-parse';

/**
 * The api's (and the all-in-one process's) part of the one environment schema (core/src/config/env.ts, where each
 * variable is declared and documented), parsed once at start-up. Defaults make `npm start` work with zero
 * configuration; README.md documents each one.
 */
export const apiEnvSchema = z.object({
  ...pickEnv('NODE_ENV', 'PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR'),
  // DATABASE_URL, REDIS_URL (required by start:api, checked there), QUEUE_PREFIX, LOG_LEVEL, CHAIN_ID, CONFIRMATIONS,
  // the metrics port.
  ...pickEnv(...SHARED_ENV),
  ...pickEnv(
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_LINK_SECRET',
    'WEB_DIST_DIR',
    'CHAIN_RPC_URL',
    'COUNCIL_ADDRESS',
    'GOVERNANCE_ADDRESS',
    'TREASURY_ADDRESS',
    'RELAY_BATCH_ADDRESS',
    'CONTRACTS_FROM_BLOCK',
    'CHAIN_PUBLIC_RPC_URL',
    'VOTING_PERIOD_BLOCKS',
    'EID_RESOLVER_URL',
    'APP_DID_STOREPASS',
    'APP_DID_MNEMONIC',
    'APP_DID_PASSPHRASE',
    'ESSENTIALS_DID_HOST',
    'ESSENTIALS_WALLET_HOST',
    'WALLET_REQUEST_TTL_SEC',
    'WALLET_TX_WAIT_MS',
    'WALLET_TX_POLL_MS',
    'WALLET_REQUEST_LIMIT',
    'REGISTER_ADDRESS_LIMITS',
    'TRUST_PROXY_HOPS',
    'LIST_CACHE_TTL_MS',
    'EMAIL_SEARCH_LIMIT',
    'DEV_TOOLS',
  ),
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
