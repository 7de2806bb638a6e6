import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Input, List, Pagination, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  ELIP_PUBLIC_STATUSES,
  ELIP_STATUSES,
  ELIP_TYPES,
  type ElipListQuery,
} from '@cr/contract/elip.contract';
import { EmptyState } from '../../../components/empty-state';
import { ExportCsvButton } from '../../../components/list-view/export-csv-button';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { DATE_FORMAT, formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useListData } from '../../../lib/use-list-data';
import { elipApi } from '../api/elip-api';
import { ElipStatusTag } from '../components/elip-status-tag';
import '../elips.css';
import '../../../components/list-view/list-view.css';

/** /elips — filter by status, type and creation date, search, sort, CSV export of the filtered list, paging. */
export function ElipListPage() {
  const { t } = useTranslation('elips');
  const { is_login, is_secretary, is_admin } = useAuth();
  const secretariat = is_secretary || is_admin;
  // The secretariat sees every status; the others see the public ones (and their own ELIPs).
  const statuses = secretariat || is_login ? ELIP_STATUSES : ELIP_PUBLIC_STATUSES;
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [type, setType] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [sort, setSort] = useState<'createdAt' | 'updatedAt'>('createdAt');
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    status: status as ElipListQuery['status'],
    type: type as ElipListQuery['type'],
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    sort,
    page,
  } satisfies ElipListQuery;
  const { data, loading, error, reload } = useListData(
    (signal) => elipApi.list(query, signal),
    JSON.stringify(query),
  );
  const filtered = !!(q || status || type || range);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ title: t('title') }]}
        subtitle={t('subtitle')}
        extra={
          <Link to={is_login ? paths.elipCreate() : paths.login()}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="elip-add">
              {t('add')}
            </Button>
          </Link>
        }
      />
      <Card className="cr-card">
        <div className="cr-toolbar cr-elip-toolbar">
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(v) => reset(setQ)(v.trim())}
            className="cr-elip-toolbar__search"
            data-testid="elip-search"
          />
          <Select
            aria-label={t('status')}
            placeholder={t('allStatuses')}
            allowClear
            value={status}
            onChange={reset(setStatus)}
            options={statuses.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            className="cr-elip-toolbar__select"
            data-testid="elip-status-filter"
          />
          <Select
            aria-label={t('type')}
            placeholder={t('allTypes')}
            allowClear
            value={type}
            onChange={reset(setType)}
            options={ELIP_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            className="cr-elip-toolbar__select"
          />
          <DatePicker.RangePicker
            aria-label={t('createdRange')}
            format={DATE_FORMAT}
            value={range}
            onChange={(v) => reset(setRange)(v as [Dayjs | null, Dayjs | null] | null)}
            className="cr-elip-toolbar__range"
          />
          <Select
            aria-label={t('sortBy')}
            value={sort}
            onChange={reset(setSort)}
            options={[
              { value: 'createdAt', label: t('created') },
              { value: 'updatedAt', label: t('updated') },
            ]}
            className="cr-elip-toolbar__sort"
          />
          <ExportCsvButton
            query={query}
            download={(f) => elipApi.exportCsv(f)}
            fallbackName="elips.csv"
            label={t('exportCsv')}
            errorText={(err) => errorText(t, err)}
            testId="elip-export"
          />
        </div>
        {loading ? (
          <PageLoading shape="list" />
        ) : error ? (
          <Alert
            type="error"
            showIcon
            title={errorText(t, error)}
            action={<Button onClick={reload}>{t('retry')}</Button>}
          />
        ) : !data || data.list.length === 0 ? (
          <EmptyState description={filtered ? t('emptySearch') : t('empty')} />
        ) : (
          <>
            <List
              data-testid="elip-list"
              dataSource={data.list}
              renderItem={(e) => (
                <List.Item className="cr-elip-row">
                  <div className="cr-elip-row__main">
                    <Link to={paths.elip(e.number)} className="cr-elip-row__title">
                      #{e.number} {e.title}
                    </Link>
                    <Space size={[8, 4]} wrap className="cr-elip-muted">
                      <ElipStatusTag status={e.status} />
                      <span>{t(`types.${e.type}`)}</span>
                      <span>
                        {t('author')}: {e.author.name}
                      </span>
                      <span>
                        {t('created')}: {formatDate(e.createdAt)}
                      </span>
                      <span>
                        {t('updated')}: {formatDate(e.updatedAt)}
                      </span>
                    </Space>
                  </div>
                </List.Item>
              )}
            />
            {data.total > data.pageSize && (
              <Pagination
                className="cr-list-pagination"
                current={page}
                pageSize={data.pageSize}
                total={data.total}
                showSizeChanger={false}
                onChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
              />
            )}
          </>
        )}
      </Card>
    </>
  );
}
