import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-errors';
import { useFeedback } from '../../lib/use-feedback';

/** Shows a refusal from the social routes in the page's language (by its stable type), else a generic error. */
export function useSocialError(): (err: unknown) => void {
  const { t } = useTranslation('social');
  const { message } = useFeedback();
  return (err) => {
    const type = err instanceof ApiError ? err.type : '';
    const key = `error.${type}`;
    void message.error(type.startsWith('social.') ? t(key) : t('error.generic'));
  };
}
