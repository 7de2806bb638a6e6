import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSION_ROLES, type Permission } from '@cr/contract/admin.contract';
import type { Role } from '@cr/contract/user.contract';
import { errorText } from '../../../lib/api-messages';
import { useLoad } from '../../../lib/use-load';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * /admin/permission: every permission (name, resource type, description, method, url) against every role. A
 * change asks first and is in force on every api instance at once; a permission no role holds is refused to all.
 */
export function AdminPermissionsPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { message } = useFeedback();
  const [tick, setTick] = useState(0);
  const { data, error, loading, reload } = useLoad((signal) => adminApi.permissions(signal), tick);
  const [list, setList] = useState<Permission[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const all = list ?? data?.list ?? [];
  const [search, setSearch] = useState('');
  const [area, setArea] = useState<string | null>(null);
  const areas = useMemo(() => [...new Set(all.map((p) => p.resourceType))].sort(), [all]);
  const words = search.trim().toLowerCase();
  const rows = all.filter(
    (p) =>
      (!area || p.resourceType === area) &&
      (!words || `${p.name} ${p.description}`.toLowerCase().includes(words)),
  );
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
        <>
          <Flex gap={8} wrap style={{ marginBottom: 12 }}>
            <Input.Search
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={ta('permissionSearch')}
              aria-label={ta('permissionSearch')}
              style={{ maxWidth: 320 }}
              data-testid="permission-search"
            />
            <Select
              allowClear
              value={area}
              onChange={(v?: string) => setArea(v ?? null)}
              placeholder={ta('allResourceTypes')}
              aria-label={ta('resourceTypeFilter')}
              style={{ minWidth: 180 }}
              options={areas.map((a) => ({ value: a, label: a }))}
            />
          </Flex>
          <Table<Permission>
            rowKey="_id"
            size="small"
            loading={loading && !list}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 1200 }}
            locale={{ emptyText: ta(all.length ? 'permissionsNoMatch' : 'permissionsEmpty') }}
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
        </>
      )}
    </AdminPage>
  );
}
