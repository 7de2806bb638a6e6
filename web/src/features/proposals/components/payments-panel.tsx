import { useState } from 'react';
import { Alert, Button, Input, Modal, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MilestoneStatus, MilestoneView, ProposalPayments } from '@cr/contract/milestone.contract';
import { ChainActionStatus } from '../../../components/chain-status/chain-action-status';
import { shortHash } from '../../../components/chain-status/explorer';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import type { WalletRequestInput } from '@cr/contract/wallet.contract';
import { useProposalPayments } from '../hooks/use-proposal-payments';
import { WALLET_ACTIONS } from '../model/wallet-actions';
import { ensurePaymentWalletTexts } from './payment-wallet-texts';
import { ChainProofBadge } from '../../../components/chain-proof/chain-proof-badge';
import { paymentMessageProof, reviewOpinionProof, withdrawalProof } from '../../../lib/chain-proof';
import { useFeedback } from '../../../lib/use-feedback';

ensurePaymentWalletTexts();

const STATUS_COLOR: Record<MilestoneStatus, string> = {
  WAITING_FOR_REQUEST: 'default',
  WAITING_FOR_APPROVAL: 'processing',
  WAITING_FOR_WITHDRAWAL: 'gold',
  WITHDRAWN: 'success',
  REJECTED: 'error',
  CANCELLED: 'default',
};

/** What the viewer is writing before the QR: the request's progress message or the review's opinion. */
type Draft =
  | { kind: 'request'; stage: number; text: string }
  | { kind: 'review'; stage: number; approve: boolean; text: string };

/**
 * The payment schedule of a passed proposal: each milestone's status (projected from the Treasury's events), its
 * message and the secretary's opinion, the live chain status of its latest signed action (with retry), and the
 * one action the viewer may take now — the owner requests and withdraws, the secretary general approves or
 * rejects. Every action opens the QR dialog that shows the statement before it is signed.
 */
export function PaymentsPanel({ proposalId, draftHash }: { proposalId: string; draftHash: string | null }) {
  const { t } = useTranslation('proposals');
  const { payments, error, reload } = useProposalPayments(proposalId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [signing, setSigning] = useState<{ request: WalletRequestInput; text: string } | null>(null);
  const { message } = useFeedback();

  if (error && !payments) return <Alert type="error" showIcon title={t('payments.loadFailed')} />;
  if (!payments) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (payments.milestones.length === 0) return <p className="pr-muted">{t('payments.none')}</p>;

  const startDraft = (m: MilestoneView, action: string) =>
    setDraft(
      action === 'request'
        ? { kind: 'request', stage: m.stage, text: '' }
        : { kind: 'review', stage: m.stage, approve: action === 'approve', text: '' },
    );
  const act = (m: MilestoneView, action: string) => {
    if (action !== 'withdraw') return startDraft(m, action);
    setSigning({
      request: { action: WALLET_ACTIONS.withdraw, params: { proposalId } },
      text: t('payments.withdrawText', { amount: payments.withdrawable, recipient: payments.recipient }),
    });
  };
  const sign = () => {
    if (!draft || !draft.text.trim()) return;
    const d = draft;
    setDraft(null);
    setSigning(
      d.kind === 'request'
        ? {
            request: {
              action: WALLET_ACTIONS.requestPayment,
              params: { proposalId, stage: d.stage, message: d.text.trim() },
            },
            text: t('payments.requestText', { stage: d.stage + 1 }),
          }
        : {
            request: {
              action: WALLET_ACTIONS.reviewPayment,
              params: { proposalId, stage: d.stage, approve: d.approve, opinion: d.text.trim() },
            },
            text: t(d.approve ? 'payments.approveText' : 'payments.rejectText', { stage: d.stage + 1 }),
          },
    );
  };

  return (
    <div className="pr-pay" data-testid="payments-panel">
      <ol className="pr-pay__list">
        {payments.milestones.map((m) => (
          <MilestoneItem key={m.stage} m={m} onAction={act} draftHash={draftHash} />
        ))}
      </ol>
      <Withdrawals payments={payments} draftHash={draftHash} />
      <Modal
        open={!!draft}
        title={
          draft?.kind === 'request'
            ? t('payments.requestTitle', { stage: (draft?.stage ?? 0) + 1 })
            : t(draft?.approve ? 'payments.approveTitle' : 'payments.rejectTitle', {
                stage: (draft?.stage ?? 0) + 1,
              })
        }
        okText={t('payments.continue')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ disabled: !draft?.text.trim(), 'data-testid': 'payment-continue' }}
        onOk={sign}
        onCancel={() => setDraft(null)}
      >
        <label className="pr-pay__label" htmlFor="payment-text">
          {draft?.kind === 'request' ? t('payments.messageLabel') : t('payments.opinionLabel')}
        </label>
        <Input.TextArea
          id="payment-text"
          data-testid="payment-text"
          rows={4}
          maxLength={5000}
          value={draft?.text ?? ''}
          onChange={(e) => setDraft((d) => (d ? { ...d, text: e.target.value } : d))}
        />
      </Modal>
      <WalletRequestDialog
        open={!!signing}
        request={signing?.request ?? { action: WALLET_ACTIONS.withdraw, params: { proposalId } }}
        title={t('payments.dialogTitle')}
        description={signing?.text}
        onSigned={() => {
          setSigning(null);
          message.success(t('payments.sent'));
          void reload();
        }}
        onClose={() => setSigning(null)}
      />
    </div>
  );
}

