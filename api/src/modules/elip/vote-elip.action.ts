import { z } from 'zod';
import { elipVoteStatement } from '@cr/contract/elip-vote-statement';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import { unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { findUserByDid } from '../account';
import { seatedNow } from '../council';
import { defineWalletAction } from '../wallet';
import { elipError } from './elip-errors';
import { findElip, upsertVote } from './elip.repo';

const votePayloadSchema = z.object({
  elipId: z.string(),
  value: z.enum(['YES', 'OPPOSE', 'ABSTAIN']),
  reason: z.string(),
  updatedAt: z.string(),
  term: z.number().int(),
});
type VotePayload = z.infer<typeof votePayloadSchema>;

/** The ELIP in FINAL_REVIEW and the caller's seat in the council now; refused otherwise. */
async function subject(db: Db, elipId: string, did: string | null, lock: boolean) {
  const e = await findElip(db, elipId, lock);
  if (!e) throw elipError(404, 'elip.not_found');
  if (e.status !== 'FINAL_REVIEW') throw elipError(409, 'elip.wrong_status');
  const seat = await seatedNow(db, did, null);
  if (!seat) throw elipError(403, 'elip.not_council');
  return { e, seat };
}

/**
 * A seated council member votes YES, OPPOSE or ABSTAIN (with a reason) on an ELIP in FINAL_REVIEW by signing the
 * vote with their DID (didsign). The seat comes from the chain index (never from the site role alone); the words
 * name the ELIP's last change, so an edit after the QR code was made refuses the reply. A new vote replaces the
 * member's earlier one.
 */
export const voteElipAction = defineWalletAction({
  name: 'vote-elip',
  intent: 'didsign',
  payload: votePayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas['vote-elip'],
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    if (!user.did) throw elipError(400, 'elip.did_required');
    const { e, seat } = await subject(deps.database.db, params.elipId, user.did, false);
    const payload: VotePayload = {
      elipId: e.id,
      value: params.value,
      reason: params.reason,
      updatedAt: e.updatedAt.toISOString(),
      term: seat.term.term,
    };
    const { statement, digest } = elipVoteStatement({
      ...payload,
      did: user.did,
      number: e.number,
      title: e.title,
    });
    return {
      intent: 'didsign',
      expectedSigner: user.did,
      statement,
      digest,
      subjectType: 'elip',
      subjectId: e.id,
      payload,
    };
  },
  async apply({ tx, request, reply, payload: x }) {
    const { e, seat } = await subject(tx, x.elipId, reply.signerDid, true);
    const words = elipVoteStatement({ ...x, did: reply.signerDid, number: e.number, title: e.title });
    if (
      e.updatedAt.toISOString() !== x.updatedAt ||
      seat.term.term !== x.term ||
      words.statement !== request.statement
    )
      throw elipError(409, 'elip.vote_stale');
    const voter = await findUserByDid(tx, reply.signerDid);
    await upsertVote(tx, {
      elipId: e.id,
      voterDid: reply.signerDid,
      voterId: voter?.id ?? null,
      term: seat.term.term,
      value: x.value,
      reason: x.reason,
      statement: request.statement,
      signature: reply.signatureHex,
    });
    return { result: { elipId: e.id, value: x.value } };
  },
});
