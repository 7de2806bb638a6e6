import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// Compare-and-act on the token so an instance never renews or releases a lock another one took over.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A Redis lock held by one instance at a time (SET NX PX with a random token), renewed while the holder is alive;
 * when the holder dies the key expires after `ttlMs` and a standby takes over.
 */
export interface LeaderLock {
  /** Takes the lock if free, or renews it if held; true while this instance holds it. */
  hold(): Promise<boolean>;
  release(): Promise<void>;
  readonly token: string;
}

/** The block watcher's lock; `npm run reindex` takes the same key so no watcher indexes while it rebuilds. */
export function watcherLockKey(queuePrefix: string): string {
  return `${queuePrefix}:chain-watcher:lock`;
}

export function createLeaderLock(redis: Redis, key: string, ttlMs: number): LeaderLock {
  const token = randomUUID();
  let held = false;
  return {
    token,
    async hold() {
      if (held) {
        held = (await redis.eval(RENEW, 1, key, token, String(ttlMs))) === 1;
        if (held) return true;
      }
      held = (await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK';
      return held;
    },
    async release() {
      if (held) await redis.eval(RELEASE, 1, key, token);
      held = false;
    },
  };
}
