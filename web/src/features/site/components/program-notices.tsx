import { ExclamationCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteSettingsStore, useSuggestionsSuspended } from '../../../lib/site-settings-store';

/**
 * Site-wide notices (spec §1): CR100 is suspended; CRcles/Empower35 and the Ambassadors training while their switches are on;
 * suggestions are suspended only while the server's `suggestionsSuspended` setting is on. On a phone the programs'
 * notices take one line (the first, and a button for the rest): the same HTML at every width, so the server's
 * first screen and the app agree and nothing moves when the app takes over.
 */
export function ProgramNotices() {
  const { t } = useTranslation();
  const suggestionsSuspended = useSuggestionsSuspended();
  // The CRcles and training notices follow their switches (on until the settings say otherwise).
  const crcles = useSiteSettingsStore((s) => s.settings?.crclesSuspended ?? true);
  const training = useSiteSettingsStore((s) => s.settings?.trainingPostponed ?? true);
  const [open, setOpen] = useState(false);
  const more = (crcles ? 1 : 0) + (training ? 1 : 0);
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
      <div className={open ? 'cr-notice cr-notice--open' : 'cr-notice'} data-testid="notice-programs">
        <div className="cr-container cr-notice__inner">
          <InfoCircleOutlined aria-hidden="true" className="cr-notice__icon" />
          <ul className="cr-notice__list" id="cr-program-notices">
            <li>{t('notices.cr100')}</li>
            {crcles && <li>{t('notices.crcles')}</li>}
            {training && <li>{t('notices.ambassadors')}</li>}
          </ul>
          {more > 0 && (
            <button
              type="button"
              className="cr-notice__toggle"
              aria-expanded={open}
              aria-controls="cr-program-notices"
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t('notices.less') : t('notices.more', { count: more })}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
