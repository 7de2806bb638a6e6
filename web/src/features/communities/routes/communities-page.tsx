import { useMemo } from 'react';
import { Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';
import { COUNTRY_CODES, countryName } from '../../../lib/countries';

/** /communities: local communities, chosen by country (kept in the URL as ?country=XX). */
export function CommunitiesPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, i18n.language) })).sort((a, b) =>
        a.label.localeCompare(b.label, i18n.language),
      ),
    [i18n.language],
  );
  return (
    <PageFrame
      title={t('areas.communities')}
      breadcrumbs={[{ title: t('areas.communities') }]}
      subtitle={t('areas.communitiesSubtitle')}
      emptyText={t('areas.communitiesEmpty')}
      toolbar={
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          aria-label={t('areas.selectCountry')}
          placeholder={t('areas.selectCountry')}
          value={params.get('country') ?? undefined}
          onChange={(v?: string) => setParams(v ? { country: v } : {}, { replace: true })}
          options={options}
          style={{ width: 280, maxWidth: '100%' }}
        />
      }
    />
  );
}
