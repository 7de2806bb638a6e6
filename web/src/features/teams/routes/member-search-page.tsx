import { useState } from 'react';
import { Alert, Button, Card, Input, List, Pagination, Select, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PROFESSIONS, SKILLSET_GROUPS } from '@cr/contract/profile.contract';
import type { MemberDirectoryQuery } from '@cr/contract/team.contract';
import { CountrySelect } from '../../../components/country-select';
import { EmptyState } from '../../../components/empty-state';
import { MemberAvatar } from '../../../components/member-avatar';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { countryName } from '../../../lib/countries';
import { paths } from '../../../lib/paths';
import { useListData } from '../../../lib/use-list-data';
import { teamApi } from '../api/team-api';
import '../../../components/profile-card/profile-card-i18n';
import '../teams.css';
import '../../../components/list-view/list-view.css';

function Results({ query, onPage }: { query: MemberDirectoryQuery; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation('teams');
  const { data, loading, error, reload } = useListData(
    (signal) => teamApi.members(query, signal),
    JSON.stringify(query),
  );
  if (loading) return <PageLoading shape="list" />;
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(t, error)}
        action={<Button onClick={reload}>{t('retry')}</Button>}
      />
    );
  if (!data || data.list.length === 0) return <EmptyState description={t('memberSearch.empty')} />;
  return (
    <>
      <List
        dataSource={data.list}
        data-testid="member-results"
        renderItem={(m) => (
          <List.Item>
            <List.Item.Meta
              avatar={<MemberAvatar src={m.avatar} size={40} />}
              title={<Link to={paths.member(m._id)}>{m.name}</Link>}
              description={
                <Space size={[4, 4]} wrap>
                  {m.profession && <span>{t(`profileCard:professions.${m.profession}`)}</span>}
                  {m.country && <span>{countryName(m.country, i18n.language)}</span>}
                  {m.skillsets.map((s) => (
                    <Tag key={s}>{t(`profileCard:skillsets.${s}`, { defaultValue: s })}</Tag>
                  ))}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {data.total > data.pageSize && (
        <Pagination
          className="cr-list-pagination"
          current={data.page}
          pageSize={data.pageSize}
          total={data.total}
          showSizeChanger={false}
          onChange={onPage}
        />
      )}
    </>
  );
}

/** /developer/members: signed-in members find others by skill, profession, country and name. */
export function MemberSearchPage() {
  const { t } = useTranslation('teams');
  const { is_login } = useAuth();
  const [query, setQuery] = useState<MemberDirectoryQuery>({ page: 1 });
  const set = (patch: Partial<MemberDirectoryQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));
  return (
    <>
      <PageHeader
        title={t('memberSearch.title')}
        subtitle={t('memberSearch.subtitle')}
        breadcrumbs={[{ title: t('developer'), to: paths.developer() }, { title: t('memberSearch.title') }]}
      />
      <Card className="cr-card">
        {!is_login ? (
          <EmptyState description={<Link to={paths.login()}>{t('memberSearch.loginFirst')}</Link>} />
        ) : (
          <>
            <div className="cr-toolbar cr-member-filters">
              <Input.Search
                allowClear
                placeholder={t('memberSearch.name')}
                aria-label={t('memberSearch.name')}
                onSearch={(v) => set({ q: v.trim() || undefined })}
              />
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('memberSearch.skill')}
                aria-label={t('memberSearch.skill')}
                onChange={(v?: string) => set({ skillset: v as never })}
                options={Object.entries(SKILLSET_GROUPS).map(([group, items]) => ({
                  label: t(`profileCard:skillsetGroups.${group}`),
                  title: group,
                  options: items.map((s) => ({ value: s, label: t(`profileCard:skillsets.${s}`) })),
                }))}
              />
              <Select
                allowClear
                placeholder={t('memberSearch.profession')}
                aria-label={t('memberSearch.profession')}
                onChange={(v?: string) => set({ profession: v as never })}
                options={PROFESSIONS.map((p) => ({ value: p, label: t(`profileCard:professions.${p}`) }))}
              />
              <CountrySelect
                allowClear
                placeholder={t('memberSearch.country')}
                aria-label={t('memberSearch.country')}
                onChange={(v?: string) => set({ country: v })}
              />
            </div>
            <Results query={query} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
          </>
        )}
      </Card>
    </>
  );
}
