import { auditListSchema, auditQuerySchema } from '@cr/contract/admin.contract';
import { defineRoute, policy } from '../../http/route';
import { listAuditEntries } from './audit.service';

/** Read-only: the audit log has no route that edits or deletes (and its table refuses both). */
export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/audit',
    tag: 'admin',
    summary:
      'Admin: the audit log of privileged acts, newest first, filtered by action, actor, target and dates.',
    policy: policy.admin,
    query: auditQuerySchema,
    response: auditListSchema,
    handler: ({ deps, query }) => listAuditEntries(deps.database.db, query),
  }),
];
