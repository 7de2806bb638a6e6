import type { AppDeps } from '../../app-deps';
import {
  ACCOUNT_CHANGED_EVENT,
  ACCOUNT_DEACTIVATED_EVENT,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserRow,
  type ResetDid,
  type SetUserActive,
  type SetUserRole,
} from '@cr/contract/admin.contract';
import { roleSchema } from '@cr/contract/user.contract';
import type { UserRow } from '@cr/core/db/schema';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { auditInvolving, recordAudit } from '../audit';
import { adminError } from './admin-errors';
import * as repo from './admin-users.repo';

/** Who acts and under which request id (kept in the audit entry). */
export interface Actor {
  user: AuthUser;
  requestId: string;
}

const CHAIN_ROLES = new Set(['COUNCIL', 'SECRETARY']);
const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);
const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

export function toAdminUserRow(row: UserRow): AdminUserRow {
  const role = roleSchema.safeParse(row.role);
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: role.success ? role.data : 'MEMBER',
    did: row.did,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

function filterOf(q: AdminUserListQuery): repo.UserFilter {
  return {
    q: q.q || undefined,
    role: q.role,
    active: flag(q.active),
    hasDid: flag(q.hasDid),
    createdFrom: q.createdFrom ? dayStart(q.createdFrom) : undefined,
    createdBefore: q.createdTo ? nextDay(q.createdTo) : undefined,
  };
}

export async function listAdminUsers(deps: AppDeps, q: AdminUserListQuery): Promise<AdminUserList> {
  const { rows, total } = await repo.listUsers(
    deps.database.db,
    filterOf(q),
    q.sort,
    q.order,
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return { list: rows.map(toAdminUserRow), total, page: q.page, pageSize: q.pageSize };
}

const CSV_LIMIT = 10_000;
const csvCell = (v: string | boolean | null) => {
  let s = v === null ? '' : String(v);
  // Neutralise spreadsheet formulas (CSV injection).
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The filtered, sorted list as CSV (at most 10 000 rows). */
export async function exportAdminUsersCsv(deps: AppDeps, q: AdminUserListQuery): Promise<string> {
  const { rows } = await repo.listUsers(deps.database.db, filterOf(q), q.sort, q.order, CSV_LIMIT, 0);
  const head = ['id', 'username', 'email', 'firstName', 'lastName', 'role', 'did', 'active', 'createdAt'];
  const lines = rows
    .map(toAdminUserRow)
    .map((u) =>
      [u._id, u.username, u.email, u.firstName, u.lastName, u.role, u.did, u.active, u.createdAt]
        .map(csvCell)
        .join(','),
    );
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}

export async function getAdminUser(deps: AppDeps, userId: string): Promise<AdminUserDetail> {
  const db = deps.database.db;
  const row = await repo.findUser(db, userId);
  if (!row) throw adminError(404, 'admin.user_not_found');
  const [sessions, activity] = await Promise.all([repo.listSessions(db, userId), auditInvolving(db, userId)]);
  return {
    ...toAdminUserRow(row),
    country: row.country,
    profile: row.profile,
    didBoundAt: row.didBoundAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    sessions: sessions.map((s) => ({
      _id: s.id,
      method: s.method,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      lastUsedAt: s.lastUsedAt?.toISOString() ?? null,
      revokedAt: s.revokedAt?.toISOString() ?? null,
    })),
    activity,
  };
}

/** The target of a privileged act, locked; refuses acting on oneself, and on a super admin unless one. */
async function lockTarget(tx: Parameters<typeof repo.findUser>[0], actor: Actor, userId: string) {
  const row = await repo.findUser(tx, userId, true);
  if (!row) throw adminError(404, 'admin.user_not_found');
  if (row.id === actor.user.id) throw adminError(403, 'admin.not_yourself');
  if (row.role === 'SUPER_ADMIN' && actor.user.role !== 'SUPER_ADMIN')
    throw adminError(403, 'admin.super_admin_only');
  return row;
}

/** Gives a user a role by hand; never COUNCIL or SECRETARY, never from them (those follow the chain). */
export async function setUserRole(
  tx: Db,
  actor: Actor,
  userId: string,
  input: SetUserRole,
): Promise<CommandOutcome<string>> {
  const row = await lockTarget(tx, actor, userId);
  if (CHAIN_ROLES.has(row.role)) throw adminError(409, 'admin.role_by_chain');
  if (input.role === 'SUPER_ADMIN' && actor.user.role !== 'SUPER_ADMIN')
    throw adminError(403, 'admin.super_admin_only');
  if (row.role === input.role) return { result: userId };
  await repo.updateUser(tx, userId, { role: input.role });
  await recordAudit(tx, {
    actorId: actor.user.id,
    action: 'user.role',
    targetType: 'user',
    targetId: userId,
    before: { role: row.role },
    after: { role: input.role },
    requestId: actor.requestId,
  });
  return {
    result: userId,
    events: [{ room: `user:${userId}`, event: ACCOUNT_CHANGED_EVENT, payload: { role: input.role } }],
  };
}

/** Deactivates (ending every session at once) or reactivates an account. */
export async function setUserActive(
  tx: Db,
  actor: Actor,
  userId: string,
  input: SetUserActive,
): Promise<CommandOutcome<string>> {
  const row = await lockTarget(tx, actor, userId);
  if (row.active === input.active) return { result: userId };
  await repo.updateUser(tx, userId, { active: input.active });
  const sessionsEnded = input.active ? 0 : await repo.revokeSessions(tx, userId);
  await recordAudit(tx, {
    actorId: actor.user.id,
    action: input.active ? 'user.reactivate' : 'user.deactivate',
    targetType: 'user',
    targetId: userId,
    before: { active: row.active },
    after: { active: input.active, ...(input.active ? {} : { sessionsEnded }) },
    reason: input.reason || null,
    requestId: actor.requestId,
  });
  return {
    result: userId,
    events: input.active ? [] : [{ room: `user:${userId}`, event: ACCOUNT_DEACTIVATED_EVENT, payload: {} }],
  };
}

/** Unbinds a user's DID; the stated reason is kept in the audit log. */
export async function resetUserDid(
  tx: Db,
  actor: Actor,
  userId: string,
  input: ResetDid,
): Promise<CommandOutcome<string>> {
  const row = await lockTarget(tx, actor, userId);
  if (!row.did) throw adminError(409, 'admin.no_did');
  await repo.updateUser(tx, userId, { did: null, didBoundAt: null });
  await recordAudit(tx, {
    actorId: actor.user.id,
    action: 'user.did_reset',
    targetType: 'user',
    targetId: userId,
    before: { did: row.did, didBoundAt: row.didBoundAt?.toISOString() ?? null },
    after: { did: null },
    reason: input.reason,
    requestId: actor.requestId,
  });
  return { result: userId, events: [{ room: `user:${userId}`, event: ACCOUNT_CHANGED_EVENT, payload: {} }] };
}
