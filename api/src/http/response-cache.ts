import type { AppDeps } from '../app-deps';
import { readGeneration, type CacheScope } from '@cr/core/cache/cache-generation';

/**
 * A route's cached answers (`cache` on its definition): public reads that many people ask for at once, the
 * suggestion and proposal lists. An answer is the serialized success envelope, kept in this process and keyed by
 * the caller (signed-in users never share an answer), the validated input, and the scope's generation
 * (cache-generation.ts), which every change increments. LIST_CACHE_TTL_MS (config) bounds what changes without
 * an increment: view counters and the chain height an answer's time-left figures come from. A cached route's
 * handler reads only its caller and input (never req or res): concurrent misses share its first computation.
 */
export interface RouteCache {
  scope: CacheScope;
  /**
   * True when the answer to this (validated) query is the same whichever signed-in member asks (no personal
   * filter): members then share one cached answer. Signed-out callers are always keyed apart from members, so a
   * member-only answer never reaches them.
   */
  sharedByMembers?(query: Record<string, unknown>): boolean;
}

/** Whose answer a cached request gets: a member's own, every member's, or every signed-out caller's (null). */
export function cacheCaller(cache: RouteCache, userId: string | null, query: unknown): string | null {
  if (!userId) return null;
  return cache.sharedByMembers?.(query as Record<string, unknown>) ? 'members' : userId;
}

interface Entry {
  body: string;
  expires: number;
}

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

export class AnswerCache {
  constructor(private readonly limits = { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES }) {}
  private entries = new Map<string, Entry>();
  private inFlight = new Map<string, Promise<string>>();
  private bytes = 0;

  /**
   * The cached body for `key`, else `compute`'s, stored for `ttlMs`. Concurrent misses of one key share one
   * computation, so an expiry under load costs one query, not one per waiting request.
   */
  async answer(
    key: string,
    ttlMs: number,
    compute: () => Promise<string>,
    now = Date.now(),
  ): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.body;
    if (hit) this.remove(key, hit);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const work = compute().then(
      (body) => {
        this.inFlight.delete(key);
        this.store(key, { body, expires: Date.now() + ttlMs });
        return body;
      },
      (err: unknown) => {
        this.inFlight.delete(key);
        throw err;
      },
    );
    this.inFlight.set(key, work);
    return work;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    // Oldest first (a Map keeps insertion order); answers under an old generation are never asked for again.
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(k, e);
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

const caches = new WeakMap<AppDeps, AnswerCache>();

export function answerCacheOf(deps: AppDeps): AnswerCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new AnswerCache()));
  return cache;
}

/**
 * The key of one answer, or null when the scope's generation cannot be read (Redis unavailable): the answer is
 * then computed without the cache rather than risking a stale one.
 */
export async function answerKey(
  deps: AppDeps,
  cache: RouteCache,
  route: string,
  caller: string | null,
  input: unknown,
): Promise<string | null> {
  try {
    const generation = await readGeneration(deps.redis, cache.scope);
    return `${cache.scope}:${generation}|${route}|${caller ?? ''}|${JSON.stringify(input)}`;
  } catch {
    return null;
  }
}
