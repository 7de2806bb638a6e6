import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../lib/api-errors';

/**
 * The member's language for any failure of a proposal or council call: every server error type has a text in
 * the `proposals` namespace (`errors.<type>`); unknown refusals fall back by HTTP status.
 */
export function useProposalErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation('proposals');
  return useCallback(
    (err: unknown) => {
      if (err instanceof NetworkError) return t('errors.network');
      if (err instanceof ApiError) {
        if (err.type === 'validation.failed' && err.fields.length > 0) {
          const key = `errors.fields.${err.fields[0]!.path}`;
          if (i18n.exists(key, { ns: 'proposals' })) return t(key);
          return t('errors.validation.failed');
        }
        const key = `errors.${err.type}`;
        if (i18n.exists(key, { ns: 'proposals' })) return t(key);
        if (err.status === 401) return t('errors.auth.required');
        if (err.status === 403) return t('errors.auth.forbidden');
        if (err.status === 404) return t('errors.proposal.not_found');
        return i18n.language === 'en' && err.message ? err.message : t('errors.generic');
      }
      return t('errors.generic');
    },
    [t, i18n],
  );
}
