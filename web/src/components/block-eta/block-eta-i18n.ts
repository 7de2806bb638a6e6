import { useMemo } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { formatDuration, type DurationUnits } from './eta';

/** i18next namespace of the block height / ETA components. */
export const ETA_NS = 'blockEta';

function register(): void {
  if (i18next.hasResourceBundle('en', ETA_NS)) return;
  i18next.addResourceBundle('en', ETA_NS, en, true, true);
  i18next.addResourceBundle('zh', ETA_NS, zh, true, true);
}

if (i18next.isInitialized) register();
else i18next.on('initialized', register);

/** Formats a duration in the reader's language ("3 h 20 min", "3小时20分钟"). */
export function useDurationText(): (ms: number) => string {
  const { t } = useTranslation(ETA_NS);
  return useMemo(() => {
    const units: DurationUnits = {
      day: (count) => t('units.day', { count }),
      hour: (count) => t('units.hour', { count }),
      minute: (count) => t('units.minute', { count }),
      second: (count) => t('units.second', { count }),
      join: (parts) =>
        parts.length === 2 ? t('units.pair', { a: parts[0], b: parts[1] }) : (parts[0] ?? ''),
    };
    return (ms: number) => formatDuration(ms, units);
  }, [t]);
}
