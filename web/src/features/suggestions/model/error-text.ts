import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { translateRule } from './rule-messages';

/**
 * The member's language for any failure of a suggestion call: every server error type has a text in the
 * `suggestions` namespace (`errors.<type>`); a validation refusal shows its first field's rule message.
 */
export function useErrorText(): (err: unknown) => string {
  const { t, i18n } = useTranslation('suggestions');
  return useCallback(
    (err: unknown) => {
      if (err instanceof NetworkError) return t('errors.network');
      if (err instanceof ApiError) {
        if (err.type === 'validation.failed' && err.fields.length > 0)
          return translateRule(err.fields[0]!.message, t);
        const key = `errors.${err.type}`;
        if (i18n.exists(key, { ns: 'suggestions' })) return t(key);
        if (err.status === 401) return t('errors.auth.required');
        if (err.status === 403) return t('errors.auth.forbidden');
        if (err.status === 404) return t('errors.suggestion.not_found');
        // An unlisted refusal: English members read the server's own words; others get the generic text.
        return i18n.language === 'en' && err.message ? err.message : t('errors.generic');
      }
      return t('errors.generic');
    },
    [t, i18n],
  );
}
