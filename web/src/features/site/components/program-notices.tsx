import { ExclamationCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSuggestionsSuspended } from '../../../lib/site-settings-store';

/**
 * Site-wide notices (spec §1): CR100 and CRcles/Empower35 are suspended and Ambassadors training is postponed;
 * suggestions are suspended only while the server's `suggestionsSuspended` setting is on.
 */
export function ProgramNotices() {
  const { t } = useTranslation();
  const suggestionsSuspended = useSuggestionsSuspended();
  return (
    <section className="cr-notices" aria-label={t('notices.label')}>
      {suggestionsSuspended && (
        <div className="cr-notice cr-notice--warning" role="status" data-testid="notice-suggestions">
          <div className="cr-container cr-notice__inner">
            <ExclamationCircleOutlined aria-hidden="true" className="cr-notice__icon" />
            <span>{t('notices.suggestions')}</span>
          </div>
        </div>
      )}
      <div className="cr-notice" data-testid="notice-programs">
        <div className="cr-container cr-notice__inner">
          <InfoCircleOutlined aria-hidden="true" className="cr-notice__icon" />
          <ul className="cr-notice__list">
            <li>{t('notices.cr100')}</li>
            <li>{t('notices.crcles')}</li>
            <li>{t('notices.ambassadors')}</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
