import { createHash } from 'node:crypto';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import { AppError, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { syncCouncilRoles } from '../council';
import { defineWalletAction, noPayload } from '../wallet';
import { bindDid, didBoundElsewhere } from './account.repo';
import { uniqueViolation } from './account-errors';

export const DID_ALREADY_BOUND = 'This DID is already bound to another account.';

/**
 * What the member reads in the wallet when binding: the site and the account, so binding is never mistaken for
 * signing in. The digest binds the site's origin, the account id and the date.
 */
export function bindStatement(input: { site: string; username: string; userId: string; date: string }) {
  const canonical = JSON.stringify({
    kind: 'cr-bind-did',
    site: input.site,
    userId: input.userId,
    date: input.date,
  });
  const digest = createHash('sha256').update(canonical, 'utf8').digest('hex');
  const text =
    `Cyber Republic (${input.site}): bind this DID to my account "${input.username}" ` +
    `(${input.userId}), ${input.date}. From now on it signs me in and signs my actions there.`;
  return { statement: `${text}\nDigest: ${digest}`, digest };
}

/**
 * Binds the DID that signs the statement to the signed-in account that asked (didsign, any DID: the signature
 * proves the DID; the statement names the account and the site). The account comes from our stored request, never
 * from the reply. Rebinding replaces the DID only with the new DID's signature. One account per DID
 * (unique index users_did_uq).
 */
export const bindDidAction = defineWalletAction({
  name: 'bind-did',
  intent: 'didsign',
  payload: noPayload,
  policy: policy.auth,
  params: walletActionParamsSchemas['bind-did'],
  async prepare({ deps, user }) {
    if (!user) throw unauthorized();
    const { statement, digest } = bindStatement({
      site: new URL(deps.config.PUBLIC_URL).origin,
      username: user.username,
      userId: user.id,
      date: new Date().toISOString().slice(0, 10),
    });
    return {
      intent: 'didsign',
      expectedSigner: null,
      statement,
      digest,
      subjectType: 'user',
      subjectId: user.id,
    };
  },
  async apply({ tx, request, reply }) {
    const userId = request.requesterId;
    if (!userId) throw new AppError(400, 'wallet.request_invalid', 'This request has no account to bind to.');
    if (await didBoundElsewhere(tx, reply.signerDid, userId))
      throw new AppError(409, 'did.already_bound', DID_ALREADY_BOUND);
    // Two accounts binding the same DID at once both pass the check above: the unique index decides, and the
    // loser gets the same 409 (not a 500), its transaction rolled back.
    const bound = await bindDid(tx, userId, reply.signerDid, new Date()).catch((err: unknown) => {
      if (uniqueViolation(err)?.includes('did'))
        throw new AppError(409, 'did.already_bound', DID_ALREADY_BOUND);
      throw err;
    });
    if (!bound) throw new AppError(404, 'user.not_found', 'The account was not found.');
    // A seated member's DID makes the account COUNCIL; rebinding away from a seat ends it.
    await syncCouncilRoles(tx, userId);
    return { result: { did: reply.signerDid } };
  },
});
