import { useState } from 'react';
import { Alert, Button, DatePicker, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, type AuditQuery } from '@cr/contract/admin.contract';
import { errorText } from '../../../lib/api-messages';
import { useLoad } from '../../../lib/use-load';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import { AuditTable } from '../components/audit-table';

type Filters = Omit<AuditQuery, 'page' | 'pageSize'>;

/** /admin/audit: the append-only log of privileged acts, newest first, filtered (read-only). */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE);
  const query = { ...filters, page, pageSize };
  const { data, error, loading, reload } = useLoad(
    (signal) => adminApi.audit(query, signal),
    JSON.stringify(query),
  );
  const change = (c: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...c }));
    setPage(1);
  };
  const range = (d: [Dayjs | null, Dayjs | null] | null) =>
    change({ from: d?.[0]?.format('YYYY-MM-DD'), to: d?.[1]?.format('YYYY-MM-DD') });

  return (
    <AdminPage
      title={ta('audit')}
      toolbar={
        <>
          <Input.Search
            aria-label={ta('actionFilter')}
            placeholder={ta('actionFilter')}
            allowClear
            onSearch={(v) => change({ action: v.trim() || undefined })}
            style={{ maxWidth: 240 }}
          />
          <Input.Search
            aria-label={ta('actorFilter')}
            placeholder={ta('actorFilter')}
            allowClear
            onSearch={(v) => change({ actor: v.trim() || undefined })}
            style={{ maxWidth: 240 }}
          />
          <Input.Search
            aria-label={ta('targetFilter')}
            placeholder={ta('targetFilter')}
            allowClear
            onSearch={(v) => change({ targetId: v.trim() || undefined })}
            style={{ maxWidth: 240 }}
          />
          <DatePicker.RangePicker aria-label={ta('when')} onChange={(d) => range(d)} />
        </>
      }
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{ta('retry')}</Button>}
        />
      ) : (
        <AuditTable
          entries={data?.list ?? []}
          loading={loading}
          emptyText={ta('auditEmpty')}
          label={ta('audit')}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
        />
      )}
    </AdminPage>
  );
}
