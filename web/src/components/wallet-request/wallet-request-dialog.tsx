import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  CreatedWalletRequest,
  WalletRequestInput,
  WalletRequestState,
} from '@cr/contract/wallet.contract';
import { WalletRequestPanel } from './wallet-request-panel';
import { WALLET_NS } from './wallet-request-i18n';

export interface WalletRequestDialogProps {
  open: boolean;
  /** The action and what it is about, e.g. `{ action: 'vote', params: { proposalId } }`. */
  request: WalletRequestInput;
  /** Dialog title; defaults to "Confirm with your DID wallet". */
  title?: ReactNode;
  /** What will happen, in words; defaults to the action's standard explanation. */
  description?: ReactNode;
  /** Called once with the signed state; the caller usually closes the dialog then. */
  onSigned(state: WalletRequestState, request: CreatedWalletRequest): void;
  onClose(): void;
}

/**
 * The one QR-signing dialog every wallet action uses (architecture §3 step 3): it asks for a wallet request,
 * shows the QR and what is signed, follows the request live and calls `onSigned` once it is verified. Closing
 * it stops listening (the request then simply expires).
 */
export function WalletRequestDialog({
  open,
  request,
  title,
  description,
  onSigned,
  onClose,
}: WalletRequestDialogProps) {
  const { t } = useTranslation(WALLET_NS);
  return (
    <Modal
      open={open}
      title={title ?? t('dialogTitle')}
      onCancel={onClose}
      destroyOnHidden
      centered
      width={520}
      footer={<Button onClick={onClose}>{t('cancel')}</Button>}
      className="cr-wallet-dialog"
    >
      {open && <WalletRequestPanel request={request} description={description} onSigned={onSigned} />}
    </Modal>
  );
}
