import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { AppError } from '@cr/core/errors/app-error';
import { accountMessages } from '@cr/contract/account.contract';

/** A fixed-window counter in Redis: at most `limit` hits per `windowSec` for one subject. */
export interface RateRule {
  name: string;
  limit: number;
  windowSec: number;
  /** The refusal's type when not the generic `rate_limited`, with its English message for `retryAfterSec`. */
  refusal?: { type: string; message: (retryAfterSec: number) => string };
}

const refusalOf = (rule: RateRule, retryAfterSec: number) =>
  rule.refusal
    ? new RateLimitedError(retryAfterSec, rule.refusal.type, rule.refusal.message(retryAfterSec))
    : new RateLimitedError(retryAfterSec);

/** The client address limits key on (X-Forwarded-For only as far as TRUST_PROXY_HOPS allows). */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Refused for now; `retryAfterSec` is how long the window still runs (the error middleware sends it as
 * Retry-After and as `error.retryAfterSec`). A rule may name its own refusal (`type`, English `message`) when the
 * page can say more than "too many attempts", e.g. the resend cooldown of a registration code.
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSec: number,
    type: string = 'rate_limited',
    message: string = accountMessages.rate_limited,
  ) {
    super(429, type, message);
  }
}

/**
 * Where a deployment keeps its counters: its Redis, and its namespace there (QUEUE_PREFIX, which its queues use
 * too), so that two deployments on one Redis (staging beside production, the test files of a run) never count each
 * other's hits.
 */
export interface RateStore {
  redis: Redis;
  config: { QUEUE_PREFIX: string };
}

/**
 * The Redis key of a rule for one subject (client address, e-mail, login name, user id). Subjects are personal
 * data, so the key holds the SHA-256 of the trimmed, lower-cased subject, never the subject itself.
 */
export function rateKey(store: RateStore, rule: RateRule, subject: string): string {
  const digest = createHash('sha256').update(subject.trim().toLowerCase(), 'utf8').digest('hex');
  return `${store.config.QUEUE_PREFIX}:rl:${rule.name}:${digest}`;
}

/** Counts one hit (INCR, and EXPIRE NX so the window starts at the first hit); returns the count and time left. */
export async function hitRate(
  store: RateStore,
  rule: RateRule,
  subject: string,
): Promise<{ count: number; retryAfterSec: number }> {
  const key = rateKey(store, rule, subject);
  const results = await store.redis.multi().incr(key).expire(key, rule.windowSec, 'NX').ttl(key).exec();
  if (!results) throw new Error('Redis transaction aborted');
  for (const [err] of results) if (err) throw err;
  const count = Number(results[0]![1]);
  const ttl = Number(results[2]![1]);
  return { count, retryAfterSec: ttl > 0 ? ttl : rule.windowSec };
}

/** The current count without counting. */
export async function peekRate(
  store: RateStore,
  rule: RateRule,
  subject: string,
): Promise<{ count: number; retryAfterSec: number }> {
  const key = rateKey(store, rule, subject);
  const [count, ttl] = await Promise.all([store.redis.get(key), store.redis.ttl(key)]);
  return { count: Number(count ?? 0), retryAfterSec: ttl > 0 ? ttl : rule.windowSec };
}

/** Counts a hit and refuses with 429 `rate_limited` once the window holds more than the limit. */
export async function enforceRate(store: RateStore, rule: RateRule, subject: string): Promise<void> {
  const { count, retryAfterSec } = await hitRate(store, rule, subject);
  if (count > rule.limit) throw refusalOf(rule, retryAfterSec);
}

/** Refuses with 429 when the window is already full, without counting (e.g. failed sign-ins of an account). */
export async function refuseWhenFull(store: RateStore, rule: RateRule, subject: string): Promise<void> {
  const { count, retryAfterSec } = await peekRate(store, rule, subject);
  if (count >= rule.limit) throw refusalOf(rule, retryAfterSec);
}

export async function clearRate(store: RateStore, rule: RateRule, subject: string): Promise<void> {
  await store.redis.del(rateKey(store, rule, subject));
}
