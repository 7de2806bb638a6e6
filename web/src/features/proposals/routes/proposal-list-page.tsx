import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Input, Pagination, Select, Skeleton, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChainHeight } from '../../../components/block-eta/block-eta';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { saveBlob } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { DATE_FORMAT } from '../../../lib/dates';
import { listenRoom } from '../../../components/chain-status/live-socket';
import {
  PROPOSAL_LIST_ROOM,
  PROPOSAL_UPDATE_EVENT,
  type ProposalList,
} from '@cr/api/contract/proposal.contract';
import { proposalApi, type ListQuery } from '../api/proposal-api';
import { ProposalRow } from '../components/proposal-row';
import { VoteLegend } from '../components/vote-legend';
import { useProposalErrorText } from '../model/error-text';
import { LISTED_STATUSES, PROPOSAL_STATUSES } from '../model/proposal-status';
import '../proposals.css';

const SEARCH_BY = ['any', 'title', 'number', 'proposer'] as const;
const SORTS = ['newest', 'oldest', 'endingSoon', 'number'] as const;
const DEFAULTS: Record<string, string> = { searchBy: 'any', sortBy: 'newest', results: '10' };
const ISO_DAY = 'YYYY-MM-DD';
/** Changes arriving together (a block carrying several votes) cause one reload. */
const RELOAD_DEBOUNCE_MS = 400;

function queryFromUrl(params: URLSearchParams, council: boolean): ListQuery {
  const status = params.get('status') ?? undefined;
  const allowed: readonly string[] = council ? PROPOSAL_STATUSES : LISTED_STATUSES;
  const searchBy = params.get('searchBy');
  const sortBy = params.get('sortBy');
  const page = Number(params.get('page'));
  const day = (v: string | null) => (v && dayjs(v, ISO_DAY, true).isValid() ? v : undefined);
  return {
    status: status && allowed.includes(status) ? status : undefined,
    search: params.get('search')?.trim() || undefined,
    searchBy: SEARCH_BY.find((s) => s === searchBy) ?? 'any',
    createdFrom: day(params.get('from')),
    createdTo: day(params.get('to')),
    unvotedByMe: council && params.get('unvoted') === '1' ? true : undefined,
    sortBy: SORTS.find((s) => s === sortBy) ?? 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    results: [20, 50].includes(Number(params.get('results'))) ? Number(params.get('results')) : 10,
  };
}

