import type { WalletActionName } from '@cr/contract/wallet.contract';

/** The proposal wallet actions (registered by the proposal module on the server). */
export const WALLET_ACTIONS = {
  makeProposal: 'make-proposal',
  vote: 'vote',
  veto: 'veto',
  requestPayment: 'request-payment',
  reviewPayment: 'review-payment',
  withdraw: 'withdraw',
  conclude: 'conclude',
} as const satisfies Record<string, WalletActionName>;
