import { createHash, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { readGeneration } from '../../cache/cache-generation';
import { runAfterCommit } from '../../effects/after-commit';
import type { SuggestionListQuery } from '../../contract/suggestion.contract';

/**
 * Totals of the public lists, cached in Redis. Counting 90,000 matching rows costs tens of milliseconds; the
 * page itself comes from an index in about one. A cached total is keyed by the `suggestions` generation
 * (cache/cache-generation.ts), which every change to what the lists count (a new suggestion, an edit, a status or
 * signature change, any live update of a suggestion) increments after its commit, so a change is visible at
 * once; the TTL bounds any race between a count and a concurrent change.
 */
export const COUNT_TTL_SEC = 60;

const memoryNamespaces = new WeakMap<AppDeps, string>();

/**
 * Keys are scoped to the database the totals come from (several databases may share one Redis: tests, staging):
 * its PostgreSQL host and name, its PGlite directory, or for an in-memory PGlite this process's own instance.
 */
export function countNamespace(deps: AppDeps): string {
  const { DATABASE_URL } = deps.config;
  let source: string;
  if (DATABASE_URL) {
    const u = new URL(DATABASE_URL);
    source = `pg:${u.hostname}:${u.port}${u.pathname}`;
  } else if (deps.config.dirs.pglite.startsWith('memory://')) {
    let id = memoryNamespaces.get(deps);
    if (!id) memoryNamespaces.set(deps, (id = `mem:${randomUUID()}`));
    source = id;
  } else source = `pglite:${deps.config.dirs.pglite}`;
  return createHash('sha256').update(source).digest('base64url').slice(0, 16);
}

/** After a commit that changes what the lists hold or count: cached totals and list answers are recomputed. */
export async function bumpListGeneration(deps: AppDeps): Promise<void> {
  await runAfterCommit(deps, { cacheScopes: ['suggestions'] });
}

/** The part of a list query that decides its total (not the page, size or sort). */
export function countKey(query: SuggestionListQuery): string {
  const descriptor = JSON.stringify([
    query.filter,
    query.type ?? null,
    query.search ? query.searchBy : null,
    query.search ? query.search.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim() : null,
  ]);
  return createHash('sha256').update(descriptor).digest('base64url');
}

export async function cachedCount(
  deps: AppDeps,
  query: SuggestionListQuery,
  count: () => Promise<number>,
): Promise<number> {
  const generation = await readGeneration(deps.redis, 'suggestions');
  const key = `cr:suggestion-count:${countNamespace(deps)}:${generation}:${countKey(query)}`;
  const hit = await deps.redis.get(key);
  if (hit !== null) return Number(hit);
  const total = await count();
  await deps.redis.set(key, String(total), 'EX', COUNT_TTL_SEC);
  return total;
}
