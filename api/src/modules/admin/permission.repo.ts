import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { permissions, rolePermissions } from '@cr/core/db/schema';

export interface PermissionSeed {
  name: string;
  resourceType: string;
  description: string;
  httpMethod: string;
  url: string;
  defaultRoles: readonly string[];
}

/**
 * Registers the permissions of the route table: a new one is inserted with its default grants; an existing one
 * keeps the grants the admins gave it (only its description follows the code). Safe to run from every instance.
 */
export async function registerPermissions(db: Db, seeds: PermissionSeed[]): Promise<void> {
  for (const s of seeds) {
    const inserted = await db
      .insert(permissions)
      .values({
        name: s.name,
        resourceType: s.resourceType,
        description: s.description,
        httpMethod: s.httpMethod,
        url: s.url,
      })
      .onConflictDoNothing()
      .returning({ id: permissions.id });
    const id = inserted[0]?.id;
    if (id && s.defaultRoles.length)
      await db
        .insert(rolePermissions)
        .values(s.defaultRoles.map((role) => ({ role, permissionId: id })))
        .onConflictDoNothing();
  }
}

/** Every grant as `METHOD url` → roles. */
export async function loadGrants(db: Db): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ method: permissions.httpMethod, url: permissions.url, role: rolePermissions.role })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId));
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    const key = `${r.method} ${r.url}`;
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(r.role);
  }
  return map;
}

export async function listPermissions(db: Db) {
  const perms = await db
    .select()
    .from(permissions)
    .orderBy(asc(permissions.resourceType), asc(permissions.url));
  const grants = await db.select().from(rolePermissions);
  return { perms, grants };
}

export async function findPermission(db: Db, id: string) {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  return row;
}

export async function hasGrant(db: Db, role: string, permissionId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: rolePermissions.role })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, role), eq(rolePermissions.permissionId, permissionId)))
    .limit(1);
  return !!row;
}

export async function addGrant(db: Db, role: string, permissionId: string): Promise<void> {
  await db.insert(rolePermissions).values({ role, permissionId }).onConflictDoNothing();
}

export async function removeGrant(db: Db, role: string, permissionId: string): Promise<void> {
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.role, role), eq(rolePermissions.permissionId, permissionId)));
}
