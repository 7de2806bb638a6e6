import { useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { useAuth } from '../../../lib/auth-store';
import { useLoad } from '../../../lib/use-load';
import { fetchCountryCommunities } from '../../../lib/community-tree';

/** Chooses a community: first its country, then one of that country's communities (the value is its id). */
export function CommunityPicker({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation('campaigns');
  const { user } = useAuth();
  const [country, setCountry] = useState<string | undefined>(user?.profile.country ?? undefined);
  const { data, loading } = useLoad(
    (signal) =>
      country ? fetchCountryCommunities(country, signal) : Promise.resolve({ country: '', list: [] }),
    country,
  );
  return (
    <Space.Compact block style={{ flexWrap: 'wrap', gap: 8 }}>
      <CountrySelect
        aria-label={t('fields.country')}
        placeholder={t('fields.country')}
        value={country}
        onChange={(v: string) => {
          setCountry(v);
          onChange?.(undefined);
        }}
        style={{ minWidth: 200, flex: '1 1 200px' }}
        data-testid="community-picker-country"
      />
      <Select
        id={id}
        aria-label={t('fields.community')}
        placeholder={t('fields.community')}
        loading={loading}
        value={value}
        onChange={(v: string) => onChange?.(v)}
        notFoundContent={t('noCommunities')}
        options={(data?.list ?? []).map((c) => ({
          value: c._id,
          label: c.type === 'COUNTRY' ? t('countryCommunity') : c.name,
        }))}
        style={{ minWidth: 200, flex: '1 1 200px' }}
        data-testid="community-picker"
      />
    </Space.Compact>
  );
}
