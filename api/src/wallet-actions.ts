import { concludeAction } from './modules/conclusion/conclude.action';
import { bindDidAction } from './modules/account/bind-did.action';
import { loginAction } from './modules/account/login.action';
import { requestPaymentAction } from './modules/milestone/request-payment.action';
import { reviewPaymentAction } from './modules/milestone/review-payment.action';
import { withdrawAction } from './modules/milestone/withdraw.action';
import { voteElipAction } from './modules/elip/vote-elip.action';
import { coSignNominationAction } from './modules/nomination/co-sign-nomination.action';
import { signProfileStatementAction } from './modules/profile/sign-profile-statement.action';
import { makeProposalAction } from './modules/proposal/make-proposal.action';
import { vetoAction } from './modules/proposal/veto.action';
import { voteAction } from './modules/proposal/vote.action';
import { signSuggestionAction } from './modules/suggestion/sign-suggestion.action';
import type { WalletActions } from './modules/wallet/wallet-action';

/**
 * Every wallet action, by name: the one map the mechanism (modules/wallet) dispatches on, handed to its routes by
 * routes.ts. Each action lives in its area's module; only this floor, above the modules, imports them all.
 */
export const walletActions: WalletActions = {
  login: loginAction,
  'bind-did': bindDidAction,
  'sign-profile-statement': signProfileStatementAction,
  'sign-suggestion': signSuggestionAction,
  'make-proposal': makeProposalAction,
  vote: voteAction,
  veto: vetoAction,
  'request-payment': requestPaymentAction,
  'review-payment': reviewPaymentAction,
  withdraw: withdrawAction,
  conclude: concludeAction,
  'co-sign-nomination': coSignNominationAction,
  'vote-elip': voteElipAction,
};
