import { useCallback } from 'react';

import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@cr/contract/user.contract';
import { useAuthStore } from '../../../lib/auth-store';
import { takeLoginRedirect } from '../../../lib/login-redirect';
import { saveApiToken } from '../../../lib/session-token';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * After any sign-in (password, QR, registration): keeps the token (this tab; also later visits with "remember
 * me"), sets the member, says "welcome back" and opens the remembered page (or `fallback`), all without a reload.
 */
export function useCompleteSignIn() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const navigate = useNavigate();
  return useCallback(
    (
      session: { token: string; user: CurrentUser },
      opts: { remember: boolean; welcome?: string; to?: string },
    ) => {
      saveApiToken(session.token, opts.remember);
      useAuthStore.getState().setUser(session.user);
      void message.success(opts.welcome ?? t('login.welcomeBack', { name: session.user.username }));
      void navigate(opts.to ?? takeLoginRedirect(), { replace: true });
    },
    [message, navigate, t],
  );
}
