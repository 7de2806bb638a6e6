import { useState } from 'react';
import { Alert, Button, Input, Modal, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChainProofBadge } from '../../../components/chain-proof/chain-proof-badge';
import { summaryProof } from '../../../lib/chain-proof';
import type { ConclusionOutcome } from '@cr/contract/conclusion.contract';
import type { WalletRequestInput } from '@cr/contract/wallet.contract';
import { ChainActionStatus } from '../../../components/chain-status/chain-action-status';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { proposalApi } from '../api/proposal-api';
import { useProposalConclusion } from '../hooks/use-proposal-conclusion';
import { useProposalErrorText } from '../model/error-text';
import { WALLET_ACTIONS } from '../model/wallet-actions';
import { ensureConclusionWalletTexts } from './conclusion-wallet-texts';
import { useFeedback } from '../../../lib/use-feedback';

ensureConclusionWalletTexts();

/** What the party confirms before the QR: the outcome, and for an incomplete close without summary, the reason. */
interface Draft {
  outcome: ConclusionOutcome;
  cosign: boolean;
  note: string;
}

/**
 * The conclusion of a passed proposal: the owner and the secretary general sign the same statement (FINAL — every
 * stage approved and the summary approved — or INCOMPLETED). Shows who has signed, the outcome, the live chain
 * status of the relayed call, and the viewer's buttons: complete, close as incomplete, co-sign, cancel. Each
 * signature goes through a confirmation and then the QR dialog that shows the statement.
 */
