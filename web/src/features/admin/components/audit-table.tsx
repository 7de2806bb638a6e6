import { Table, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@cr/contract/admin.contract';
import { ScrollHint } from '../../../components/scroll-hint';
import { formatDateTime } from '../../../lib/dates';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/**
 * Audit entries: when, who, what, target, before and after, reason, request id; wider than a phone, it scrolls
 * sideways as a keyboard stop named `label`.
 */
export function AuditTable({
  entries,
  loading,
  pagination,
  emptyText,
  label,
}: {
  entries: AuditEntry[];
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
  emptyText: string;
  /** What the table is, as its heading says ("Audit log", "Activity"). */
  label: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const actionLabel = (a: string) => {
    const key = `auditActions.${a.replace(/\./g, '_')}`;
    return i18n.exists(key, { ns: 'admin' }) ? t(key) : a;
  };
  return (
    <ScrollHint label={label}>
      <Table<AuditEntry>
        rowKey="_id"
        size="small"
        loading={loading}
        dataSource={entries}
        pagination={pagination}
        scroll={{ x: 900 }}
        locale={{ emptyText }}
        columns={[
          { title: t('when'), dataIndex: 'createdAt', render: (d: string) => formatDateTime(d), width: 170 },
          { title: t('who'), render: (_: unknown, e) => e.actor?.username ?? '—' },
          {
            title: t('what'),
            dataIndex: 'action',
            render: (a: string) => (
              <span title={a} data-action={a}>
                {actionLabel(a)}
              </span>
            ),
          },
          {
            title: t('target'),
            render: (_: unknown, e) => (
              <Typography.Text code>{`${e.targetType}${e.targetId ? `:${e.targetId}` : ''}`}</Typography.Text>
            ),
          },
          { title: t('before'), render: (_: unknown, e) => <code>{json(e.before)}</code> },
          { title: t('after'), render: (_: unknown, e) => <code>{json(e.after)}</code> },
          { title: t('reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
          {
            title: t('request'),
            dataIndex: 'requestId',
            ellipsis: true,
            render: (r: string | null) => r ?? '—',
          },
        ]}
      />
    </ScrollHint>
  );
}
