import { useState } from 'react';
import { Alert, Button, Input, Modal, Segmented, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { teamRemoveSchema, type TeamSummary, type TeamType } from '@cr/contract/team.contract';
import { AdminPage } from '../../../components/admin-area-layout';
import { errorText } from '../../../lib/api-messages';
import { formatDate } from '../../../lib/dates';
import { useListData } from '../../../lib/use-list-data';
import { teamApi } from '../api/team-api';
import { teamPath } from '../components/team-card';
import { useFeedback } from '../../../lib/use-feedback';

/** Asks for the reason (kept in the audit log) before an admin removes a team or CRcle for good. */
function RemoveTeamDialog({ team, onClose }: { team: TeamSummary | null; onClose(removed: boolean): void }) {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = teamRemoveSchema.safeParse({ reason });
  const submit = async () => {
    if (!team || !parsed.success) return;
    setBusy(true);
    try {
      await teamApi.adminRemove(team._id, parsed.data.reason);
      void message.success(t('admin.removed', { name: team.name }));
      setReason('');
      onClose(true);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!team}
      title={t('admin.removeTitle', { name: team?.name ?? '' })}
      okText={t('admin.remove')}
      okButtonProps={{ danger: true, disabled: !parsed.success, loading: busy }}
      cancelText={t('form.cancel')}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('admin.removeWarning')}</Typography.Paragraph>
      <label htmlFor="team-remove-reason">{t('admin.reason')}</label>
      <Input.TextArea
        id="team-remove-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
        showCount
        autoSize={{ minRows: 3 }}
      />
      {reason && !parsed.success && (
        <Typography.Text type="danger">{t('messages.team.reason_required')}</Typography.Text>
      )}
    </Modal>
  );
}

/** /admin/teams: every team and CRcle, searchable, with removal (reason required, audited). */
export function AdminTeamsPage() {
  const { t } = useTranslation('teams');
  const [type, setType] = useState<TeamType>('TEAM');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<TeamSummary | null>(null);
  const query = { type, q: q || undefined, page };
  const { data, loading, error, reload, refreshQuietly } = useListData(
    (signal) => teamApi.list(query, signal),
    JSON.stringify(query),
  );
  return (
    <AdminPage
      title={t('translation:admin.teams')}
      toolbar={
        <>
          <Segmented<TeamType>
            value={type}
            onChange={(v) => {
              setType(v);
              setPage(1);
            }}
            options={[
              { value: 'TEAM', label: t('teams') },
              { value: 'CRCLE', label: t('crcles') },
            ]}
          />
          <Input.Search
            className="cr-toolbar__grow"
            aria-label={t('searchPlaceholder')}
            placeholder={t('searchPlaceholder')}
            allowClear
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
          />
        </>
      }
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{t('retry')}</Button>}
        />
      ) : (
        <Table<TeamSummary>
          rowKey="_id"
          loading={loading}
          dataSource={data?.list ?? []}
          scroll={{ x: 640 }}
          data-testid="admin-team-table"
          locale={{ emptyText: q ? t('emptySearch') : t(type === 'CRCLE' ? 'emptyCrcles' : 'empty') }}
          pagination={{
            current: page,
            pageSize: data?.pageSize ?? 10,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('admin.name'),
              key: 'name',
              render: (_, team) => <Link to={teamPath(team)}>{team.name}</Link>,
            },
            {
              title: t('admin.subcategory'),
              key: 'subcategory',
              render: (_, team) =>
                team.subcategory ? <Tag>{t(`subcategories.${team.subcategory}`)}</Tag> : '—',
            },
            { title: t('owner'), key: 'owner', render: (_, team) => team.owner.name || team.owner.username },
            {
              title: t('membersTitle'),
              key: 'members',
              align: 'right',
              render: (_, team) => team.memberCount,
            },
            { title: t('admin.created'), key: 'created', render: (_, team) => formatDate(team.createdAt) },
            {
              title: t('admin.actions'),
              key: 'actions',
              render: (_, team) => (
                <Button danger size="small" onClick={() => setRemoving(team)}>
                  {t('admin.remove')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <RemoveTeamDialog
        team={removing}
        onClose={(removed) => {
          setRemoving(null);
          if (removed) refreshQuietly();
        }}
      />
    </AdminPage>
  );
}
