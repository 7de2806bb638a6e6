import { useState } from 'react';
import { Alert, App, Button, Checkbox, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSION_ROLES, type Permission } from '@cr/api/contract/admin.contract';
import type { Role } from '@cr/api/contract/user.contract';
import { errorText } from '../../../lib/api-messages';
import { useLoad } from '../../../lib/use-load';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';

/**
 * /admin/permission: every permission (name, resource type, description, method, url) against every role. A
 * change asks first and is in force on every api instance at once; a permission no role holds is refused to all.
 */
export function AdminPermissionsPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { message } = App.useApp();
  const [tick, setTick] = useState(0);
  const { data, error, loading, reload } = useLoad((signal) => adminApi.permissions(signal), tick);
  const [list, setList] = useState<Permission[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = list ?? data?.list ?? [];
  const roleName = (r: Role) => `${t(`profile.roles.${r}`)} (${r})`;

  const toggle = async (p: Permission, role: Role, granted: boolean) => {
    setBusy(`${p._id}:${role}`);
    try {
      const next = await adminApi.setGrant({ permissionId: p._id, role, granted });
      setList(next.list);
      void message.success(ta(granted ? 'granted' : 'revoked'));
    } catch (err) {
      void message.error(errorText(t, err));
      setList(null);
      setTick((n) => n + 1);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminPage title={t('admin.permissions')}>
      <Typography.Paragraph type="secondary">{ta('permissionsHint')}</Typography.Paragraph>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{ta('retry')}</Button>}
        />
      ) : (
        <Table<Permission>
          rowKey="_id"
          size="small"
          loading={loading && !list}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1200 }}
          locale={{ emptyText: ta('permissionsEmpty') }}
          columns={[
            {
              title: ta('permission'),
              width: 230,
              render: (_: unknown, p) => (
                <div>
                  <Tag>{p.method}</Tag>
                  <Typography.Text code>{p.url}</Typography.Text>
                  <div className="cr-muted" style={{ fontSize: 12 }}>
                    {ta('resourceType')}: {p.resourceType}
                  </div>
                </div>
              ),
            },
            { title: ta('description'), dataIndex: 'description', width: 280 },
            ...PERMISSION_ROLES.map((role) => ({
              title: roleName(role),
              key: role,
              width: 110,
              align: 'center' as const,
              render: (_: unknown, p: Permission) => {
                const has = p.roles.includes(role);
                return (
                  <Popconfirm
                    title={ta(has ? 'confirmRevoke' : 'confirmGrant', {
                      permission: p.name,
                      role: roleName(role),
                    })}
                    okText={ta('confirm')}
                    cancelText={ta('cancel')}
                    okButtonProps={{ danger: has }}
                    onConfirm={() => void toggle(p, role, !has)}
                  >
                    <Checkbox
                      checked={has}
                      disabled={busy === `${p._id}:${role}`}
                      aria-label={`${p.name} · ${roleName(role)}`}
                      data-testid={`grant-${p.name}-${role}`}
                    />
                  </Popconfirm>
                );
              },
            })),
          ]}
        />
      )}
    </AdminPage>
  );
}
