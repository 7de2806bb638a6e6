import type { WalletActionName } from '../../contract/wallet.contract';
import { bindDidAction } from './actions/bind-did.action';
import { loginAction } from './actions/login.action';
import { makeProposalAction } from './actions/make-proposal.action';
import { signProfileStatementAction } from './actions/sign-profile-statement.action';
import { vetoAction } from './actions/veto.action';
import { voteAction } from './actions/vote.action';
import { signSuggestionAction } from '../suggestion/sign-suggestion.action';
import type { WalletAction } from './wallet-action';

/** Every wallet action, by name: the one map the mechanism dispatches on. */
export const walletActions: Record<WalletActionName, WalletAction> = {
  login: loginAction,
  'bind-did': bindDidAction,
  'sign-profile-statement': signProfileStatementAction,
  'sign-suggestion': signSuggestionAction,
  'make-proposal': makeProposalAction,
  vote: voteAction,
  veto: vetoAction,
};
