import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Input, Pagination, Segmented, Select, Skeleton, Space, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  suggestionFilterSchema,
  suggestionSearchBySchema,
  suggestionSortSchema,
  type SuggestionList,
} from '@cr/api/contract/suggestion.contract';
import { SUGGESTION_TYPES, suggestionTypeSchema } from '@cr/api/contract/suggestion-content.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { saveBlob } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { rememberLoginRedirect } from '../../../lib/login-redirect';
import { useSuggestionsSuspended } from '../../../lib/site-settings-store';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { suggestionApi, type ListQuery } from '../api/suggestion-api';
import { SuggestionRow } from '../components/suggestion-row';
import { useErrorText } from '../model/error-text';
import '../suggestions.css';

const MEMBER_FILTERS = new Set(['mine', 'commented', 'subscribed']);

/** The page remembered under `suggestion-page` (spec §9, default 1). */
function storedPage(): number {
  const n = Number(localStorage.getItem(STORAGE_KEYS.suggestionPage));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The list query from the URL; anything unknown falls back to its default. */
function queryFromUrl(
  params: URLSearchParams,
): Required<Pick<ListQuery, 'filter' | 'sortBy' | 'searchBy' | 'page' | 'results'>> & ListQuery {
  const pick = <T,>(
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
    v: string | null,
    fallback: T,
  ): T => {
    const r = schema.safeParse(v);
    return r.success ? (r.data as T) : fallback;
  };
  const page = Number(params.get('page'));
  const size = Number(params.get('results'));
  return {
    filter: pick(suggestionFilterSchema, params.get('filter'), 'all'),
    sortBy: pick(suggestionSortSchema, params.get('sortBy'), 'newest'),
    searchBy: pick(suggestionSearchBySchema, params.get('searchBy'), 'title'),
    search: params.get('search')?.trim() || undefined,
    type: pick(suggestionTypeSchema, params.get('type'), undefined),
    page: Number.isInteger(page) && page >= 1 ? page : storedPage(),
    results: size === 20 ? 20 : 10,
  };
}

/** /suggestion: filters, search, sort and page live in the URL, so a view can be shared and bookmarked. */
export function SuggestionListPage() {
  const { t } = useTranslation('suggestions');
  const { is_login, user } = useAuth();
  const suspended = useSuggestionsSuspended();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromUrl(params), [params]);
  const [data, setData] = useState<SuggestionList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [searchText, setSearchText] = useState(query.search ?? '');
  const [exporting, setExporting] = useState(false);
  const memberFilter = MEMBER_FILTERS.has(query.filter);

  useEffect(() => setSearchText(query.search ?? ''), [query.search]);
  useEffect(() => localStorage.setItem(STORAGE_KEYS.suggestionPage, String(query.page)), [query.page]);

  useEffect(() => {
    if (memberFilter && !is_login) {
      setData({ list: [], total: 0, page: 1, results: query.results });
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    suggestionApi
      .list(query, ctrl.signal)
      .then((res) => {
        setData(res);
        setLoading(false);
        // A remembered page beyond the end (the list shrank): go to the last page.
        const last = Math.max(1, Math.ceil(res.total / query.results));
        if (query.page > last) update({ page: String(last) }, false);
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setError(err);
        setLoading(false);
      });
    return () => ctrl.abort();
    // `update` only writes the URL; the query object is the dependency.
  }, [query, memberFilter, is_login]);

  /** Writes changed query values to the URL; any change but the page goes back to page 1. */
  function update(change: Record<string, string | undefined>, resetPage = true) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined || v === '' || v === DEFAULTS[k]) next.delete(k);
      else next.set(k, v);
    }
    if (resetPage) {
      next.delete('page');
      localStorage.setItem(STORAGE_KEYS.suggestionPage, '1');
    }
    setParams(next, { replace: false });
  }

  const addSuggestion = () => {
    if (!is_login) {
      rememberLoginRedirect('/suggestion/create');
      void navigate('/login');
    } else if (!user?.did) {
      modal.confirm({
        title: t('list.add'),
        content: t('list.didFirst'),
        okText: t('actions.associateDid'),
        cancelText: t('list.writeAnyway'),
        onOk: () => void navigate('/profile/info'),
        onCancel: () => void navigate('/suggestion/create'),
      });
    } else {
      void navigate('/suggestion/create');
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _p, results: _r, ...rest } = query;
      const { blob, filename } = await suggestionApi.exportCsv(rest);
      saveBlob(blob, filename ?? 'suggestions.csv');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const filters = suggestionFilterSchema.options.filter((f) => is_login || !MEMBER_FILTERS.has(f));
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={suspended} onClick={addSuggestion}>
      {t('list.add')}
    </Button>
  );
  const total = data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        breadcrumbs={[{ title: t('list.title') }]}
        subtitle={t('list.subtitle')}
        extra={
          suspended ? <Tooltip title={t('errors.suggestion.suspended')}>{addButton}</Tooltip> : addButton
        }
      />
      <Card className="cr-card">
        <div className="cr-toolbar sg-list-toolbar" role="search">
          <Space.Compact className="cr-toolbar__grow sg-search">
            <Select
              aria-label={t('list.searchBy')}
              value={query.searchBy}
              onChange={(v) => update({ searchBy: v, search: searchText.trim() || undefined })}
              options={suggestionSearchBySchema.options.map((o) => ({
                value: o,
                label: t(`list.searchBys.${o}`),
              }))}
              className="sg-search__by"
              popupMatchSelectWidth={false}
            />
            <Input.Search
              aria-label={t('list.searchPlaceholder')}
              placeholder={t(query.searchBy === 'email' ? 'list.emailPlaceholder' : 'list.searchPlaceholder')}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onSearch={(v) => update({ search: v.trim() || undefined })}
              allowClear
              enterButton
              type={query.searchBy === 'email' ? 'email' : 'search'}
              data-testid="list-search"
            />
          </Space.Compact>
          <Select
            aria-label={t('list.sortBy')}
            value={query.sortBy}
            onChange={(v) => update({ sortBy: v })}
            options={suggestionSortSchema.options.map((o) => ({ value: o, label: t(`list.sorts.${o}`) }))}
            className="sg-sort"
            data-testid="list-sort"
          />
          <Select
            aria-label={t('fields.type')}
            value={query.type ?? 'any'}
            onChange={(v) => update({ type: v === 'any' ? undefined : v })}
            options={[
              { value: 'any', label: t('list.anyType') },
              ...SUGGESTION_TYPES.map((o) => ({ value: o, label: t(`types.${o}.label`) })),
            ]}
            className="sg-type-filter"
            popupMatchSelectWidth={false}
          />
          <div className="sg-filters">
            <Segmented
              aria-label={t('list.filter')}
              value={query.filter}
              onChange={(v) => update({ filter: String(v) })}
              options={filters.map((f) => ({ value: f, label: t(`list.filters.${f}`) }))}
            />
          </div>
        </div>

        <div aria-live="polite" aria-busy={loading} className="sg-list" data-testid="suggestion-list">
          <div className="sg-list__head">
            <p className="sg-muted sg-list__count" data-testid="list-count">
              {data && !loading ? t('list.count', { count: total }) : ''}
            </p>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void exportCsv()}
              loading={exporting}
              data-testid="export-csv"
            >
              {t('list.exportCsv')}
            </Button>
          </div>
          {loading && !data ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : error ? (
            <EmptyState description={errorText(error)}>
              <Button onClick={() => setParams(new URLSearchParams(params))}>{t('actions.retry')}</Button>
            </EmptyState>
          ) : data && data.list.length === 0 ? (
            <EmptyState
              description={
                memberFilter && !is_login
                  ? t('list.loginForFilter')
                  : query.search
                    ? t('list.noMatch')
                    : t('list.empty')
              }
            >
              {(query.search || query.filter !== 'all' || query.type) && (
                <Button onClick={() => setParams(new URLSearchParams())}>{t('list.clearFilters')}</Button>
              )}
            </EmptyState>
          ) : (
            <div className={loading ? 'sg-list__rows sg-list__rows--loading' : 'sg-list__rows'}>
              {data?.list.map((s) => (
                <SuggestionRow key={s._id} s={s} />
              ))}
            </div>
          )}
        </div>
        {total > 0 && (
          <Pagination
            className="sg-pagination"
            current={query.page}
            pageSize={query.results}
            total={total}
            showSizeChanger
            pageSizeOptions={[10, 20]}
            onChange={(page, size) => {
              if (size !== query.results) update({ results: String(size) });
              else {
                localStorage.setItem(STORAGE_KEYS.suggestionPage, String(page));
                update({ page: String(page) }, false);
                window.scrollTo({ top: 0 });
              }
            }}
          />
        )}
      </Card>
    </>
  );
}

const DEFAULTS: Record<string, string> = {
  filter: 'all',
  sortBy: 'newest',
  searchBy: 'title',
  results: '10',
};
