import { Redis } from 'ioredis';

/** Redis did not answer at start-up: one sentence naming where it was looked for. */
export class RedisUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Cannot reach Redis at ${new URL(url).host} (REDIS_URL): ${(cause as Error).message}`, { cause });
    this.name = 'RedisUnavailableError';
  }
}

/**
 * Connects to Redis and proves it answers within a few seconds. The connection allows blocking commands
 * (`maxRetriesPerRequest: null`), as BullMQ workers need. No HTTP here: the worker process imports it.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, connectTimeout: 3000 });
  redis.on('error', () => undefined); // reconnects on its own; readiness reports the state
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new RedisUnavailableError(url, err);
  }
  return redis;
}
