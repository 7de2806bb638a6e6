import { useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DidAttestation } from '@cr/contract/profile.contract';
import { SignedStatement } from '../../../components/profile-card/signed-statement';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { useAuth } from '../../../lib/auth-store';
import { formatDate } from '../../../lib/dates';
import { usePendingDidStore } from '../../../lib/pending-did-store';
import { refreshCurrentUser } from '../lib/use-own-profile';
import '../../../components/profile-card/profile-card.css';
import { useFeedback } from '../../../lib/use-feedback';

type Dialog = 'bind-did' | 'sign-profile-statement' | null;

/**
 * The member's DID: bind it (or bind another) by the DID's own signature through the QR dialog, and sign the
 * profile statement with it. `?bindDid=1` opens binding at once (after a QR sign-in with an unknown DID was
 * continued with a password sign-in).
 */
export function DidCard({
  attestation,
  onChanged,
}: {
  /** The statement stored on the profile (GET /api/user/profile), null when none is signed by the bound DID. */
  attestation: DidAttestation | null;
  onChanged(): void;
}) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const did = user?.did ?? null;

  useEffect(() => {
    if (params.get('bindDid') !== '1') return;
    setDialog('bind-did');
    const next = new URLSearchParams(params);
    next.delete('bindDid');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const onSigned = async () => {
    const action = dialog;
    setDialog(null);
    if (action === 'bind-did') {
      usePendingDidStore.getState().setPending(null);
      void message.success(t('did.bound'));
      await refreshCurrentUser().catch(() => undefined);
      onChanged();
    } else if (action === 'sign-profile-statement') {
      void message.success(t('did.signed'));
      onChanged(); // the stored statement comes back with the profile
    }
  };

  const sign = () => {
    if (!did) {
      void message.warning(t('did.requiredFirst'));
      return;
    }
    setDialog('sign-profile-statement');
  };

  return (
    <Card className="cr-card" title={t('sections.did')} data-testid="did-card">
      {did ? (
        <>
          <Typography.Paragraph
            copyable={{ text: did.id }}
            className="cr-profile-did"
            data-testid="bound-did"
          >
            {did.id}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('did.boundAt', { date: formatDate(did.boundAt) })}
          </Typography.Text>
        </>
      ) : (
        <Alert type="info" showIcon title={t('did.none')} description={t('did.noneHelp')} />
      )}
      {did && attestation && <SignedStatement attestation={attestation} />}
      <div className="cr-profile-actions">
        {did ? (
          <Popconfirm
            title={t('did.rebindConfirm')}
            description={<div style={{ maxWidth: 300 }}>{t('did.rebindText')}</div>}
            okText={t('did.rebindOk')}
            cancelText={t('cancel')}
            onConfirm={() => setDialog('bind-did')}
          >
            <Button>{t('did.rebind')}</Button>
          </Popconfirm>
        ) : (
          <Button type="primary" onClick={() => setDialog('bind-did')}>
            {t('did.bind')}
          </Button>
        )}
        <Button icon={<SafetyCertificateOutlined />} onClick={sign} title={t('did.signHelp')}>
          {t('did.sign')}
        </Button>
      </div>
      <WalletRequestDialog
        open={dialog !== null}
        request={{ action: dialog ?? 'bind-did' }}
        title={dialog === 'sign-profile-statement' ? t('did.signTitle') : t('did.bindTitle')}
        onSigned={() => void onSigned()}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
