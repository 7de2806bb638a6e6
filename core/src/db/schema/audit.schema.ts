import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only record of every privileged act (role change, deactivation, DID reset, permission change, settings).
 * Written in the same transaction as the act; a trigger refuses UPDATE and DELETE (custom SQL of its migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The acting user's id; no foreign key, so no cascade ever rewrites an entry. */
    actorId: uuid('actor_id'),
    /** What was done, e.g. user.role, user.deactivate, permission.grant, site.settings. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
