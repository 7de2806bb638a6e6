import type { AppDeps } from '../../app-deps';
import { PERMISSION_ROLES, type Permission, type SetGrant } from '@cr/contract/admin.contract';
import type { Role } from '@cr/contract/user.contract';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import { recordAudit } from '../audit';
import { adminError } from './admin-errors';
import type { Actor } from './admin-users.service';
import { bumpPermissionGeneration } from './permission-gate';
import * as repo from './permission.repo';

const known = new Set<string>(PERMISSION_ROLES);

export async function listPermissionMatrix(deps: AppDeps): Promise<{ list: Permission[] }> {
  const { perms, grants } = await repo.listPermissions(deps.database.db);
  const byPermission = new Map<string, Role[]>();
  for (const g of grants) {
    if (!known.has(g.role)) continue;
    const roles = byPermission.get(g.permissionId) ?? [];
    roles.push(g.role as Role);
    byPermission.set(g.permissionId, roles);
  }
  return {
    list: perms.map((p) => ({
      _id: p.id,
      name: p.name,
      resourceType: p.resourceType,
      description: p.description,
      method: p.httpMethod,
      url: p.url,
      roles: byPermission.get(p.id) ?? [],
    })),
  };
}

/** Grants or withdraws one permission of one role: audited, and in force on every instance from the next request. */
export async function setGrant(tx: Db, actor: Actor, input: SetGrant): Promise<CommandOutcome<boolean>> {
  const perm = await repo.findPermission(tx, input.permissionId);
  if (!perm) throw adminError(404, 'admin.permission_not_found');
  if (!input.granted && input.role === 'SUPER_ADMIN' && perm.url.startsWith('/admin/permission'))
    throw adminError(409, 'admin.lockout');
  const had = await repo.hasGrant(tx, input.role, perm.id);
  if (had === input.granted) return { result: false };
  if (input.granted) await repo.addGrant(tx, input.role, perm.id);
  else await repo.removeGrant(tx, input.role, perm.id);
  await recordAudit(tx, {
    actorId: actor.user.id,
    action: input.granted ? 'permission.grant' : 'permission.revoke',
    targetType: 'permission',
    targetId: perm.id,
    before: { permission: perm.name, role: input.role, granted: had },
    after: { permission: perm.name, role: input.role, granted: input.granted },
    requestId: actor.requestId,
  });
  return { result: true };
}

/**
 * The answer of a grant once committed: a change bumps the permission generation in Redis (every instance reads
 * the grants again), which is not an effect kind; as before, its failure fails the request (the grant stands).
 */
export async function grantAnswer(deps: AppDeps, changed: boolean) {
  if (changed) await bumpPermissionGeneration(deps.redis);
  return listPermissionMatrix(deps);
}
