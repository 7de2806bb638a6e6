import { Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DidAttestation } from '@cr/contract/profile.contract';
import { formatDateTime } from '../../lib/dates';
import { PROFILE_CARD_NS } from './profile-card-i18n';
import './profile-card.css';

/**
 * The profile statement the member signed with their DID, as stored: when and by which DID, and (folded) the
 * words and the signature, so anyone can check it against the DID's public key.
 */
export function SignedStatement({ attestation }: { attestation: DidAttestation }) {
  const { t } = useTranslation(PROFILE_CARD_NS);
  return (
    <div className="cr-profile-statement" data-testid="signed-statement">
      <Typography.Text>
        <SafetyCertificateOutlined className="cr-profile-statement__icon" />{' '}
        {t('statement.signed', { date: formatDateTime(attestation.signedAt), did: attestation.did })}
      </Typography.Text>
      <details>
        <summary>{t('statement.show')}</summary>
        <pre className="cr-profile-statement__text">{attestation.statement}</pre>
        <dl className="cr-profile-statement__proof">
          <dt>{t('statement.signature')}</dt>
          <dd>
            <Typography.Text copyable className="cr-profile-did">
              {attestation.signature}
            </Typography.Text>
          </dd>
          {attestation.publicKey && (
            <>
              <dt>{t('statement.publicKey')}</dt>
              <dd>
                <Typography.Text copyable className="cr-profile-did">
                  {attestation.publicKey}
                </Typography.Text>
              </dd>
            </>
          )}
        </dl>
      </details>
    </div>
  );
}
