import { statusTable } from '@cr/core/db/status-table';

/** The states written to `wallet_requests.status` (`expired` is only computed on read). */
export type WalletRequestStored = 'pending' | 'signed' | 'failed';

/**
 * `pending → signed`: a verified reply was applied. `pending → failed`: an esctransaction reply whose transaction
 * is on chain exactly as asked but reverted (nothing happened; the revert reason is kept). Both are final: a later
 * reply to the same request is answered 409. A refused reply moves nothing (docs/wallet-requests.md).
 */
export const WALLET_REQUEST_TRANSITIONS = statusTable<WalletRequestStored>('wallet request', {
  pending: ['signed', 'failed'],
  signed: [],
  failed: [],
});
