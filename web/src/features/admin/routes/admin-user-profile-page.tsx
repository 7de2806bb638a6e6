import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES, type AdminUserDetail } from '@cr/contract/admin.contract';
import { personName } from '@cr/contract/person-name';
import type { Role } from '@cr/contract/user.contract';
import { PageLoading } from '../../../components/page-loading';
import { ScrollHint } from '../../../components/scroll-hint';
import { errorText } from '../../../lib/api-messages';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../../lib/auth-store';
import { useLoad } from '../../../lib/use-load';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import { AuditTable } from '../components/audit-table';
import { useFeedback } from '../../../lib/use-feedback';

type Session = AdminUserDetail['sessions'][number];
type Dialog = { kind: 'role'; role: Role } | { kind: 'active' } | { kind: 'did' } | null;

/** /admin/profile/:userId — the full profile, sessions and activity; role, (de)activation and DID reset. */
export function AdminUserProfilePage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { message } = useFeedback();
  const { user: me } = useAuth();
  const { userId = '' } = useParams();
  const { data, error, loading, reload } = useLoad((signal) => adminApi.user(userId, signal), userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  if (loading && !data) return <PageLoading shape="detail" />;
  if (error || !data)
    return (
      <AdminPage title={ta('profile')}>
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={
            <Space>
              <Button onClick={reload}>{ta('retry')}</Button>
              <Link to={paths.adminUsers()}>{ta('back')}</Link>
            </Space>
          }
        />
      </AdminPage>
    );

  const u = data;
  const who = u.username;
  const self = me?._id === u._id;
  const chainRole = u.role === 'COUNCIL' || u.role === 'SECRETARY';
  const close = () => {
    setDialog(null);
    setReason('');
  };
  const run = async () => {
    if (!dialog) return;
    setBusy(true);
    try {
      if (dialog.kind === 'role') {
        await adminApi.setRole(u._id, { role: dialog.role as (typeof ASSIGNABLE_ROLES)[number] });
        void message.success(ta('roleChanged'));
      } else if (dialog.kind === 'active') {
        await adminApi.setActive(u._id, { active: !u.active, reason: reason.trim() || undefined });
        void message.success(ta(u.active ? 'deactivated' : 'reactivated'));
      } else {
        await adminApi.resetDid(u._id, { reason: reason.trim() });
        void message.success(ta('didReset'));
      }
      close();
      reload();
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const dialogTitle =
    dialog?.kind === 'role'
      ? ta('confirmRole', { user: who, role: t(`profile.roles.${dialog.role}`) })
      : dialog?.kind === 'active'
        ? ta(u.active ? 'confirmDeactivate' : 'confirmReactivate', { user: who })
        : ta('resetDidTitle', { user: who });

  return (
    <AdminPage title={`${ta('profile')}: ${who}`}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: ta('username'), children: u.username },
          { key: 'name', label: ta('name'), children: personName(u) },
          { key: 'email', label: ta('email'), children: u.email ?? '—' },
          { key: 'role', label: ta('role'), children: <Tag>{t(`profile.roles.${u.role}`)}</Tag> },
          {
            key: 'status',
            label: ta('status'),
            children: (
              <Tag color={u.active ? 'green' : 'red'} data-testid="admin-user-status">
                {u.active ? ta('active') : ta('inactive')}
              </Tag>
            ),
          },
          { key: 'country', label: ta('country'), children: u.country ?? '—' },
          {
            key: 'did',
            label: ta('did'),
            children: <Typography.Text copyable={!!u.did}>{u.did ?? '—'}</Typography.Text>,
          },
          {
            key: 'didBoundAt',
            label: ta('didBoundAt'),
            children: u.didBoundAt ? formatDateTime(u.didBoundAt) : '—',
          },
          { key: 'created', label: ta('created'), children: formatDateTime(u.createdAt) },
          { key: 'updated', label: ta('updated'), children: formatDateTime(u.updatedAt) },
        ]}
      />

      {!self && (
        <section className="cr-admin-actions" aria-label={ta('actions')}>
          <Space wrap style={{ marginTop: 16 }}>
            <Select<Role>
              aria-label={ta('changeRole')}
              placeholder={ta('changeRole')}
              disabled={chainRole}
              value={null as unknown as Role}
              onChange={(role) => role !== u.role && setDialog({ kind: 'role', role })}
              options={ASSIGNABLE_ROLES.filter(
                (r) => r !== u.role && (r !== 'SUPER_ADMIN' || me?.role === 'SUPER_ADMIN'),
              ).map((r) => ({ value: r, label: `${t(`profile.roles.${r}`)} (${r})` }))}
              style={{ width: 220 }}
            />
            <Button danger={u.active} onClick={() => setDialog({ kind: 'active' })}>
              {u.active ? ta('deactivate') : ta('reactivate')}
            </Button>
            <Button danger disabled={!u.did} onClick={() => setDialog({ kind: 'did' })}>
              {ta('resetDid')}
            </Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {ta('roleHint')}
          </Typography.Paragraph>
        </section>
      )}

      <Modal
        open={!!dialog}
        title={dialogTitle}
        okText={ta('confirm')}
        cancelText={ta('cancel')}
        okButtonProps={{
          danger: dialog?.kind !== 'role',
          loading: busy,
          disabled: dialog?.kind === 'did' && reason.trim().length < 10,
        }}
        onOk={() => void run()}
        onCancel={close}
        destroyOnHidden
      >
        {dialog?.kind === 'did' && <p>{ta('resetDidHint')}</p>}
        {dialog && dialog.kind !== 'role' && (
          <Input.TextArea
            aria-label={dialog.kind === 'did' ? ta('reason') : ta('reasonOptional')}
            placeholder={dialog.kind === 'did' ? ta('reason') : ta('reasonOptional')}
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Modal>

      <Typography.Title level={3} style={{ marginTop: 24 }}>
        {ta('sessions')}
      </Typography.Title>
      <ScrollHint label={ta('sessions')}>
        <Table<Session>
          rowKey="_id"
          size="small"
          dataSource={u.sessions}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: ta('sessionsEmpty') }}
          columns={[
            { title: ta('method'), dataIndex: 'method' },
            { title: ta('created'), dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
            {
              title: ta('lastUsed'),
              dataIndex: 'lastUsedAt',
              render: (d: string | null) => (d ? formatDateTime(d) : '—'),
            },
            { title: ta('expires'), dataIndex: 'expiresAt', render: (d: string) => formatDateTime(d) },
            {
              title: ta('sessionState'),
              render: (_: unknown, s) =>
                s.revokedAt || new Date(s.expiresAt) < new Date() ? (
                  <Tag>{ta('ended')}</Tag>
                ) : (
                  <Tag color="green">{ta('open')}</Tag>
                ),
            },
          ]}
        />
      </ScrollHint>

      <Typography.Title level={3} style={{ marginTop: 24 }}>
        {ta('activity')}
      </Typography.Title>
      <AuditTable
        entries={u.activity}
        pagination={false}
        emptyText={ta('activityEmpty')}
        label={ta('activity')}
      />
    </AdminPage>
  );
}
