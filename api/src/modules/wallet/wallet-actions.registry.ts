import type { WalletActionName } from '@cr/contract/wallet.contract';
import { concludeAction } from '../conclusion/conclude.action';
import { bindDidAction } from '../account/bind-did.action';
import { loginAction } from '../account/login.action';
import { requestPaymentAction } from '../milestone/request-payment.action';
import { reviewPaymentAction } from '../milestone/review-payment.action';
import { withdrawAction } from '../milestone/withdraw.action';
import { voteElipAction } from '../elip/vote-elip.action';
import { coSignNominationAction } from '../nomination/co-sign-nomination.action';
import { signProfileStatementAction } from '../profile/sign-profile-statement.action';
import { makeProposalAction } from '../proposal/make-proposal.action';
import { vetoAction } from '../proposal/veto.action';
import { voteAction } from '../proposal/vote.action';
import { signSuggestionAction } from '../suggestion/sign-suggestion.action';
import type { WalletAction } from './wallet-action';

/** Every wallet action, by name: the one map the mechanism dispatches on. Each lives in its area's module. */
export const walletActions: { [A in WalletActionName]: WalletAction<A> } = {
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
