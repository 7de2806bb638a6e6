import { createHash } from 'node:crypto';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import { AppError, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction, noPayload } from '../wallet';
import { updateProfile } from './profile.repo';

export const DID_REQUIRED = 'Please associate your DID first';

/** The words a member signs to attest their profile; the digest binds the account id, DID and date. */
export function profileStatement(input: { username: string; userId: string; did: string; date: string }) {
  const canonical = JSON.stringify({
    kind: 'cr-profile-attestation',
    userId: input.userId,
    did: input.did,
    date: input.date,
  });
  const digest = createHash('sha256').update(canonical, 'utf8').digest('hex');
  const text = `Cyber Republic: I, ${input.username}, confirm that ${input.did} is the DID of my account (${input.date}).`;
  return { statement: `${text}\nDigest: ${digest}`, digest };
}

/**
 * A member signs a readable statement with their bound DID (didsign), proving the signing path end to end
 * before the DAO actions use it. The signature is kept on the profile as an attestation anyone can check.
 */
export const signProfileStatementAction = defineWalletAction({
  name: 'sign-profile-statement',
  intent: 'didsign',
  payload: noPayload,
  policy: policy.auth,
  params: walletActionParamsSchemas['sign-profile-statement'],
  async prepare({ user }) {
    if (!user) throw unauthorized();
    if (!user.did) throw new AppError(400, 'user.did_required', DID_REQUIRED);
    const { statement, digest } = profileStatement({
      username: user.username,
      userId: user.id,
      did: user.did,
      date: new Date().toISOString().slice(0, 10),
    });
    return {
      intent: 'didsign',
      expectedSigner: user.did,
      statement,
      digest,
      subjectType: 'user',
      subjectId: user.id,
    };
  },
  async apply({ tx, request, reply }) {
    const attestation = {
      statement: request.statement,
      signature: reply.signatureHex,
      publicKey: reply.publicKeyBase58,
      did: reply.signerDid,
      signedAt: new Date().toISOString(),
    };
    await updateProfile(tx, request.requesterId!, {}, { didAttestation: attestation }, new Date());
    return { result: { signature: reply.signatureHex } };
  },
});