function MilestoneItem({
  m,
  onAction,
  draftHash,
}: {
  m: MilestoneView;
  onAction(m: MilestoneView, action: string): void;
  draftHash: string | null;
}) {
  const { t } = useTranslation('proposals');
  return (
    <li className="pr-pay__item" data-testid="milestone" data-stage={m.stage} data-status={m.status}>
      <div className="pr-pay__head">
        <span className="pr-pay__title">
          {t('payments.stage', { stage: m.stage + 1 })} · {t(`payments.kinds.${m.kind}`)}
        </span>
        <span className="pr-pay__amount">{t('content.ela', { amount: m.amount })}</span>
        <Tag color={STATUS_COLOR[m.status]} data-testid="milestone-status">
          {t(`payments.status.${m.status}`)}
        </Tag>
      </div>
      {m.message && (
        <p className="pr-pay__text">
          <span className="pr-muted">{t('payments.message')}: </span>
          {m.message}
          {m.requestTxHash && (
            <span className="cr-proof__slot">
              <ChainProofBadge
                key={`${m.requestTxHash}:${m.message}`}
                kind="request"
                item={t('proof.request', { stage: m.stage + 1 })}
                spec={paymentMessageProof(m.message, m.stage, m.requestTxHash, draftHash)}
              />
            </span>
          )}
        </p>
      )}
      {m.opinion && (
        <p className="pr-pay__text" data-testid="milestone-opinion">
          <span className="pr-muted">{t('payments.opinion')}: </span>
          {m.opinion}
          {m.reviewTxHash && (
            <span className="cr-proof__slot">
              <ChainProofBadge
                key={`${m.reviewTxHash}:${m.opinion}`}
                kind="review"
                item={t('proof.review', { stage: m.stage + 1 })}
                spec={reviewOpinionProof(m.opinion, m.stage, m.reviewTxHash, draftHash)}
              />
            </span>
          )}
        </p>
      )}
      {m.waitingFor === 'summary' && (
        <p className="pr-muted pr-pay__text" data-testid="milestone-waiting">
          {t('payments.waitingForSummary')}
        </p>
      )}
      <div className="pr-pay__foot">
        {m.action && (
          <span className="pr-pay__chain">
            <span className="pr-muted">{t(`tx.kinds.${m.action.kind}`)}</span>
            <ChainActionStatus actionId={m.action.id} initial={m.action} showHash />
          </span>
        )}
        {m.actions.map((a) => (
          <Button
            key={a}
            size="small"
            type={a === 'reject' ? 'default' : 'primary'}
            danger={a === 'reject'}
            data-testid={`milestone-${a}`}
            onClick={() => onAction(m, a)}
          >
            {t(`payments.actions.${a}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}

function Withdrawals({ payments, draftHash }: { payments: ProposalPayments; draftHash: string | null }) {
  const { t } = useTranslation('proposals');
  if (payments.withdrawals.length === 0) return null;
  return (
    <div className="pr-pay__withdrawals" data-testid="withdrawals">
      <h3 className="pr-pay__subtitle">{t('payments.withdrawals')}</h3>
      <ul>
        {payments.withdrawals.map((w) => (
          <li key={w.txHash} className="pr-pay__withdrawal" data-testid="withdrawal">
            <span>
              {w.toStage - w.fromStage === 1
                ? t('payments.paidOne', { amount: w.amount, stage: w.toStage })
                : t('payments.paid', { amount: w.amount, from: w.fromStage + 1, to: w.toStage })}
            </span>
            <code title={w.txHash}>{shortHash(w.txHash)}</code>
            <span className="pr-muted" title={w.recipient}>
              {t('payments.recipient', { address: shortHash(w.recipient) })}
            </span>
            {w.balanceBefore !== null && w.balanceAfter !== null && (
              <span data-testid="balance-change">
                {t('payments.balance', { before: w.balanceBefore, after: w.balanceAfter })}
              </span>
            )}
            <ChainProofBadge
              key={`${w.txHash}:${w.amount}:${w.recipient}`}
              kind="withdrawal"
              compare="values"
              item={t('proof.withdrawal', { amount: w.amount })}
              spec={withdrawalProof(w.amount, w.recipient, w.txHash, draftHash)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
