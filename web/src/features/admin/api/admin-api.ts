import {
  adminUserDetailSchema,
  adminUserListSchema,
  auditListSchema,
  permissionListSchema,
  type AdminUserListQuery,
  type AuditQuery,
  type ResetDid,
  type SetGrant,
  type SetUserActive,
  type SetUserRole,
} from '@cr/contract/admin.contract';
import { opsStatusSchema } from '@cr/contract/ops-status.contract';
import { siteSettingsSchema, type UpdateSiteSettings } from '@cr/contract/site.contract';
import { api, downloadBlob } from '../../../lib/api-client';

type Query = Record<string, string | number | undefined>;
const user = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** The admin routes of api/src/modules/admin and audit (each a live permission checked by the server). */
export const adminApi = {
  users: (query: Partial<AdminUserListQuery>, signal?: AbortSignal) =>
    api.get('/api/admin/users', query as Query, { schema: adminUserListSchema, signal }),
  exportUsers: (query: Partial<AdminUserListQuery>) =>
    downloadBlob('/api/admin/users/export.csv', query as Query),
  user: (id: string, signal?: AbortSignal) =>
    api.get(user(id), undefined, { schema: adminUserDetailSchema, signal }),
  setRole: (id: string, body: SetUserRole) =>
    api.put(`${user(id)}/role`, body, { schema: adminUserDetailSchema }),
  setActive: (id: string, body: SetUserActive) =>
    api.put(`${user(id)}/active`, body, { schema: adminUserDetailSchema }),
  resetDid: (id: string, body: ResetDid) =>
    api.post(`${user(id)}/did-reset`, body, { schema: adminUserDetailSchema }),
  audit: (query: Partial<AuditQuery>, signal?: AbortSignal) =>
    api.get('/api/admin/audit', query as Query, { schema: auditListSchema, signal }),
  permissions: (signal?: AbortSignal) =>
    api.get('/api/admin/permission', undefined, { schema: permissionListSchema, signal }),
  setGrant: (body: SetGrant) =>
    api.put('/api/admin/permission/grant', body, { schema: permissionListSchema }),
  status: (signal?: AbortSignal) =>
    api.get('/api/admin/status', undefined, { schema: opsStatusSchema, signal }),
  settings: (signal?: AbortSignal) =>
    api.get('/api/site/settings', undefined, { schema: siteSettingsSchema, signal }),
  saveSettings: (body: UpdateSiteSettings) =>
    api.put('/api/admin/site/settings', body, { schema: siteSettingsSchema }),
};
