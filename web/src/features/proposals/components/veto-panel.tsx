import { ESC_ADDRESS_SHAPE } from '@cr/contract/address';
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Progress } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import { ensureProposalWalletTexts } from '../../../components/make-proposal-button';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { useAuth } from '../../../lib/auth-store';
import { WALLET_ACTIONS } from '../model/wallet-actions';
import { useFeedback } from '../../../lib/use-feedback';

ensureProposalWalletTexts();

interface VetoForm {
  amount: string;
  from: string;
}

/**
 * The community veto: the ELA locked against the proposal beside the threshold (10% of circulating supply),
 * live, and, while the veto window is open, the lock itself: the member's own wallet sends it (an
 * `esctransaction` wallet request `veto` carrying the proposal, amount and address), after a confirmation that the ELA stays locked
 * until the window ends.
 */
export function VetoPanel({ proposal, onLocked }: { proposal: ProposalDetail; onLocked(): void }) {
  const { t } = useTranslation('proposals');
  const { message } = useFeedback();
  const { is_login } = useAuth();
  const [form] = Form.useForm<VetoForm>();
  const [pending, setPending] = useState<VetoForm | null>(null);
  const [signing, setSigning] = useState<VetoForm | null>(null);
  const veto = proposal.veto;
  const pct = veto.percentOfThreshold ?? 0;
  const over = pct > 100;
  const open = proposal.window.vetoOpen;

  return (
    <div className="pr-veto" data-testid="veto-panel">
      <p className="pr-muted">{open ? t('veto.text') : t('veto.closedText')}</p>
      <div className="pr-veto__meter">
        <Progress
          percent={Math.min(100, Math.round(pct))}
          status={over ? 'exception' : open ? 'active' : 'normal'}
          format={() => `${pct.toFixed(1)}%`}
          aria-label={t('veto.meterLabel')}
        />
        <p data-testid="veto-locked" data-percent={pct}>
          {veto.thresholdEla
            ? t('veto.locked', { locked: veto.totalEla, threshold: veto.thresholdEla, count: veto.stakes })
            : t('veto.lockedNoThreshold', { locked: veto.totalEla, count: veto.stakes })}
        </p>
      </div>
      {open &&
        (is_login ? (
          <Form
            form={form}
            layout="vertical"
            className="pr-veto__form"
            onFinish={(v) => setPending({ amount: String(v.amount).trim(), from: v.from.trim() })}
          >
            <Form.Item
              name="amount"
              label={t('veto.amount')}
              rules={[
                { required: true, message: t('veto.amountRequired') },
                {
                  pattern: /^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/,
                  message: t('errors.fields.amount'),
                },
                {
                  validator: (_, v) =>
                    !v || Number(v) > 0
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('veto.amountPositive'))),
                },
              ]}
            >
              <InputNumber
                stringMode
                min="0"
                addonAfter="ELA"
                className="pr-veto__amount"
                data-testid="veto-amount"
              />
            </Form.Item>
            <Form.Item
              name="from"
              label={t('veto.from')}
              extra={t('veto.fromHelp')}
              rules={[
                { required: true, message: t('veto.fromRequired') },
                { pattern: ESC_ADDRESS_SHAPE, message: t('errors.fields.from') },
              ]}
            >
              <Input placeholder="0x…" autoComplete="off" spellCheck={false} data-testid="veto-from" />
            </Form.Item>
            <Button danger htmlType="submit" icon={<StopOutlined />} data-testid="veto-start">
              {t('veto.oppose')}
            </Button>
          </Form>
        ) : (
          <p>{t('veto.loginFirst')}</p>
        ))}
      <Modal
        open={!!pending}
        title={t('veto.confirmTitle')}
        okText={t('veto.confirmOk')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'veto-confirm' }}
        onOk={() => {
          setSigning(pending);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      >
        <p>{t('veto.confirmText', { amount: pending?.amount, number: proposal.number })}</p>
      </Modal>
      <WalletRequestDialog
        open={!!signing}
        request={{ action: WALLET_ACTIONS.veto, params: { proposalId: proposal._id, ...signing! } }}
        title={t('veto.dialogTitle', { number: proposal.number })}
        description={t('veto.dialogText', { amount: signing?.amount })}
        onSigned={() => {
          setSigning(null);
          form.resetFields(['amount']);
          message.success(t('veto.sent'));
          onLocked();
        }}
        onClose={() => setSigning(null)}
      />
    </div>
  );
}
