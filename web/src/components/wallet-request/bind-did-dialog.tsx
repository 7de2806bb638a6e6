import type { ReactNode } from 'react';
import { accountApi } from '../../lib/account-api';
import { useAuthStore } from '../../lib/auth-store';
import { usePendingDidStore } from '../../lib/pending-did-store';
import { WalletRequestDialog } from './wallet-request-dialog';

/**
 * The one-scan DID binding wherever a page needs a bound DID (the suggestion form, before the member starts):
 * the wallet signs the bind statement through the one QR dialog; once the DID is bound the signed-in member is
 * read again, so every page sees the DID at once. The profile's DID card binds through the same action.
 */
export function BindDidDialog({
  open,
  title,
  onBound,
  onClose,
}: {
  open: boolean;
  title?: ReactNode;
  /** Called once the DID is bound and the member read again. */
  onBound(): void;
  onClose(): void;
}) {
  const bound = async () => {
    usePendingDidStore.getState().setPending(null);
    // The binding is done; a failed read only delays the DID showing until the next page load.
    const user = await accountApi.currentUser().catch(() => null);
    if (user) useAuthStore.getState().setUser(user);
    onBound();
  };
  return (
    <WalletRequestDialog
      open={open}
      request={{ action: 'bind-did' }}
      title={title}
      onSigned={() => void bound()}
      onClose={onClose}
    />
  );
}
