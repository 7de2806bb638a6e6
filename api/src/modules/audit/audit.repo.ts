import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { auditLog, users } from '@cr/core/db/schema';

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  requestId?: string | null;
}

/** Appends one entry; call with the transaction of the act so both commit or neither. */
export async function insertAudit(tx: Db, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    requestId: entry.requestId ?? null,
  });
}

export interface AuditFilter {
  action?: string;
  targetId?: string;
  /** The actor's id or username. */
  actor?: string;
  /** Entries about or by this user. */
  involving?: string;
  from?: Date;
  to?: Date;
}

function where(f: AuditFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.action) conds.push(sql`${auditLog.action} like ${`${f.action.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (f.targetId) conds.push(eq(auditLog.targetId, f.targetId));
  if (f.actor)
    conds.push(sql`(${auditLog.actorId}::text = ${f.actor} or lower(${users.username}) = lower(${f.actor}))`);
  if (f.involving)
    conds.push(or(sql`${auditLog.actorId}::text = ${f.involving}`, eq(auditLog.targetId, f.involving))!);
  if (f.from) conds.push(gte(auditLog.createdAt, f.from));
  if (f.to) conds.push(lt(auditLog.createdAt, f.to));
  return conds.length ? and(...conds) : undefined;
}

export async function listAudit(db: Db, f: AuditFilter, limit: number, offset: number) {
  const cond = where(f);
  const rows = await db
    .select({ entry: auditLog, actorName: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(cond)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(cond);
  return { rows, total: Number(count?.n ?? 0) };
}
