import { useState } from 'react';
import { Alert, Button, DatePicker, Input, Select, Table, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, type AdminUserListQuery, type AdminUserRow } from '@cr/contract/admin.contract';
import { roleSchema, type Role } from '@cr/contract/user.contract';
import { personName } from '@cr/contract/person-name';
import { ExportCsvButton } from '../../../components/list-view/export-csv-button';
import { errorText } from '../../../lib/api-messages';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import '../admin.css';

type Filters = Omit<AdminUserListQuery, 'page' | 'pageSize'>;
const ROLES = roleSchema.options;
const DEFAULTS: Filters = { sort: 'createdAt', order: 'desc' };

/** /admin/users: the server-paged user list, searched, filtered, sorted, exported as CSV. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>(DEFAULTS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE);
  const query = { ...filters, page, pageSize };
  const { data, error, loading, reload } = useLoad(
    (signal) => adminApi.users(query, signal),
    JSON.stringify(query),
  );
  const change = (c: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...c }));
    setPage(1);
  };
  const range = (d: [Dayjs | null, Dayjs | null] | null) =>
    change({ createdFrom: d?.[0]?.format('YYYY-MM-DD'), createdTo: d?.[1]?.format('YYYY-MM-DD') });

  return (
    <AdminPage
      title={t('admin.users')}
      toolbar={
        <>
          <Input.Search
            className="cr-toolbar__grow"
            aria-label={ta('search')}
            placeholder={ta('search')}
            allowClear
            onSearch={(v) => change({ q: v.trim() || undefined })}
          />
          <Select<Role | ''>
            aria-label={ta('role')}
            value={filters.role ?? ''}
            onChange={(v) => change({ role: v || undefined })}
            options={[
              { value: '', label: ta('anyRole') },
              ...ROLES.map((r) => ({ value: r, label: `${t(`profile.roles.${r}`)} (${r})` })),
            ]}
            style={{ width: 200 }}
          />
          <Select<'' | 'true' | 'false'>
            aria-label={ta('status')}
            value={filters.active ?? ''}
            onChange={(v) => change({ active: v || undefined })}
            options={[
              { value: '', label: ta('anyStatus') },
              { value: 'true', label: ta('active') },
              { value: 'false', label: ta('inactive') },
            ]}
            style={{ width: 150 }}
          />
          <Select<'' | 'true' | 'false'>
            aria-label={ta('did')}
            value={filters.hasDid ?? ''}
            onChange={(v) => change({ hasDid: v || undefined })}
            options={[
              { value: '', label: ta('anyDid') },
              { value: 'true', label: ta('hasDid') },
              { value: 'false', label: ta('noDid') },
            ]}
            style={{ width: 190 }}
          />
          <DatePicker.RangePicker
            aria-label={ta('createdRange')}
            placeholder={[ta('createdRange'), ta('createdRange')]}
            onChange={(d) => range(d)}
          />
          <ExportCsvButton
            query={query}
            download={({ pageSize: _size, ...f }) => adminApi.exportUsers(f)}
            fallbackName="users.csv"
            label={ta('exportCsv')}
            errorText={(err) => errorText(t, err)}
            testId="admin-users-export"
          />
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
        <Table<AdminUserRow>
          rowKey="_id"
          loading={loading}
          dataSource={data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: ta('usersEmpty') }}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (n) => ta('total', { count: n }),
          }}
          onChange={(p, _f, sorter) => {
            const s = sorter as SorterResult<AdminUserRow>;
            const field = typeof s.field === 'string' ? s.field : undefined;
            const sort = s.order && field ? (field as Filters['sort']) : 'createdAt';
            const order = s.order === 'ascend' ? 'asc' : 'desc';
            if (sort !== filters.sort || order !== filters.order) change({ sort, order });
            else {
              setPage(p.pageSize !== pageSize ? 1 : (p.current ?? 1));
              setPageSize(p.pageSize ?? ADMIN_PAGE_SIZE);
            }
          }}
          columns={[
            {
              title: ta('username'),
              dataIndex: 'username',
              sorter: true,
              sortOrder:
                filters.sort === 'username' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
              // The person's name under the username: one column, so neither wraps into a narrow one.
              render: (name: string, r) => {
                const person = personName(r);
                return (
                  <div className="ad-user-cell">
                    <Link to={paths.adminUserProfile(r._id)}>{name}</Link>
                    {person !== name && <span className="ad-user-cell__name">{person}</span>}
                  </div>
                );
              },
            },
            {
              title: ta('email'),
              dataIndex: 'email',
              ellipsis: true,
              sorter: true,
              sortOrder: filters.sort === 'email' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
            },
            {
              title: ta('role'),
              dataIndex: 'role',
              sorter: true,
              sortOrder: filters.sort === 'role' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
              render: (r: Role) => <Tag>{t(`profile.roles.${r}`)}</Tag>,
            },
            {
              title: ta('did'),
              dataIndex: 'did',
              // Its start and its end (what tells two DIDs apart); the whole DID on hover and for copying.
              render: (d: string | null) =>
                d ? (
                  <Typography.Text className="ad-did" copyable={{ text: d }} title={d}>
                    {d.length > 26 ? `${d.slice(0, 16)}…${d.slice(-6)}` : d}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
            {
              title: ta('status'),
              dataIndex: 'active',
              render: (a: boolean) => (
                <Tag color={a ? 'green' : 'red'}>{a ? ta('active') : ta('inactive')}</Tag>
              ),
            },
            {
              title: ta('created'),
              dataIndex: 'createdAt',
              className: 'ad-nowrap',
              sorter: true,
              sortOrder:
                filters.sort === 'createdAt' ? (filters.order === 'asc' ? 'ascend' : 'descend') : null,
              render: (d: string) => formatDate(d),
            },
          ]}
        />
      )}
    </AdminPage>
  );
}
