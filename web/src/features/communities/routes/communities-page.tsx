import { Card } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { CountryCommunities } from '../components/country-communities';
import '../communities.css';

/** /communities: the selected country's community tree (kept in the URL as ?country=XX). */
export function CommunitiesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const country = params.get('country')?.toUpperCase() ?? null;
  return (
    <>
      <PageHeader
        title={t('areas.communities')}
        breadcrumbs={[{ title: t('areas.communities') }]}
        subtitle={t('areas.communitiesSubtitle')}
      />
      <Card className="cr-card">
        <div className="cr-toolbar">
          <CountrySelect
            allowClear
            aria-label={t('areas.selectCountry')}
            placeholder={t('areas.selectCountry')}
            value={country ?? undefined}
            onChange={(v?: string) => setParams(v ? { country: v } : {}, { replace: true })}
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="community-country"
          />
        </div>
        {country ? (
          <CountryCommunities country={country} />
        ) : (
          <EmptyState description={t('areas.communitiesEmpty')} />
        )}
      </Card>
    </>
  );
}
