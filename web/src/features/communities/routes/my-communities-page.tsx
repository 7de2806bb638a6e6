import { Alert, Button, Card } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { countryName } from '../../../lib/countries';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { ProfileLayout } from '../../../components/profile-area-layout';
import { communityApi } from '../api/community-api';
import { CommunityTree } from '../components/community-tree';
import '../communities.css';

/** /profile/communities: the communities I belong to or organize, by country. */
export function MyCommunitiesPage() {
  const { t, i18n } = useTranslation('communities');
  const { data, loading, error, reload } = useLoad((signal) => communityApi.mine(signal), 'mine');
  const countries = [...new Set((data?.list ?? []).map((c) => c.country))];
  return (
    <>
      <PageHeader
        title={t('mine')}
        breadcrumbs={[{ title: t('translation:profile.nav'), to: paths.profileInfo() }, { title: t('mine') }]}
      />
      <ProfileLayout>
        <Card className="cr-card" data-testid="my-communities">
          {loading && !data ? (
            <PageLoading shape="list" />
          ) : error || !data ? (
            <Alert
              type="error"
              showIcon
              title={errorText(t, error)}
              action={<Button onClick={reload}>{t('retry')}</Button>}
            />
          ) : data.list.length === 0 ? (
            <EmptyState description={t('mineEmpty')}>
              <Link to={paths.communities()}>{t('browse')}</Link>
            </EmptyState>
          ) : (
            countries.map((code) => (
              <section key={code} aria-label={countryName(code, i18n.language)}>
                <h2 className="cr-section-title">
                  <Link to={`${paths.communities()}?country=${code}`}>
                    {countryName(code, i18n.language)}
                  </Link>
                </h2>
                <CommunityTree list={data.list.filter((c) => c.country === code)} onChanged={reload} />
              </section>
            ))
          )}
        </Card>
      </ProfileLayout>
    </>
  );
}
