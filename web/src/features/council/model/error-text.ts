import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../lib/api-errors';

/** The reader's words for a failed council call (`errors.<type>` in the `council` namespace, else by status). */
export function useCouncilErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation('council');
  return useCallback(
    (err: unknown) => {
      if (err instanceof NetworkError) return t('errors.network');
      if (err instanceof ApiError) {
        const key = `errors.${err.type}`;
        if (i18n.exists(key, { ns: 'council' })) return t(key);
        if (err.status === 404) return t('errors.notFound');
        return i18n.language === 'en' && err.message ? err.message : t('errors.generic');
      }
      return t('errors.generic');
    },
    [t, i18n],
  );
}
