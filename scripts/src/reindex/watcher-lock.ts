import type { Redis } from 'ioredis';
import { createLeaderLock, watcherLockKey } from '@cr/chain-worker/leader-lock';

/** A block watcher holds its lock: it would index (and project) beside the rebuild. */
export class WatcherRunningError extends Error {
  constructor(key: string) {
    super(
      `A block watcher holds ${key}: stop the chain workers (or run them with WORKER_QUEUES without "watcher") and run the reindex again.`,
    );
    this.name = 'WatcherRunningError';
  }
}

const TTL_MS = 30_000;

/**
 * Runs `work` holding the block watcher's own lock, so no watcher starts while the index is rebuilt (standby
 * watchers keep waiting, and take it over once it is released). Refuses when a watcher holds it now.
 */
export async function withWatcherLock<T>(
  redis: Redis,
  queuePrefix: string,
  work: (stillLocked: () => Promise<boolean>) => Promise<T>,
): Promise<T> {
  const key = watcherLockKey(queuePrefix);
  const lock = createLeaderLock(redis, key, TTL_MS);
  if (!(await lock.hold())) throw new WatcherRunningError(key);
  // Renewed like a watcher's (every third of the TTL) for as long as the rebuild takes. A failed renewal is said;
  // the rebuild's own `stillLocked()` checks then stop it if the lock was lost.
  const renew = setInterval(
    () =>
      void lock
        .hold()
        .catch((err: unknown) => console.warn(`reindex: renewing ${key} failed: ${String(err)}`)),
    TTL_MS / 3,
  );
  try {
    return await work(() => lock.hold());
  } finally {
    clearInterval(renew);
    await lock.release().catch(() => undefined);
  }
}
