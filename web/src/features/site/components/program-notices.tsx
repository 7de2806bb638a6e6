import { ExclamationCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSiteSettingsStore, useSuggestionsSuspended } from '../../../lib/site-settings-store';

/**
 * Site-wide notices (spec §1): CR100 is suspended; CRcles/Empower35 and the Ambassadors training while their switches are on;
 * suggestions are suspended only while the server's `suggestionsSuspended` setting is on.
 */
export function ProgramNotices() {
  const { t } = useTranslation();
  const suggestionsSuspended = useSuggestionsSuspended();
  // The CRcles and training notices follow their switches (on until the settings say otherwise).
  const crcles = useSiteSettingsStore((s) => s.settings?.crclesSuspended ?? true);
  const training = useSiteSettingsStore((s) => s.settings?.trainingPostponed ?? true);
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
            {crcles && <li>{t('notices.crcles')}</li>}
            {training && <li>{t('notices.ambassadors')}</li>}
          </ul>
        </div>
      </div>
    </section>
  );
}
