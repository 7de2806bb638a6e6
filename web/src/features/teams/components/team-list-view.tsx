import { useState } from 'react';
import { Alert, Button, Input, Pagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEAM_SUBCATEGORIES, type TeamType } from '@cr/contract/team.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useListData } from '../../../lib/use-list-data';
import { teamApi } from '../api/team-api';
import { TeamCard } from './team-card';
import '../../../components/list-view/list-view.css';

/** Teams or CRcles: search, category filter, 12 a page, with loading, empty and error states. */
export function TeamListView({ type }: { type: TeamType }) {
  const { t } = useTranslation('teams');
  const [q, setQ] = useState('');
  const [subcategory, setSubcategory] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const query = { type, q: q || undefined, subcategory: subcategory as never, page };
  const { data, loading, error, reload } = useListData(
    (signal) => teamApi.list(query, signal),
    JSON.stringify(query),
  );

  return (
    <>
      <div className="cr-toolbar cr-team-toolbar">
        <Input.Search
          allowClear
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
          className="cr-team-toolbar__search"
          data-testid="team-search"
        />
        <Select
          allowClear
          placeholder={t('allSubcategories')}
          aria-label={t('allSubcategories')}
          value={subcategory}
          onChange={(value?: string) => {
            setSubcategory(value);
            setPage(1);
          }}
          options={TEAM_SUBCATEGORIES.map((s) => ({ value: s, label: t(`subcategories.${s}`) }))}
          className="cr-team-toolbar__filter"
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
        <EmptyState
          description={q || subcategory ? t('emptySearch') : t(type === 'CRCLE' ? 'emptyCrcles' : 'empty')}
        />
      ) : (
        <>
          <div className="cr-team-grid" data-testid="team-list">
            {data.list.map((team) => (
              <TeamCard key={team._id} team={team} />
            ))}
          </div>
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
    </>
  );
}
