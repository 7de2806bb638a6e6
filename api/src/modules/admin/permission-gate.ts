import type { Redis } from 'ioredis';
import { permissionName } from '@cr/contract/admin.contract';
import type { Db } from '@cr/core/db/db-client';
import { forbidden, unauthorized } from '@cr/core/errors/app-error';
import type { AnyRoute } from '../../http/route';
import type { AuthUser } from '../session';
import * as repo from './permission.repo';

/**
 * The generation of the permission table in Redis: every grant change increments it after its commit, and each
 * instance re-reads the grants when the number it holds is not the current one. So a change is in force on every
 * api instance from the next request, without restart. Shared by every database on a Redis (as cache-generation):
 * a change in one only costs the others a re-read.
 */
const GENERATION_KEY = 'cr:permissions:generation';

export async function bumpPermissionGeneration(redis: Redis): Promise<void> {
  await redis.incr(GENERATION_KEY);
}

export interface PermissionGate {
  /** Throws 401/403 unless the user's role holds the route's permission. */
  check(route: AnyRoute, user: AuthUser | null | undefined): Promise<void>;
}

/** The gate of the routes whose policy is `permission`: their permissions are registered on first use. */
export function createPermissionGate(getDb: () => Db, redis: Redis, routes: AnyRoute[]): PermissionGate {
  const seeds: repo.PermissionSeed[] = [];
  for (const r of routes)
    if (r.policy.kind === 'permission')
      seeds.push({
        name: permissionName(r.method, r.path),
        resourceType: r.tag,
        description: r.summary,
        httpMethod: r.method.toUpperCase(),
        url: r.path,
        defaultRoles: r.policy.defaultRoles,
      });
  let registered: Promise<void> | null = null;
  let held: { generation: string | null; grants: Map<string, Set<string>> } | null = null;

  async function grants(): Promise<Map<string, Set<string>>> {
    registered ??= repo.registerPermissions(getDb(), seeds).catch((err: unknown) => {
      registered = null;
      throw err;
    });
    await registered;
    const generation = await redis.get(GENERATION_KEY);
    if (held && held.generation === generation) return held.grants;
    const loaded = await repo.loadGrants(getDb());
    held = { generation, grants: loaded };
    return loaded;
  }

  return {
    async check(route, user) {
      if (!user) throw unauthorized();
      const roles = (await grants()).get(permissionName(route.method, route.path));
      // No permission row or no grant: refused (deny by default).
      if (!roles?.has(user.role)) throw forbidden();
    },
  };
}
