import type { AuditEntry, AuditList, AuditQuery } from '@cr/contract/admin.contract';
import type { Db } from '@cr/core/db/db-client';
import * as repo from './audit.repo';

export type { AuditInput } from './audit.repo';
/** Appends an audit entry inside the caller's transaction (the act and its record commit together). */
export const recordAudit = repo.insertAudit;

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

type Row = Awaited<ReturnType<typeof repo.listAudit>>['rows'][number];
export function toAuditEntry({ entry, actorName }: Row): AuditEntry {
  return {
    _id: entry.id,
    actor: entry.actorId ? { _id: entry.actorId, username: actorName ?? '' } : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    requestId: entry.requestId,
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function listAuditEntries(db: Db, q: AuditQuery): Promise<AuditList> {
  const { rows, total } = await repo.listAudit(
    db,
    {
      action: q.action || undefined,
      targetId: q.targetId || undefined,
      actor: q.actor || undefined,
      from: q.from ? dayStart(q.from) : undefined,
      to: q.to ? nextDay(q.to) : undefined,
    },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  return { list: rows.map(toAuditEntry), total, page: q.page, pageSize: q.pageSize };
}

/** The latest entries about or by one user (the admin profile's activity). */
export async function auditInvolving(db: Db, userId: string, limit = 50): Promise<AuditEntry[]> {
  const { rows } = await repo.listAudit(db, { involving: userId }, limit, 0);
  return rows.map(toAuditEntry);
}
