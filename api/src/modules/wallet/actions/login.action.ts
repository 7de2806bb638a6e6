import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { policy } from '../../../http/route';
import { issueToken } from '../../session/session.service';
import { toCurrentUser } from '../../user/user.service';
import type { WalletAction } from '../wallet-action';

export const DID_NOT_REGISTERED = 'Your DID does not register the CR website';

/**
 * Sign in by QR (credaccess). A DID bound to an account signs in: the session token is handed once to the
 * browser holding the request's secret. An unknown DID is offered registration, with the DID taken from the
 * verified reply (never typed in).
 */
export const loginAction: WalletAction = {
  name: 'login',
  policy: policy.public,
  async prepare() {
    return { intent: 'credaccess', expectedSigner: null };
  },
  async apply({ db, reply }) {
    const [user] = await db.select().from(users).where(eq(users.did, reply.signerDid)).limit(1);
    if (user && !user.active) throw new AppError(403, 'auth.account_disabled', 'This account is disabled.');
    if (user) return { outcome: 'login', did: reply.signerDid };
    return {
      outcome: 'register',
      did: reply.signerDid,
      message: DID_NOT_REGISTERED,
      ...(reply.shared?.name ? { name: reply.shared.name } : {}),
      ...(reply.shared?.email ? { email: reply.shared.email } : {}),
    };
  },
  async collect({ db, request }) {
    if (request.result?.outcome !== 'login' || !request.signerDid) return {};
    const [user] = await db.select().from(users).where(eq(users.did, request.signerDid)).limit(1);
    if (!user || !user.active) throw new AppError(403, 'auth.account_disabled', 'This account is disabled.');
    const session = await issueToken(db, user.id, 'did');
    return { token: session.token, user: toCurrentUser(user) };
  },
};
