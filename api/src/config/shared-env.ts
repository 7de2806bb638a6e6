import { z } from 'zod';
import { DEFAULT_QUEUE_PREFIX } from '../queues/chain-queues';
import { optionalString, urlWithProtocol } from './env-parse';

/**
 * The variables every process reads (the api, the chain worker, `npm start`), declared once. Each process's schema
 * spreads them and tightens what it cannot run without (`required`): the worker started alone needs REDIS_URL and
 * CHAIN_ID, which the all-in-one process provides itself.
 */
export const sharedEnv = {
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
};

/** A shared variable this process cannot run without: unset is an error naming it, set is parsed as everywhere. */
export function required<T, I>(schema: z.ZodType<T | undefined, I>) {
  return schema.transform((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    return value;
  });
}
