import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Popconfirm, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  adminSuggestionListSchema,
  suggestionDetailSchema,
  type SuggestionStatus,
} from '@cr/contract/suggestion.contract';
import { api } from '../../../lib/api-client';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ScrollHint } from '../../../components/scroll-hint';
import { AdminPage } from '../components/admin-layout';
import { paths } from '../../../lib/paths';
import { personName } from '@cr/contract/person-name';
import { useFeedback } from '../../../lib/use-feedback';

type AdminList = z.infer<typeof adminSuggestionListSchema>;
type Row = AdminList['list'][number];
type Abuse = 'any' | 'REPORTED' | 'HANDLED';

const STATUSES: SuggestionStatus[] = ['ACTIVE', 'ARCHIVED', 'CANCELLED', 'ABUSED'];
const name = (a: Row['author']) => personName(a);

/**
 * /admin/suggestion: every suggestion with its abuse reports; an admin hides a reported suggestion (ABUSED) or
 * dismisses the report (both mark it HANDLED), and archives or unarchives. Every action asks first.
 * Texts live in the `suggestions` namespace (`admin.*`).
 */
export function AdminSuggestionsPage() {
  const { t, i18n } = useTranslation('suggestions');
  const { message } = useFeedback();
  const [abuse, setAbuse] = useState<Abuse>('REPORTED');
  const [status, setStatus] = useState<SuggestionStatus | 'any'>('any');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [data, setData] = useState<AdminList | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);

  const errorText = (err: unknown) => {
    if (err instanceof NetworkError) return t('errors.network');
    if (err instanceof ApiError) {
      const key = `errors.${err.type}`;
      if (i18n.exists(key, { ns: 'suggestions' })) return t(key);
    }
    return t('errors.generic');
  };

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(
        await api.get(
          '/api/admin/suggestion',
          {
            page,
            results: size,
            abuse,
            status: status === 'any' ? undefined : status,
            search: search || undefined,
          },
          { schema: adminSuggestionListSchema },
        ),
      );
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setLoading(false);
    }
    // errorText only reads translations
  }, [page, size, abuse, status, search, message]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (row: Row, what: 'hide' | 'dismiss' | 'archive' | 'unarchive') => {
    setBusy(`${row._id}:${what}`);
    try {
      if (what === 'hide' || what === 'dismiss')
        await api.post(
          `/api/admin/suggestion/${row._id}/abuse`,
          { action: what },
          { schema: suggestionDetailSchema },
        );
      else
        await api.post(`/api/suggestion/${row._id}/${what}`, undefined, { schema: suggestionDetailSchema });
      message.success(t(`admin.done.${what}`, { number: row.number }));
      await load();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const confirmButton = (row: Row, what: 'hide' | 'dismiss' | 'archive' | 'unarchive', danger = false) => (
    <Popconfirm
      key={what}
      title={t(`admin.confirm.${what}`, { number: row.number })}
      okText={t(`admin.actions.${what}`)}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger }}
      onConfirm={() => void act(row, what)}
    >
      <Button size="small" danger={danger} loading={busy === `${row._id}:${what}`}>
        {t(`admin.actions.${what}`)}
      </Button>
    </Popconfirm>
  );

  return (
    <AdminPage
      title={t('admin.title')}
      toolbar={
        <>
          <Segmented
            aria-label={t('admin.abuseFilter')}
            value={abuse}
            onChange={(v) => {
              setAbuse(v as Abuse);
              setPage(1);
            }}
            options={(['REPORTED', 'HANDLED', 'any'] as const).map((v) => ({
              value: v,
              label: t(`admin.abuse.${v}`),
            }))}
          />
          <Select
            aria-label={t('admin.status')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={[
              { value: 'any', label: t('admin.anyStatus') },
              ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            style={{ width: 170 }}
          />
          <Input.Search
            className="cr-toolbar__grow"
            aria-label={t('admin.search')}
            placeholder={t('admin.search')}
            allowClear
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
        </>
      }
    >
      <ScrollHint label={t('admin.title')}>
        <Table<Row>
          rowKey="_id"
          loading={loading}
          dataSource={data?.list ?? []}
          scroll={{ x: 820 }}
          locale={{ emptyText: t('admin.empty') }}
          pagination={{
            current: page,
            pageSize: size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20],
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
          expandable={{
            rowExpandable: (r) => r.reports.length > 0,
            expandedRowRender: (r) => (
              <ul className="sg-reports" aria-label={t('admin.reports')}>
                {r.reports.map((rep, i) => (
                  <li key={i}>
                    <strong>{name(rep.reporter)}</strong> · {formatDateTime(rep.createdAt)}
                    <div>
                      {rep.reason || (
                        <Typography.Text type="secondary">{t('admin.noReason')}</Typography.Text>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            ),
          }}
          columns={[
            { title: '#', dataIndex: 'number', width: 70 },
            {
              title: t('fields.title'),
              dataIndex: 'title',
              render: (title: string, r) => <Link to={paths.suggestion(r.number)}>{title}</Link>,
            },
            { title: t('admin.author'), render: (_: unknown, r) => name(r.author) },
            {
              title: t('admin.created'),
              dataIndex: 'createdAt',
              render: (d: string) => formatDate(d),
              width: 120,
            },
            {
              title: t('admin.status'),
              dataIndex: 'status',
              render: (s: SuggestionStatus) => (
                <Tag
                  color={s === 'ABUSED' ? 'red' : s === 'ACTIVE' ? 'green' : 'default'}
                  style={{ textTransform: 'capitalize' }}
                >
                  {t(`status.${s}`)}
                </Tag>
              ),
            },
            {
              title: t('admin.abuseColumn'),
              render: (_: unknown, r) =>
                r.abuseStatus ? (
                  <Tag color={r.abuseStatus === 'REPORTED' ? 'orange' : 'default'}>
                    {t(`admin.abuse.${r.abuseStatus}`)} ({r.reports.length})
                  </Tag>
                ) : null,
            },
            {
              title: t('admin.actionsColumn'),
              render: (_: unknown, r) => (
                <Space wrap size={4}>
                  {r.abuseStatus === 'REPORTED' && [
                    confirmButton(r, 'hide', true),
                    confirmButton(r, 'dismiss'),
                  ]}
                  {r.status === 'ACTIVE' && confirmButton(r, 'archive')}
                  {r.status === 'ARCHIVED' && confirmButton(r, 'unarchive')}
                </Space>
              ),
            },
          ]}
        />
      </ScrollHint>
    </AdminPage>
  );
}
