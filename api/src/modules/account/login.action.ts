import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import { AppError } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { issueToken } from '../session';
import { toCurrentUser } from '../user';
import { defineWalletAction, noPayload } from '../wallet';
import { findUserByDid } from './account.repo';

export const DID_NOT_REGISTERED = 'Your DID does not register the CR website';

const disabled = () => new AppError(403, 'auth.account_disabled', 'This account is disabled.');

/**
 * Sign in by QR (credaccess). A DID bound to an account signs in: the session token is handed once to the
 * browser holding the request's secret. An unknown DID is offered registration, with the DID taken from the
 * verified reply (never typed in).
 */
export const loginAction = defineWalletAction({
  name: 'login',
  intent: 'credaccess',
  payload: noPayload,
  policy: policy.public,
  params: walletActionParamsSchemas.login,
  async prepare() {
    return { intent: 'credaccess', expectedSigner: null };
  },
  async apply({ tx, reply }) {
    const user = await findUserByDid(tx, reply.signerDid);
    if (user && !user.active) throw disabled();
    if (user) return { result: { outcome: 'login', did: reply.signerDid } };
    return {
      result: {
        outcome: 'register',
        did: reply.signerDid,
        message: DID_NOT_REGISTERED,
        ...(reply.shared?.name ? { name: reply.shared.name } : {}),
        ...(reply.shared?.email ? { email: reply.shared.email } : {}),
      },
    };
  },
  async collect({ tx, request }) {
    if (request.result?.outcome !== 'login' || !request.signerDid) return {};
    const user = await findUserByDid(tx, request.signerDid);
    if (!user || !user.active) throw disabled();
    const session = await issueToken(tx, user.id, 'did');
    return { token: session.token, user: toCurrentUser(user) };
  },
});