export function ConclusionPanel({ proposalId, draftHash }: { proposalId: string; draftHash: string | null }) {
  const { t } = useTranslation('proposals');
  const errorText = useProposalErrorText();
  const { conclusion: c, error, reload } = useProposalConclusion(proposalId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [signing, setSigning] = useState<WalletRequestInput | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const { message, modal } = useFeedback();

  if (error && !c) return <Alert type="error" showIcon title={t('conclusion.loadFailed')} />;
  if (!c) return <Skeleton active paragraph={{ rows: 2 }} />;

  const needsNote = (d: Draft) => d.outcome === 'INCOMPLETED' && !d.cosign && !c.summaryApproved;
  const sign = () => {
    if (!draft || (needsNote(draft) && !draft.note.trim())) return;
    const d = draft;
    setDraft(null);
    setSigning({
      action: WALLET_ACTIONS.conclude,
      params: {
        proposalId,
        outcome: d.outcome,
        ...(needsNote(d) ? { note: d.note.trim() } : {}),
      },
    });
  };
  const cancel = () =>
    modal.confirm({
      title: t('conclusion.cancelTitle'),
      content: t('conclusion.cancelText'),
      okText: t('conclusion.actions.cancel'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'conclusion-cancel-ok' } as never,
      onOk: async () => {
        setCancelling(true);
        try {
          await proposalApi.cancelConclusion(proposalId);
          message.success(t('conclusion.cancelled'));
          await reload();
        } catch (err) {
          message.error(errorText(err));
        } finally {
          setCancelling(false);
        }
      },
    });

  const p = c.pending;
  const shown = p?.status === 'SIGNED' && p.action?.status === 'chained' && !c.open ? 'DONE' : p?.status;
  return (
    <div className="pr-conclusion" data-testid="conclusion-panel">
      {!p && c.open && <p className="pr-muted pr-pay__text">{t('conclusion.intro')}</p>}
      {p && (
        <div className="pr-pay__item" data-testid="conclusion-pending" data-status={p.status}>
          <div className="pr-pay__head">
            <span className="pr-pay__title">{t(`conclusion.outcome.${p.outcome}`)}</span>
            <Tag
              color={shown === 'DONE' ? 'success' : shown === 'SIGNED' ? 'processing' : 'gold'}
              data-testid="conclusion-status"
            >
              {t(`conclusion.status.${shown}`)}
            </Tag>
          </div>
          <ul className="pr-conclusion__signers">
            <Signer label={t('conclusion.owner')} signedAt={p.ownerSignedAt} testid="conclusion-owner" />
            <Signer
              label={t('conclusion.secretary')}
              signedAt={p.secretarySignedAt}
              testid="conclusion-secretary"
            />
          </ul>
          {p.outcome === 'INCOMPLETED' && !c.summaryApproved && (
            <p className="pr-pay__text">
              <span className="pr-muted">{t('conclusion.note')}: </span>
              {p.note}
            </p>
          )}
          {p.note && p.action?.status === 'chained' && p.action.txHash && (
            <p className="pr-pay__text" data-testid="conclusion-summary">
              {(p.outcome === 'FINAL' || c.summaryApproved) && (
                <>
                  <span className="pr-muted">{t('conclusion.summaryText')}: </span>
                  {p.note}
                </>
              )}
              <span className="cr-proof__slot">
                <ChainProofBadge
                  key={`${p.action.txHash}:${p.note}`}
                  kind="summary"
                  item={t('proof.summary')}
                  spec={summaryProof(p.note, p.action.txHash, draftHash)}
                />
              </span>
            </p>
          )}
          {p.action && (
            <div className="pr-pay__foot">
              <span className="pr-pay__chain">
                <span className="pr-muted">{t('tx.kinds.proposal.conclude')}</span>
                <ChainActionStatus actionId={p.action.id} initial={p.action} showHash />
              </span>
            </div>
          )}
        </div>
      )}
      {(c.viewer.owner || c.viewer.secretary) && c.open && !c.finalReady && (
        <p className="pr-muted pr-pay__text" data-testid="conclusion-final-hint">
          {t('conclusion.finalHint')}
        </p>
      )}
      {c.actions.length > 0 && (
        <div className="pr-pay__foot pr-conclusion__actions">
          {c.actions.map((a) => (
            <Button
              key={a}
              type={a === 'cosign' || a === 'final' ? 'primary' : 'default'}
              danger={a === 'cancel'}
              loading={a === 'cancel' && cancelling}
              data-testid={`conclusion-${a}`}
              onClick={() =>
                a === 'cancel'
                  ? cancel()
                  : setDraft({
                      outcome: a === 'cosign' ? p!.outcome : a === 'final' ? 'FINAL' : 'INCOMPLETED',
                      cosign: a === 'cosign',
                      note: '',
                    })
              }
            >
              {t(`conclusion.actions.${a}`)}
            </Button>
          ))}
        </div>
      )}
      <Modal
        open={!!draft}
        title={
          draft?.cosign
            ? t('conclusion.cosignTitle')
            : t(`conclusion.confirmTitle.${draft?.outcome ?? 'FINAL'}`)
        }
        okText={t('payments.continue')}
        cancelText={t('actions.cancel')}
        okButtonProps={{
          disabled: !!draft && needsNote(draft) && !draft.note.trim(),
          'data-testid': 'conclusion-continue',
        }}
        onOk={sign}
        onCancel={() => setDraft(null)}
      >
        <p>
          {draft?.cosign
            ? t('conclusion.cosignText', { outcome: t(`conclusion.outcome.${draft.outcome}`) })
            : t(`conclusion.confirmText.${draft?.outcome ?? 'FINAL'}`)}
        </p>
        {draft && needsNote(draft) && (
          <>
            <label className="pr-pay__label" htmlFor="conclusion-note">
              {t('conclusion.noteLabel')}
            </label>
            <Input.TextArea
              id="conclusion-note"
              data-testid="conclusion-note"
              rows={4}
              maxLength={5000}
              value={draft.note}
              onChange={(e) => setDraft((d) => (d ? { ...d, note: e.target.value } : d))}
            />
          </>
        )}
      </Modal>
      <WalletRequestDialog
        open={!!signing}
        request={signing ?? { action: WALLET_ACTIONS.conclude, params: { proposalId, outcome: 'FINAL' } }}
        title={t('conclusion.dialogTitle')}
        onSigned={() => {
          setSigning(null);
          message.success(t('conclusion.sent'));
          void reload();
        }}
        onClose={() => setSigning(null)}
      />
    </div>
  );
}

function Signer({ label, signedAt, testid }: { label: string; signedAt: string | null; testid: string }) {
  const { t } = useTranslation('proposals');
  return (
    <li data-testid={testid} data-signed={signedAt ? 'yes' : 'no'}>
      <span>{label}</span>
      <Tag color={signedAt ? 'success' : 'default'}>
        {signedAt ? t('conclusion.signed') : t('conclusion.waiting')}
      </Tag>
    </li>
  );
}
