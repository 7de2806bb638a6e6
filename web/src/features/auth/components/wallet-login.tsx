import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionSchema } from '@cr/contract/account.contract';
import type { CreatedWalletRequest, WalletRequestState } from '@cr/contract/wallet.contract';
import { WalletRequestPanel } from '../../../components/wallet-request/wallet-request-panel';
import { usePendingDidStore } from '../../../lib/pending-did-store';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import { paths } from '../../../lib/paths';

/**
 * Sign-in by QR (action `login`). A bound DID signs in at once; an unknown DID is explained and offered
 * registration (the DID comes from the signed request, never typed) or signing in to an existing account and
 * binding it there.
 */
export function WalletLogin({
  remember,
  onUseExistingAccount,
  description,
}: {
  remember: boolean;
  /** "Log in with an existing account": the page shows the password form. */
  onUseExistingAccount?: () => void;
  description?: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const pending = usePendingDidStore((s) => s.pending);
  const setPending = usePendingDidStore((s) => s.setPending);
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const onSigned = (state: WalletRequestState, request: CreatedWalletRequest) => {
    const result = state.result ?? {};
    if (result.outcome === 'register' && typeof result.did === 'string') {
      setPending({
        requestId: request.id,
        secret: request.secret,
        did: result.did,
        name: typeof result.name === 'string' ? result.name : undefined,
        email: typeof result.email === 'string' ? result.email : undefined,
      });
      return;
    }
    const session = sessionSchema.safeParse(result);
    if (result.outcome === 'login' && session.success) {
      setPending(null);
      completeSignIn(session.data, { remember });
      return;
    }
    // The one-time session was already collected (another tab?): ask for a fresh QR.
    setProblem(t('messages.account.did_request_used'));
    setAttempt((a) => a + 1);
  };

  if (pending && !pending.bindAfterLogin) {
    return (
      <div className="cr-auth__unknown-did" data-testid="unknown-did">
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('login.unknownDidTitle')}
          description={t('login.unknownDidText')}
        />
        <Typography.Text className="cr-auth__did">
          {t('login.signedDid', { did: pending.did })}
        </Typography.Text>
        <div className="cr-auth__unknown-did">
          <Button type="primary" block onClick={() => void navigate(paths.register())}>
            {t('login.registerWithDid')}
          </Button>
          {onUseExistingAccount && (
            <Button
              block
              onClick={() => {
                setPending({ ...pending, bindAfterLogin: true });
                onUseExistingAccount();
              }}
            >
              {t('login.loginExisting')}
            </Button>
          )}
          <Button
            type="link"
            block
            onClick={() => {
              setPending(null);
              setAttempt((a) => a + 1);
            }}
          >
            {t('login.tryAnother')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <WalletRequestPanel
        key={attempt}
        request={{ action: 'login' }}
        description={description}
        onSigned={onSigned}
      />
    </>
  );
}