/** /proposals: status, dates, search, "unvoted by me", sort and page live in the URL (shareable, bookmarkable). */
export function ProposalListPage() {
  const { t } = useTranslation('proposals');
  const { is_council } = useAuth();
  const { message } = App.useApp();
  const errorText = useProposalErrorText();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromUrl(params, is_council), [params, is_council]);
  const [data, setData] = useState<ProposalList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [searchText, setSearchText] = useState(query.search ?? '');
  const [exporting, setExporting] = useState(false);

  useEffect(() => setSearchText(query.search ?? ''), [query.search]);

  // Live: any proposal's change (status, votes, veto total, a new proposal) reloads the page in place, quietly.
  const [changes, setChanges] = useState(0);
  const quiet = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let joinedBefore = false;
    const changed = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        quiet.current = true;
        setChanges((n) => n + 1);
      }, RELOAD_DEBOUNCE_MS);
    };
    const stop = listenRoom(PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, changed, (ok) => {
      // After a reconnect, updates sent while away were missed: read the page again.
      if (ok && joinedBefore) changed();
      if (ok) joinedBefore = true;
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    setError(null);
    proposalApi
      .list(query, ctrl.signal)
      .then((res) => {
        setData(res);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setError(err);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [query, changes]);

  /** Writes changed values to the URL; any change but the page goes back to page 1. */
  function update(change: Record<string, string | undefined>, resetPage = true) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined || v === '' || v === DEFAULTS[k]) next.delete(k);
      else next.set(k, v);
    }
    if (resetPage) next.delete('page');
    setParams(next);
  }

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _p, results: _r, ...rest } = query;
      const { blob, filename } = await proposalApi.exportCsv(rest);
      saveBlob(blob, filename ?? 'proposals.csv');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const statuses = is_council ? PROPOSAL_STATUSES : LISTED_STATUSES;
  const total = data?.total ?? 0;
  const filtered = !!(
    query.status ||
    query.search ||
    query.createdFrom ||
    query.createdTo ||
    query.unvotedByMe
  );

  return (
    <>
      <PageHeader
        title={t('list.title')}
        breadcrumbs={[{ title: t('list.title') }]}
        subtitle={t('list.subtitle')}
        extra={<ChainHeight />}
      />
      <Card className="cr-card">
        <div className="cr-toolbar pr-toolbar" role="search">
          <Space.Compact className="cr-toolbar__grow pr-search">
            <Select
              aria-label={t('list.searchBy')}
              value={query.searchBy}
              onChange={(v) => update({ searchBy: v, search: searchText.trim() || undefined })}
              options={SEARCH_BY.map((o) => ({ value: o, label: t(`list.searchBys.${o}`) }))}
              className="pr-search__by"
              popupMatchSelectWidth={false}
            />
            <Input.Search
              aria-label={t('list.searchPlaceholder')}
              placeholder={t(`list.searchHints.${query.searchBy ?? 'any'}`)}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onSearch={(v) => update({ search: v.trim() || undefined })}
              inputMode={query.searchBy === 'number' ? 'numeric' : undefined}
              allowClear
              enterButton
              data-testid="proposal-search"
            />
          </Space.Compact>
          <Select
            aria-label={t('list.statusFilter')}
            value={query.status ?? 'ALL'}
            onChange={(v) => update({ status: v === 'ALL' ? undefined : v })}
            options={[
              { value: 'ALL', label: t('list.anyStatus') },
              ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            className="pr-filter-status"
            popupMatchSelectWidth={false}
            data-testid="status-filter"
          />
          <DatePicker.RangePicker
            aria-label={t('list.dateRange')}
            placeholder={[t('list.dateFrom'), t('list.dateTo')]}
            format={DATE_FORMAT}
            value={[
              query.createdFrom ? dayjs(query.createdFrom, ISO_DAY) : null,
              query.createdTo ? dayjs(query.createdTo, ISO_DAY) : null,
            ]}
            allowEmpty={[true, true]}
            onChange={(range) =>
              update({
                from: range?.[0]?.format(ISO_DAY),
                to: range?.[1]?.format(ISO_DAY),
              })
            }
            className="pr-filter-dates"
          />
          <Select
            aria-label={t('list.sortBy')}
            value={query.sortBy}
            onChange={(v) => update({ sortBy: v })}
            options={SORTS.map((o) => ({ value: o, label: t(`list.sorts.${o}`) }))}
            className="pr-filter-sort"
            popupMatchSelectWidth={false}
          />
          {is_council && (
            <Checkbox
              checked={!!query.unvotedByMe}
              onChange={(e) => update({ unvoted: e.target.checked ? '1' : undefined })}
              data-testid="unvoted-filter"
            >
              {t('list.unvoted')}
            </Checkbox>
          )}
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting}>
            {t('list.exportCsv')}
          </Button>
        </div>

        <div className="pr-list__head">
          {!loading && data && (
            <p className="pr-muted" data-testid="list-count">
              {t('list.count', { count: total })}
            </p>
          )}
          <VoteLegend />
        </div>
        <div aria-live="polite" aria-busy={loading} className="pr-list" data-testid="proposal-list">
          {loading && !data ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : error ? (
            <EmptyState description={errorText(error)}>
              <Button onClick={() => setParams(new URLSearchParams(params))}>{t('actions.retry')}</Button>
            </EmptyState>
          ) : data && data.list.length === 0 ? (
            <EmptyState description={filtered ? t('list.noMatch') : t('list.empty')}>
              {filtered && (
                <Button onClick={() => setParams(new URLSearchParams())}>{t('list.clearFilters')}</Button>
              )}
            </EmptyState>
          ) : (
            <div className={loading ? 'pr-list__rows pr-list__rows--loading' : 'pr-list__rows'}>
              <div className="pr-row pr-row--head" aria-hidden="true">
                <span>{t('list.columns.number')}</span>
                <span>{t('list.columns.title')}</span>
                <span>{t('list.columns.status')}</span>
                <span>{t('list.columns.votes')}</span>
                <span>{t('list.columns.timeLeft')}</span>
              </div>
              {data?.list.map((p) => (
                <ProposalRow key={p._id} p={p} />
              ))}
            </div>
          )}
        </div>
        {total > 0 && (
          <Pagination
            className="pr-pagination"
            current={query.page}
            pageSize={query.results}
            total={total}
            showSizeChanger
            pageSizeOptions={[10, 20, 50]}
            onChange={(page, size) => {
              if (size !== query.results) update({ results: String(size) });
              else {
                update({ page: String(page) }, false);
                window.scrollTo({ top: 0 });
              }
            }}
            showTotal={(n) => t('list.count', { count: n })}
          />
        )}
      </Card>
    </>
  );
}
