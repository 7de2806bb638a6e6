import {
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  permissionListSchema,
  resetDidSchema,
  setGrantSchema,
  setUserActiveSchema,
  setUserRoleSchema,
  userIdParamsSchema,
} from '@cr/contract/admin.contract';
import { opsStatusSchema } from '@cr/contract/ops-status.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import {
  exportAdminUsersCsv,
  getAdminUser,
  listAdminUsers,
  resetUserDid,
  setUserActive,
  setUserRole,
} from './admin-users.service';
import { grantAnswer, listPermissionMatrix, setGrant } from './permission.service';

/**
 * Administration (issue 14). Every route is `policy.admin`: a live permission held at first by ADMIN and
 * SUPER_ADMIN only (SUPER_ADMIN keeps the permission routes: nobody locks the admins out).
 */
export const adminRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/status',
    tag: 'admin',
    summary:
      'Admin: the operators’ figures now (queues, chain head and lag, relayers, chain actions by status, mail backlog, database, sockets), as /metrics exports them.',
    policy: policy.admin,
    response: opsStatusSchema,
    handler: ({ deps }) => deps.opsStatus(),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users',
    tag: 'admin',
    summary: 'Admin: users, searched by name, username, e-mail or DID, filtered, sorted and paged.',
    policy: policy.admin,
    query: adminUserListQuerySchema,
    response: adminUserListSchema,
    handler: ({ deps, query }) => listAdminUsers(deps, query),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/export.csv',
    tag: 'admin',
    summary: 'Admin: the filtered user list as CSV.',
    policy: policy.admin,
    query: adminUserListQuerySchema,
    raw: true,
    handler: async ({ deps, query, res }) => {
      const csv = await exportAdminUsersCsv(deps, query);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .setHeader('Content-Disposition', 'attachment; filename="users.csv"')
        .send(`\uFEFF${csv}`);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/:userId',
    tag: 'admin',
    summary: 'Admin: a user’s full profile, sessions and activity.',
    policy: policy.admin,
    params: userIdParamsSchema,
    response: adminUserDetailSchema,
    handler: ({ deps, params }) => getAdminUser(deps, params.userId),
  }),
  defineCommand({
    method: 'put',
    path: '/admin/users/:userId/role',
    tag: 'admin',
    summary: 'Admin: change a user’s role (never to or from COUNCIL or SECRETARY). Audited.',
    policy: policy.admin,
    params: userIdParamsSchema,
    body: setUserRoleSchema,
    response: adminUserDetailSchema,
    run: (tx, { user, params, body, requestId }) =>
      setUserRole(tx, { user: user!, requestId }, params.userId, body),
    answer: (userId, { deps }) => getAdminUser(deps, userId),
  }),
  defineCommand({
    method: 'put',
    path: '/admin/users/:userId/active',
    tag: 'admin',
    summary: 'Admin: deactivate (ending every session at once) or reactivate an account. Audited.',
    policy: policy.admin,
    params: userIdParamsSchema,
    body: setUserActiveSchema,
    response: adminUserDetailSchema,
    run: (tx, { user, params, body, requestId }) =>
      setUserActive(tx, { user: user!, requestId }, params.userId, body),
    answer: (userId, { deps }) => getAdminUser(deps, userId),
  }),
  defineCommand({
    method: 'post',
    path: '/admin/users/:userId/did-reset',
    tag: 'admin',
    summary: 'Admin: unbind a user’s DID, with a stated reason. Audited.',
    policy: policy.admin,
    params: userIdParamsSchema,
    body: resetDidSchema,
    response: adminUserDetailSchema,
    run: (tx, { user, params, body, requestId }) =>
      resetUserDid(tx, { user: user!, requestId }, params.userId, body),
    answer: (userId, { deps }) => getAdminUser(deps, userId),
  }),
  defineRoute({
    method: 'get',
    path: '/admin/permission',
    tag: 'admin',
    summary:
      'Admin: every permission (name, resource type, description, method, url) and the roles holding it.',
    policy: policy.admin,
    response: permissionListSchema,
    handler: ({ deps }) => listPermissionMatrix(deps),
  }),
  defineCommand({
    method: 'put',
    path: '/admin/permission/grant',
    tag: 'admin',
    summary: 'Admin: grant or withdraw a permission of a role; in force on every instance at once. Audited.',
    policy: policy.admin,
    body: setGrantSchema,
    response: permissionListSchema,
    run: (tx, { user, body, requestId }) => setGrant(tx, { user: user!, requestId }, body),
    answer: (changed, { deps }) => grantAnswer(deps, changed),
  }),
];
