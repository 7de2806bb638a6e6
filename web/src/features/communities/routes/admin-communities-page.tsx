import { useState } from 'react';
import { Alert, Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { EmptyState } from '../../../components/empty-state';
import { errorText } from '../../../lib/api-messages';
import { countryName } from '../../../lib/countries';
import { useLoad } from '../../../lib/use-load';
import { AdminPage } from '../../../components/admin-area-layout';
import { communityApi } from '../api/community-api';
import { CountryCommunities } from '../components/country-communities';
import '../communities.css';

/** /admin/communities: every country's tree with the admin's rights (add, rename, delete, organizers). */
export function AdminCommunitiesPage() {
  const { t, i18n } = useTranslation('communities');
  const [country, setCountry] = useState<string | null>(null);
  const countries = useLoad((signal) => communityApi.countries(signal), 'countries');
  return (
    <AdminPage
      title={t('translation:admin.communities')}
      toolbar={
        <>
          <Select
            aria-label={t('withCommunities')}
            placeholder={t('withCommunities')}
            value={country ?? undefined}
            onChange={(v: string) => setCountry(v)}
            options={(countries.data?.list ?? []).map((c) => ({
              value: c.country,
              label: `${countryName(c.country, i18n.language)} (${c.communities})`,
            }))}
            loading={countries.loading}
            style={{ width: 260, maxWidth: '100%' }}
          />
          <CountrySelect
            aria-label={t('anyCountry')}
            placeholder={t('anyCountry')}
            value={country ?? undefined}
            onChange={(v: string) => setCountry(v)}
            style={{ width: 260, maxWidth: '100%' }}
            data-testid="admin-community-country"
          />
        </>
      }
    >
      {countries.error !== null && (
        <Alert
          type="error"
          showIcon
          title={errorText(t, countries.error)}
          action={<Button onClick={countries.reload}>{t('retry')}</Button>}
        />
      )}
      {country ? (
        <CountryCommunities country={country} admin />
      ) : (
        <EmptyState description={t('pickCountry')} />
      )}
    </AdminPage>
  );
}
