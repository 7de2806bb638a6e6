import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The spinner shown while a page's code or the app's start-up data is loading. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('app.loading')}
      className={fullScreen ? 'cr-loading cr-loading--full' : 'cr-loading'}
    >
      <Spin size="large" description={t('app.loading')} />
    </div>
  );
}
