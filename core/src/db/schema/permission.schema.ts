import { pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A privileged route as a permission (spec §3: name, resource type, description, HTTP method, url). One row per
 * route of policy `permission`, registered at start-up; the admin grants it to roles (role_permissions).
 */
export const permissions = pgTable(
  'permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    resourceType: text('resource_type').notNull(),
    description: text('description').notNull().default(''),
    httpMethod: text('http_method').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('permissions_name_uq').on(t.name),
    uniqueIndex('permissions_route_uq').on(t.httpMethod, t.url),
  ],
);

/** Which role holds which permission; no row = refused (deny by default). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role').notNull(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.role, t.permissionId] })],
);
export type PermissionRow = typeof permissions.$inferSelect;
