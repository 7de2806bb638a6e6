import { z } from 'zod';
import { roleSchema, type Role } from './user.contract';
import { adminMessages } from './admin-messages.contract';
export { adminMessages, adminMessageType, type AdminMessageType } from './admin-messages.contract';

/**
 * Administration (issue 14): users and roles, live permissions, the audit log. One schema per request, shared by
 * the admin pages and the api routes; every refusal has a stable key in `adminMessages` (clients translate by key).
 */
const M = adminMessages;

/** Live events on the member's personal room `user:<id>`: the account was deactivated (sign out now) or changed. */
export const ACCOUNT_DEACTIVATED_EVENT = 'account.deactivated';
export const ACCOUNT_CHANGED_EVENT = 'account.changed';

/** The name of the permission that guards a route: its method and path, e.g. `GET /admin/users`. */
export const permissionName = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Roles an admin may give by hand: never COUNCIL or SECRETARY (those follow the chain). */
export const ASSIGNABLE_ROLES = [
  'MEMBER',
  'LEADER',
  'ADMIN',
  'SUPER_ADMIN',
  'CUSTOM',
] as const satisfies Role[];
/** Roles shown as columns of the permission matrix. */
export const PERMISSION_ROLES = [
  'MEMBER',
  'LEADER',
  'ADMIN',
  'SECRETARY',
  'COUNCIL',
  'SUPER_ADMIN',
  'CUSTOM',
] as const satisfies Role[];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M['admin.bad_date'])
  .optional();
const flag = z.enum(['true', 'false']).optional();

export const ADMIN_USER_SORTS = ['createdAt', 'username', 'email', 'role'] as const;
export const ADMIN_PAGE_SIZE = 20;

/** GET /api/admin/users (and /admin/users/export.csv) — search, filters, sort, page. */
export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  active: flag,
  hasDid: flag,
  createdFrom: day,
  createdTo: day,
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserRowSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  did: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  list: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid() });

/** One audit entry: who did what to which target, the state before and after, when, and the request. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminSessionSchema = z.object({
  _id: z.string(),
  method: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** GET /api/admin/users/:userId — the full profile, sessions and activity (audit entries about or by the user). */
export const adminUserDetailSchema = adminUserRowSchema.extend({
  country: z.string().nullable(),
  profile: z.record(z.string(), z.unknown()),
  didBoundAt: z.string().nullable(),
  updatedAt: z.string(),
  sessions: z.array(adminSessionSchema),
  activity: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** PUT /api/admin/users/:userId/role */
export const setUserRoleSchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES, M['admin.role_by_chain']),
});
export type SetUserRole = z.infer<typeof setUserRoleSchema>;

const reason = z.string().trim().min(10, M['admin.reason_required']).max(500);

/** PUT /api/admin/users/:userId/active — deactivating ends every session of the user at once. */
export const setUserActiveSchema = z.object({
  active: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});
export type SetUserActive = z.infer<typeof setUserActiveSchema>;

/** POST /api/admin/users/:userId/did-reset — unbinds the DID; the reason is required and audited. */
export const resetDidSchema = z.object({ reason });
export type ResetDid = z.infer<typeof resetDidSchema>;

/** GET /api/admin/audit — newest first, filtered. */
export const auditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  targetId: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(100).optional(),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = z.object({
  list: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;

export const permissionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  resourceType: z.string(),
  description: z.string(),
  method: z.string(),
  url: z.string(),
  roles: z.array(roleSchema),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionListSchema = z.object({ list: z.array(permissionSchema) });

/** PUT /api/admin/permission/grant — grant or withdraw one permission of one role; effective at once. */
export const setGrantSchema = z.object({
  permissionId: z.uuid(),
  role: roleSchema,
  granted: z.boolean(),
});
export type SetGrant = z.infer<typeof setGrantSchema>;
