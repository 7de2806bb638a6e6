import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { countryName } from '../../../lib/countries';
import { useLoad } from '../../../lib/use-load';
import { communityApi } from '../api/community-api';
import { communityFailure } from './community-errors';
import { CommunityTree } from './community-tree';
import { useFeedback } from '../../../lib/use-feedback';

/** The selected country's tree with its loading, empty and error states; an admin may add the country. */
export function CountryCommunities({ country, admin = false }: { country: string; admin?: boolean }) {
  const { t, i18n } = useTranslation('communities');
  const { message } = useFeedback();
  const { is_admin } = useAuth();
  const { data, loading, error, reload } = useLoad((signal) => communityApi.tree(country, signal), country);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = countryName(country, i18n.language);

  const addCountry = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await communityApi.addCountry(country);
      void message.success(t('added'));
      reload();
    } catch (err) {
      setFailure(communityFailure(t, err, 'messages.community.add_country_failed'));
    } finally {
      setBusy(false);
    }
  };

  if (loading && !data) return <PageLoading shape="list" />;
  if (error || !data)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(t, error)}
        action={<Button onClick={reload}>{t('retry')}</Button>}
      />
    );
  return (
    <div data-testid="country-communities">
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {data.list.length === 0 ? (
        <EmptyState description={t('emptyCountry', { country: name })}>
          {is_admin && (
            <Button type="primary" loading={busy} onClick={() => void addCountry()} data-testid="add-country">
              {t('addCountry', { country: name })}
            </Button>
          )}
        </EmptyState>
      ) : (
        <CommunityTree list={data.list} admin={admin} onChanged={reload} />
      )}
    </div>
  );
}
