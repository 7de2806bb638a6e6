import { useCallback, useEffect } from 'react';
import { Card, Checkbox, DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ChainHeight } from '../../../components/block-eta/block-eta';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { ExportCsvButton } from '../../../components/list-view/export-csv-button';
import { ListPagination } from '../../../components/list-view/list-pagination';
import { ListResults } from '../../../components/list-view/list-results';
import { ListSearch } from '../../../components/list-view/list-search';
import { PageHeader } from '../../../components/page-header';
import { ProposalDraftButton } from '../../../components/proposal-draft-button';
import { useAuth } from '../../../lib/auth-store';
import { DATE_FORMAT } from '../../../lib/dates';
import { useListData } from '../../../lib/use-list-data';
import { useUrlQuery } from '../../../lib/use-url-query';
import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT } from '@cr/contract/proposal.contract';
import { proposalApi, type ListQuery } from '../api/proposal-api';
import { ProposalRow } from '../components/proposal-row';
import { VoteLegend } from '../components/vote-legend';
import { useProposalErrorText } from '../model/error-text';
import { LISTED_STATUSES, PROPOSAL_STATUSES } from '../model/proposal-status';
import '../proposals.css';

const SEARCH_BY = ['any', 'title', 'number', 'proposer'] as const;
const SORTS = ['newest', 'oldest', 'endingSoon', 'number'] as const;
const DEFAULTS: Readonly<Record<string, string>> = { searchBy: 'any', sortBy: 'newest', results: '10' };
const ISO_DAY = 'YYYY-MM-DD';
/** Changes arriving together (a block carrying several votes) cause one reload. */
const RELOAD_DEBOUNCE_MS = 400;

type UrlQuery = ListQuery &
  Required<Pick<ListQuery, 'searchBy' | 'sortBy' | 'page' | 'results'>> & {
    searchBy: (typeof SEARCH_BY)[number];
  };

/** The list query from the URL; anything unknown falls back to its default. */
function queryFromUrl(params: URLSearchParams, council: boolean): UrlQuery {
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
  const errorText = useProposalErrorText();
  const parse = useCallback((params: URLSearchParams) => queryFromUrl(params, is_council), [is_council]);
  const { query, update, clear } = useUrlQuery(parse, DEFAULTS);
  const { data, loading, error, reload, refreshQuietly } = useListData(
    (signal) => proposalApi.list(query, signal),
    query,
  );

  // Live: any proposal's change (status, votes, veto total, a new proposal) reads the page again, quietly.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let joinedBefore = false;
    const changed = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(refreshQuietly, RELOAD_DEBOUNCE_MS);
    };
    const stop = listenRoom(PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, changed, (ok, caughtUp) => {
      // After a reconnect, updates sent while away were caught up (each read the page again), or read it now.
      if (ok && joinedBefore && !caughtUp) changed();
      if (ok) joinedBefore = true;
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [refreshQuietly]);

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
        extra={
          <Space wrap>
            <ProposalDraftButton />
            <ChainHeight />
          </Space>
        }
      />
      <Card className="cr-card">
        <div className="cr-toolbar pr-toolbar" role="search">
          <ListSearch
            className="cr-toolbar__grow pr-search"
            byClassName="pr-search__by"
            searchBy={query.searchBy}
            searchBys={SEARCH_BY.map((o) => ({ value: o, label: t(`list.searchBys.${o}`) }))}
            search={query.search}
            onChange={update}
            labels={{
              searchBy: t('list.searchBy'),
              search: t('list.searchPlaceholder'),
              placeholder: t(`list.searchHints.${query.searchBy}`),
            }}
            inputProps={{
              inputMode: query.searchBy === 'number' ? 'numeric' : undefined,
              'data-testid': 'proposal-search',
            }}
          />
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
          <ExportCsvButton
            query={query}
            download={proposalApi.exportCsv}
            fallbackName="proposals.csv"
            label={t('list.exportCsv')}
            errorText={errorText}
          />
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
          <ListResults
            loading={loading}
            data={data}
            error={error}
            texts={{
              error: errorText(error),
              retry: t('actions.retry'),
              empty: filtered ? t('list.noMatch') : t('list.empty'),
              clear: t('list.clearFilters'),
            }}
            onRetry={reload}
            onClear={filtered ? clear : undefined}
          >
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
          </ListResults>
        </div>
        <ListPagination
          page={query.page}
          size={query.results}
          sizes={[10, 20, 50]}
          total={total}
          onPage={(page) => update({ page: String(page) }, false)}
          onSize={(size) => update({ results: String(size) })}
          showTotal={(n) => t('list.count', { count: n })}
        />
      </Card>
    </>
  );
}
