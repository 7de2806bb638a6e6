import { policy } from '../../../http/route';
import { applyVote, prepareVote } from '../../proposal/proposal-vote.service';
import type { WalletAction } from '../wallet-action';

/**
 * A council member posts their stored vote (PUT /api/proposals/:id/vote) to the chain: they sign the contract's
 * vote statement (opinion hash = sha256 of the reason, nonce = the vote's version); the worker relays
 * Governance.vote. Only the member's own DID may sign; only while the voting window is open.
 */
export const voteAction: WalletAction = {
  name: 'vote',
  policy: policy.auth,
  prepare: ({ deps, user, subjectId }) => prepareVote(deps, user, subjectId),
  apply: ({ db, deps, request, reply }) => applyVote(deps, db, request, reply),
};
