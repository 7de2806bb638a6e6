import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-logo';
import { useDocumentTitle } from '../lib/use-document-title';

/** Shown instead of the app when the server cannot be reached at start-up. */
export function MaintenancePage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.maintenanceTitle'));
  return (
    <main className="cr-maintenance" id="main-content">
      <div className="cr-maintenance__card">
        <BrandMark size={64} />
        <h1>{t('errors.maintenanceTitle')}</h1>
        <p>{t('errors.maintenanceText')}</p>
        {onRetry && (
          <Button type="primary" size="large" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        )}
      </div>
    </main>
  );
}
