import type { Redis } from 'ioredis';

/**
 * Generations of cached reads. Every change to what a scope's cached answers hold increments the scope's number
 * in Redis after its commit; cached answers are keyed by the number they were computed under, so a change is
 * seen at once by every api instance. The number is not scoped to one database: when several databases share a
 * Redis (tests, staging), a change in one only costs the others a recomputation.
 */
export type CacheScope = 'suggestions' | 'proposals' | 'tasks' | 'teams';

const key = (scope: CacheScope) => `cr:cache-generation:${scope}`;

/** The scope whose answers a live update in `room` changes (a room's update is a change of its subject). */
export function scopeOfRoom(room: string): CacheScope | null {
  if (room.startsWith('suggestion:')) return 'suggestions';
  if (room.startsWith('proposal:')) return 'proposals';
  return null;
}

export async function bumpGeneration(redis: Redis, scope: CacheScope): Promise<void> {
  await redis.incr(key(scope));
}

export async function readGeneration(redis: Redis, scope: CacheScope): Promise<string> {
  return (await redis.get(key(scope))) ?? '0';
}
