import {
  mailPreferencesSchema,
  unsubscribeInfoSchema,
  type MailPreferences,
} from '@cr/contract/mail-preferences.contract';
import { api } from '../../../lib/api-client';

const unsubscribeUrl = (token: string) => `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;

/** E-mail preferences (docs/mail.md) and the signed unsubscribe links, which work without signing in. */
export const mailPreferencesApi = {
  get: () => api.get('/api/user/mail-preferences', undefined, { schema: mailPreferencesSchema }),
  save: (prefs: MailPreferences) =>
    api.put('/api/user/mail-preferences', prefs, { schema: mailPreferencesSchema }),
  /** What the link stands for; changes nothing. */
  lookUp: (token: string) => api.get(unsubscribeUrl(token), undefined, { schema: unsubscribeInfoSchema }),
  /** Turns the link's mail group off. */
  unsubscribe: (token: string) =>
    api.post(unsubscribeUrl(token), undefined, { schema: unsubscribeInfoSchema }),
};
