import { useMemo } from 'react';
import { Alert, Collapse, Descriptions, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  canonicalSuggestionJson,
  DRAFT_HASH_SCHEMA,
  suggestionDraftHash,
} from '@cr/contract/suggestion-hash';
import { formatDateTime } from '../../../lib/dates';
import { proposalDetailSchema } from '@cr/contract/proposal.contract';
import { ChainProofBadge } from '../../../components/chain-proof/chain-proof-badge';
import { api } from '../../../lib/api-client';
import { draftHashProof } from '../../../lib/chain-proof';
import type { SuggestionDetail } from '../api/suggestion-api';

/**
 * The signature state. Once signed: who signed, when, the exact statement, the draft hash and the signature —
 * and the hash recomputed here in the browser from the content on this page, so anyone can see they match.
 */
export function SignaturePanel({ s }: { s: SuggestionDetail }) {
  const { t } = useTranslation('suggestions');
  const computed = useMemo(() => {
    try {
      return suggestionDraftHash(s.number, s.content);
    } catch {
      return null;
    }
  }, [s.number, s.content]);
  const matches = computed === s.draftHash;
  const sig = s.signature;

  return (
    <section className="sg-signature" aria-labelledby="sg-signature-title" data-testid="signature-panel">
      <Typography.Title level={2} id="sg-signature-title" className="sg-section__title">
        <SafetyCertificateOutlined /> {t('signature.title')}
      </Typography.Title>
      {sig ? (
        <Alert
          type="success"
          showIcon
          title={t('signature.signedBy', { time: formatDateTime(sig.signedAt) })}
          data-testid="signed-state"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('signature.notSigned')}
          description={t('signature.notSignedHelp')}
          data-testid="unsigned-state"
        />
      )}
      <Descriptions
        className="sg-signature__facts"
        column={1}
        size="small"
        items={[
          {
            key: 'hash',
            label: sig ? t('signature.draftHash') : t('signature.currentHash'),
            children: (
              <Typography.Text copyable className="sg-code sg-break" data-testid="draft-hash">
                {s.draftHash}
              </Typography.Text>
            ),
          },
          {
            key: 'check',
            label: t('signature.check'),
            children: matches ? (
              <span className="sg-ok" data-testid="hash-check">
                <CheckCircleFilled /> {t('signature.hashMatches')}
              </span>
            ) : (
              <span className="sg-bad" data-testid="hash-check">
                <CloseCircleFilled /> {t('signature.hashDiffers')}
              </span>
            ),
          },
          ...(sig
            ? [
                {
                  key: 'chain',
                  label: t('signature.onChain'),
                  children:
                    s.proposalNumber !== null ? (
                      <ChainProofBadge
                        key={`${s.proposalNumber}:${s.version}`}
                        kind="draft"
                        item={t('signature.proofItem', { number: s.number })}
                        // The registration transaction of the proposal made from it; the text as shown here.
                        spec={async () => {
                          const p = await api.get(`/api/proposals/${s.proposalNumber}`, undefined, {
                            schema: proposalDetailSchema,
                          });
                          if (!p.txHash) throw new Error('not registered');
                          return draftHashProof(canonicalSuggestionJson(s.number, s.content), p.txHash);
                        }}
                      />
                    ) : (
                      <span className="sg-muted" data-testid="not-on-chain">
                        {t('signature.notOnChain')}
                      </span>
                    ),
                },
              ]
            : []),
          ...(sig
            ? [
                {
                  key: 'did',
                  label: t('signature.signer'),
                  children: <code className="sg-code sg-break">{sig.did}</code>,
                },
                {
                  key: 'statement',
                  label: t('signature.statement'),
                  children: <blockquote className="sg-statement">{sig.statement}</blockquote>,
                },
                {
                  key: 'sig',
                  label: t('signature.signature'),
                  children: (
                    <Typography.Text copyable={{ text: sig.signature }} className="sg-code sg-break">
                      {sig.signature.length > 48
                        ? `${sig.signature.slice(0, 24)}…${sig.signature.slice(-16)}`
                        : sig.signature}
                    </Typography.Text>
                  ),
                },
                ...(sig.publicKey
                  ? [
                      {
                        key: 'key',
                        label: t('signature.publicKey'),
                        children: <code className="sg-code sg-break">{sig.publicKey}</code>,
                      },
                    ]
                  : []),
              ]
            : []),
        ]}
      />
      <Collapse
        size="small"
        items={[
          {
            key: 'how',
            label: t('signature.howTitle'),
            children: (
              <div className="sg-how">
                <ol>
                  <li>{t('signature.how1', { schema: DRAFT_HASH_SCHEMA, number: s.number })}</li>
                  <li>{t('signature.how2')}</li>
                  <li>{t('signature.how3')}</li>
                  <li>{t('signature.how4')}</li>
                </ol>
                <Typography.Text type="secondary">{t('signature.canonical')}</Typography.Text>
                <pre className="sg-canonical">{canonicalSuggestionJson(s.number, s.content)}</pre>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
