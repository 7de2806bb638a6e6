import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubmissionList as List } from '@cr/contract/submission.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { SubmissionItem } from './submission-item';

/** A list of submissions with its loading, empty and error states. */
export function SubmissionListView({
  data,
  loading,
  error,
  reload,
  emptyText,
  admin = false,
}: {
  data: List | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
  emptyText: string;
  admin?: boolean;
}) {
  const { t } = useTranslation('campaigns');
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
  if (data.list.length === 0) return <EmptyState description={emptyText} />;
  return (
    <ul
      className="cr-plain-list"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
      data-testid="submission-list"
    >
      {data.list.map((s) => (
        <SubmissionItem key={`${s._id}-${s.updatedAt}`} submission={s} admin={admin} />
      ))}
    </ul>
  );
}
