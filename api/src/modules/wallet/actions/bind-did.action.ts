import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { AppError, unauthorized } from '../../../http/app-error';
import { policy } from '../../../http/route';
import { syncCouncilRoles } from '../../council/council.repo';
import type { WalletAction } from '../wallet-action';

export const DID_ALREADY_BOUND = 'This DID is already bound to another account.';

/**
 * Binds the DID that signs the reply to the signed-in account that asked (credaccess). The DID is proven by its
 * own signature; the account comes from our stored request, never from the reply. Rebinding replaces the DID
 * only with the new DID's signature. One account per DID (unique index users_did_uq).
 */
export const bindDidAction: WalletAction = {
  name: 'bind-did',
  policy: policy.auth,
  async prepare({ user }) {
    if (!user) throw unauthorized();
    return { intent: 'credaccess', expectedSigner: null, subjectType: 'user', subjectId: user.id };
  },
  async apply({ db, request, reply }) {
    const userId = request.requesterId;
    if (!userId) throw new AppError(400, 'wallet.request_invalid', 'This request has no account to bind to.');
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.did, reply.signerDid), ne(users.id, userId)))
      .limit(1);
    if (other) throw new AppError(409, 'did.already_bound', DID_ALREADY_BOUND);
    const updated = await db
      .update(users)
      .set({ did: reply.signerDid, didBoundAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length !== 1) throw new AppError(404, 'user.not_found', 'The account was not found.');
    // A seated member's DID makes the account COUNCIL; rebinding away from a seat ends it.
    await syncCouncilRoles(db, userId);
    return { did: reply.signerDid };
  },
};
