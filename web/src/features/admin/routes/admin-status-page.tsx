import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPS_STATUS_POLL_MS } from '@cr/contract/ops-status.contract';
import { errorText } from '../../../lib/api-messages';
import { usePolled } from '../../../lib/use-polled';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import { StatusFigures } from '../components/ops-figures';
import '../admin.css';

/** /admin/status: the operators' figures (the same /metrics exports), read again every few seconds. */
export function AdminStatusPage() {
  const { t, i18n } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { data, error, loading, reload } = usePolled((signal) => adminApi.status(signal), OPS_STATUS_POLL_MS);
  const lang = i18n.language;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en-GB');

  let body: ReactNode;
  if (!data && loading) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="ops-loading" />;
  else if (!data)
    body = (
      <Alert
        type="error"
        showIcon
        title={ta('ops.loadFailed')}
        description={errorText(t, error)}
        action={<Button onClick={reload}>{ta('retry')}</Button>}
      />
    );
  else body = <StatusFigures status={data} ta={ta} lang={lang} />;

  return (
    <AdminPage title={ta('ops.title')}>
      <div className="ad-ops" data-testid="ops-status">
        {data && (
          <Typography.Text type="secondary" data-testid="ops-updated">
            {ta('ops.updated', { time: time(data.generatedAt), seconds: OPS_STATUS_POLL_MS / 1000 })}
          </Typography.Text>
        )}
        {data && error ? (
          <Alert
            type="warning"
            showIcon
            title={ta('ops.stale', { time: time(data.generatedAt) })}
            description={errorText(t, error)}
          />
        ) : null}
        {body}
      </div>
    </AdminPage>
  );
}
