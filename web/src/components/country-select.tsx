import { useMemo } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '@cr/contract/account.contract';
import { countryName } from '../lib/countries';

/** Countries by name in the reader's language (value: the ISO code the contract wants), searchable. */
export function CountrySelect(props: Omit<SelectProps<string>, 'options'>) {
  const { i18n } = useTranslation();
  const options = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, i18n.language) })).sort((a, b) =>
        a.label.localeCompare(b.label, i18n.language),
      ),
    [i18n.language],
  );
  return <Select showSearch optionFilterProp="label" options={options} {...props} />;
}
