import { useEffect, useMemo } from 'react';
import { Button, Card, Segmented, Select, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  suggestionFilterSchema,
  suggestionSearchBySchema,
  suggestionSortSchema,
  type SuggestionList,
} from '@cr/contract/suggestion.contract';
import { SUGGESTION_TYPES, suggestionTypeSchema } from '@cr/contract/suggestion-content.contract';
import { ExportCsvButton } from '../../../components/list-view/export-csv-button';
import { ListPagination } from '../../../components/list-view/list-pagination';
import { ListResults } from '../../../components/list-view/list-results';
import { ListSearch } from '../../../components/list-view/list-search';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { rememberLoginRedirect } from '../../../lib/login-redirect';
import { useSuggestionsSuspended } from '../../../lib/site-settings-store';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useListData } from '../../../lib/use-list-data';
import { useUrlQuery } from '../../../lib/use-url-query';
import { suggestionApi, type ListQuery } from '../api/suggestion-api';
import { SuggestionRow } from '../components/suggestion-row';
import { useErrorText } from '../model/error-text';
import '../suggestions.css';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

/** Rows drawn with the page; the rest of the page's rows follow right after the first paint (a phone's screen). */
const FIRST_ROWS = 4;
const MEMBER_FILTERS = new Set(['mine', 'commented', 'subscribed']);
const DEFAULTS: Readonly<Record<string, string>> = {
  filter: 'all',
  sortBy: 'newest',
  searchBy: 'title',
  results: '10',
};

/** A new filter, search, sort or page size starts again at page 1, remembered as such. */
function forgetPage(): void {
  localStorage.setItem(STORAGE_KEYS.suggestionPage, '1');
}

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
  const { modal } = useFeedback();
  const errorText = useErrorText();
  const { query, update, clear } = useUrlQuery(queryFromUrl, DEFAULTS, forgetPage);
  // "Mine", "commented" and "subscribed" need a session: signed out, they list nothing and say why.
  const signedOutMemberFilter = MEMBER_FILTERS.has(query.filter) && !is_login;
  const key = useMemo(() => ({ query, is_login }), [query, is_login]);
  const { data, loading, error, reload } = useListData(
    (signal): Promise<SuggestionList> =>
      signedOutMemberFilter
        ? Promise.resolve({ list: [], total: 0, totalCapped: false, page: 1, results: query.results })
        : suggestionApi.list(query, signal),
    key,
    (res) => {
      // A remembered page beyond the end (the list shrank): go to the last page.
      const last = Math.max(1, Math.ceil(res.total / query.results));
      if (query.page > last) update({ page: String(last) }, false);
    },
  );

  useEffect(() => localStorage.setItem(STORAGE_KEYS.suggestionPage, String(query.page)), [query.page]);

  const addSuggestion = () => {
    if (!is_login) {
      rememberLoginRedirect(paths.suggestionCreate());
      void navigate(paths.login());
    } else if (!user?.did) {
      modal.confirm({
        title: t('list.add'),
        content: t('list.didFirst'),
        okText: t('actions.associateDid'),
        cancelText: t('list.writeAnyway'),
        onOk: () => void navigate(paths.profileInfo()),
        onCancel: () => void navigate(paths.suggestionCreate()),
      });
    } else {
      void navigate(paths.suggestionCreate());
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
          <ListSearch
            className="cr-toolbar__grow sg-search"
            byClassName="sg-search__by"
            searchBy={query.searchBy}
            // Searching by author e-mail is for signed-in members (the server refuses it otherwise).
            searchBys={suggestionSearchBySchema.options
              .filter((o) => is_login || o !== 'email')
              .map((o) => ({
                value: o,
                label: t(`list.searchBys.${o}`),
              }))}
            search={query.search}
            onChange={update}
            labels={{
              searchBy: t('list.searchBy'),
              search: t('list.searchPlaceholder'),
              placeholder: t(query.searchBy === 'email' ? 'list.emailPlaceholder' : 'list.searchPlaceholder'),
            }}
            inputProps={{
              type: query.searchBy === 'email' ? 'email' : 'search',
              'data-testid': 'list-search',
            }}
          />
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
              {data && !loading
                ? t(data.totalCapped ? 'list.countAtLeast' : 'list.count', { count: total })
                : ''}
            </p>
            <ExportCsvButton
              query={query}
              download={suggestionApi.exportCsv}
              fallbackName="suggestions.csv"
              label={t('list.exportCsv')}
              errorText={errorText}
              testId="export-csv"
            />
          </div>
          <ListResults
            loading={loading}
            data={data}
            error={error}
            texts={{
              error: errorText(error),
              retry: t('actions.retry'),
              empty: signedOutMemberFilter
                ? t('list.loginForFilter')
                : query.search
                  ? t('list.noMatch')
                  : t('list.empty'),
              clear: t('list.clearFilters'),
            }}
            onRetry={reload}
            onClear={query.search || query.filter !== 'all' || query.type ? clear : undefined}
          >
            {data?.list.slice(0, FIRST_ROWS).map((s) => (
              <SuggestionRow key={s._id} s={s} />
            ))}
            {data && data.list.length > FIRST_ROWS && (
              <AfterFirstPaint fallback={<div className="cr-after-paint" />}>
                {data.list.slice(FIRST_ROWS).map((s) => (
                  <SuggestionRow key={s._id} s={s} />
                ))}
              </AfterFirstPaint>
            )}
          </ListResults>
        </div>
        <ListPagination
          page={query.page}
          size={query.results}
          sizes={[10, 20]}
          total={total}
          onPage={(page) => {
            localStorage.setItem(STORAGE_KEYS.suggestionPage, String(page));
            update({ page: String(page) }, false);
          }}
          onSize={(size) => update({ results: String(size) })}
        />
      </Card>
    </>
  );
}
