import { z } from 'zod';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { VoteChoice } from '@cr/contracts-abi/governance-enums';
import { toContractSig } from '@cr/contracts-abi/p256';
import { statementDigest, textHash, voteStatement } from '@cr/contracts-abi/statements';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { refuseWhatChainWould } from '../../chain/chain-preflight';
import { readVoteState } from '../../chain/chain-state';
import { voteRefusal } from '@cr/contract/chain-refusals';
import type { AppDeps } from '../../app-deps';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow, ProposalVoteRow } from '@cr/core/db/schema/proposal.schema';
import { conflict, notFound, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction } from '../wallet';
import { chainConfig, notCouncil } from './proposal-registration.service';
import { memberIdOf } from '../council';
import { checkVoter, voteEvents } from './proposal-vote.service';
import { VOTE_KIND } from './proposal-worker-plugin';
import { findProposal, linkVoteAction, voteOf } from './proposal.repo';

type Choice = 'YES' | 'OPPOSE' | 'ABSTAIN';
const votePayloadSchema = z.object({
  proposalId: z.string(),
  memberId: z.string(),
  version: z.number().int(),
});
type VotePayload = z.infer<typeof votePayloadSchema>;

const changed = () =>
  conflict('proposal.vote_changed', 'The vote changed after this QR code was made. Please post it again.');
const alreadyPosted = () => conflict('proposal.vote_posted', 'This vote is already posted to the chain.');

/** True when the vote's current version already has a chain action that is not failed: posting again is refused. */
async function postedAlready(db: Db, vote: ProposalVoteRow): Promise<boolean> {
  if (!vote.chainActionId) return false;
  const action = await getChainAction(db, vote.chainActionId);
  return !!action && action.status !== 'failed';
}

/** The contract's vote statement for the stored vote (opinion hash = sha256 of the reason, nonce = its version). */
function statementOf(p: ProposalRow, vote: ProposalVoteRow, chainId: number): string {
  return voteStatement({
    draftHash: p.draftHash!,
    choice: vote.choice!.toUpperCase() as Choice,
    opinionHash: textHash(vote.reason!),
    term: p.term!,
    nonce: vote.version,
    chainId,
  });
}

/** Refused when Governance.vote would revert for this vote by `did` (contract/chain-refusals.ts). */
function checkOnChain(deps: AppDeps, p: ProposalRow, vote: ProposalVoteRow, did: string) {
  return refuseWhatChainWould(
    deps,
    (v) =>
      readVoteState(v, {
        draftHash: p.draftHash!,
        memberDid: did,
        choice: vote.choice!.toUpperCase() as Choice,
        nonce: BigInt(vote.version),
      }),
    voteRefusal,
  );
}

/**
 * A council member posts their stored vote (PUT /api/proposals/:id/vote) to the chain: they sign the contract's
 * vote statement; in the transaction that accepts the signature the relayed Governance.vote is put in the outbox
 * and linked to the vote row. Only the member's own DID may sign; only while the voting window is open.
 */
export const voteAction = defineWalletAction({
  name: 'vote',
  intent: 'didsign',
  payload: votePayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas.vote,
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const db = deps.database.db;
    const { chainId } = chainConfig(deps);
    const p = await findProposal(db, params.proposalId);
    if (!p) throw notFound('proposal', 'proposal.not_found');
    const { seat } = await checkVoter(deps, db, p, user.did);
    const vote = await voteOf(db, p.id, seat.memberId);
    if (!vote?.choice || !vote.reason)
      throw conflict('proposal.vote_missing', 'Choose yes, oppose or abstain with a reason first.');
    if (await postedAlready(db, vote)) throw alreadyPosted();
    await checkOnChain(deps, p, vote, user.did!);
    const statement = statementOf(p, vote, chainId);
    const payload: VotePayload = { proposalId: p.id, memberId: seat.memberId, version: vote.version };
    return {
      intent: 'didsign',
      expectedSigner: user.did!,
      statement,
      digest: statementDigest(statement).slice(2),
      subjectType: 'proposal',
      subjectId: p.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload }) {
    const { chainId, governance } = chainConfig(deps);
    const p = await findProposal(tx, payload.proposalId, true);
    if (!p) throw notFound('proposal', 'proposal.not_found');
    const { seat } = await checkVoter(deps, tx, p, reply.signerDid);
    if (seat.memberId !== payload.memberId) throw notCouncil();
    const vote = await voteOf(tx, p.id, seat.memberId, true);
    if (!vote?.choice || !vote.reason || vote.version !== payload.version) throw changed();
    if (await postedAlready(tx, vote)) throw alreadyPosted();
    if (statementOf(p, vote, chainId) !== request.statement) throw changed();
    await checkOnChain(deps, p, vote, reply.signerDid);
    const sig = toContractSig(reply.signatureHex);
    const action = await recordChainAction(tx, {
      kind: VOTE_KIND,
      subjectType: 'proposal',
      subjectId: p.id,
      chainId,
      to: governance,
      data: governanceInterface.encodeFunctionData('vote', [
        p.draftHash!,
        memberIdOf(reply.signerDid),
        VoteChoice[vote.choice.toUpperCase() as Choice],
        textHash(vote.reason),
        vote.version,
        [sig.r, sig.s],
      ]),
      // Sent once the registration is on chain (the contract refuses a vote on an unknown proposal).
      dependsOnId: p.registerChainStatus === 'chained' ? undefined : (p.registerActionId ?? undefined),
    });
    await linkVoteAction(tx, vote.id, action);
    return {
      result: { proposalId: p.id, chainActionId: action.id, choice: vote.choice, nonce: vote.version },
      chainActions: [action],
      events: voteEvents(p),
    };
  },
});
