import { and, eq, inArray, sql } from 'drizzle-orm';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { VoteChoice } from '@cr/contracts-abi/governance-enums';
import { toContractSig } from '@cr/contracts-abi/p256';
import { statementDigest, textHash, voteStatement } from '@cr/contracts-abi/statements';
import type { AppDeps } from '../../app-deps';
import { recordChainAction } from '../../chain/chain-outbox';
import {
  PROPOSAL_LIST_ROOM,
  PROPOSAL_MESSAGES as PM,
  PROPOSAL_UPDATE_EVENT,
  proposalRoom,
  type CastVote,
  type MemberVote,
} from '../../contract/proposal.contract';
import { SUGGESTION_MESSAGES as M } from '../../contract/suggestion-messages.contract';
import type { Db } from '../../db/db-client';
import type { WalletRequestRow } from '../../db/schema';
import { chainActions } from '../../db/schema/chain.schema';
import { proposalVotes, type ProposalRow } from '../../db/schema/proposal.schema';
import { AppError, conflict, notFound, unauthorized } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import type { PreparedWalletRequest, VerifiedReply } from '../wallet/wallet-action';
import { memberOf } from '../council/council.repo';
import { readChainClock } from './proposal-clock';
import { dispatchWhenCommitted } from './proposal-dispatch';
import { chainConfig, memberIdOf, notCouncil } from './proposal-registration.service';
import { votingOpenAt } from './proposal-rules';
import { toMemberVote } from './proposal-view';
import { VOTE_KIND } from './proposal-worker-plugin';
import { findProposal, usersByDid, voteOf } from './proposal.repo';

const votingClosed = () => conflict('proposal.voting_closed', PM.votingClosed);

async function publishVote(deps: AppDeps, p: ProposalRow) {
  const update = { id: p.id, status: p.status, reason: 'vote' };
  await deps.events.publish(proposalRoom(p.id), PROPOSAL_UPDATE_EVENT, update).catch(() => undefined);
  await deps.events.publish(PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, update).catch(() => undefined);
}

/**
 * The rules every vote passes, read from the chain index: the caller's DID holds a seat of the proposal's term
 * (not only the COUNCIL role), and the voting window [R, R+V) is open at the current height.
 */
async function checkVoter(deps: AppDeps, db: Db, p: ProposalRow, did: string | null) {
  const { chainId } = chainConfig(deps);
  if (!did) throw new AppError(400, 'user.did_required', M.didRequired);
  if (p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  const seat = p.term !== null ? await memberOf(db, p.term, did) : undefined;
  if (!seat?.seated) throw notCouncil();
  if (p.votingEndHeight === null)
    throw conflict(
      'proposal.not_registered',
      'The proposal is not on chain yet; its voting window opens with its registration.',
    );
  const clock = await readChainClock(db, chainId);
  if (!votingOpenAt(p, clock.height)) throw votingClosed();
  return { seat, clock };
}

/**
 * PUT /api/proposals/:id/vote: stores (or replaces) the member's choice and reason off chain, with a new version
 * (the on-chain nonce); the member then posts it with the wallet action `vote`.
 */
export async function castVote(
  deps: AppDeps,
  user: AuthUser,
  ref: string,
  input: CastVote,
): Promise<{ vote: MemberVote; message: string }> {
  const db = deps.database.db;
  const result = await db.transaction(async (tx) => {
    const p = await findProposal(tx, ref, true);
    if (!p) throw notFound('proposal', 'proposal.not_found');
    const { seat } = await checkVoter(deps, tx, p, user.did);
    const values = {
      choice: input.choice,
      reason: input.reason,
      opinionHash: textHash(input.reason),
      votedAt: new Date(),
      chainActionId: null,
      chainStatus: 'unchain' as const,
      txHash: null,
    };
    const [vote] = await tx
      .insert(proposalVotes)
      .values({
        proposalId: p.id,
        memberId: seat.memberId,
        memberDid: seat.did,
        userId: user.id,
        version: 1,
        ...values,
      })
      .onConflictDoUpdate({
        target: [proposalVotes.proposalId, proposalVotes.memberId],
        set: { ...values, userId: user.id, version: sql`${proposalVotes.version} + 1` },
      })
      .returning();
    return { p, vote: vote! };
  });
  await publishVote(deps, result.p);
  const users = await usersByDid(db, [result.vote.memberDid]);
  return {
    vote: toMemberVote(result.vote, users.get(result.vote.memberDid) ?? null, null),
    message: PM.voteRecorded,
  };
}

/** A vote's open (or chained) chain action for its current version: posting it again is refused. */
async function openAction(db: Db, actionId: string | null) {
  if (!actionId) return undefined;
  const [row] = await db
    .select({ id: chainActions.id, status: chainActions.status })
    .from(chainActions)
    .where(
      and(eq(chainActions.id, actionId), inArray(chainActions.status, ['unchain', 'chaining', 'chained'])),
    );
  return row;
}

/** wallet `vote` prepare(): the member signs the contract's vote statement for their stored vote. */
export async function prepareVote(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string | undefined,
): Promise<PreparedWalletRequest> {
  if (!user) throw unauthorized();
  if (!ref) throw new AppError(400, 'wallet.subject_required', 'Name the proposal to vote on.');
  const db = deps.database.db;
  const { chainId } = chainConfig(deps);
  const p = await findProposal(db, ref);
  if (!p) throw notFound('proposal', 'proposal.not_found');
  const { seat } = await checkVoter(deps, db, p, user.did);
  const vote = await voteOf(db, p.id, seat.memberId);
  if (!vote?.choice || !vote.reason)
    throw conflict('proposal.vote_missing', 'Choose yes, oppose or abstain with a reason first.');
  if (await openAction(db, vote.chainActionId))
    throw conflict('proposal.vote_posted', 'This vote is already posted to the chain.');
  const statement = voteStatement({
    draftHash: p.draftHash!,
    choice: vote.choice.toUpperCase() as 'YES' | 'OPPOSE' | 'ABSTAIN',
    opinionHash: textHash(vote.reason),
    term: p.term!,
    nonce: vote.version,
    chainId,
  });
  return {
    intent: 'didsign',
    expectedSigner: user.did,
    statement,
    digest: statementDigest(statement).slice(2),
    subjectType: 'proposal',
    subjectId: p.id,
    payload: { proposalId: p.id, memberId: seat.memberId, version: vote.version },
  };
}

/** wallet `vote` apply(): the relayed Governance.vote in the outbox, linked to the vote row. */
export async function applyVote(
  deps: AppDeps,
  db: Db,
  request: WalletRequestRow,
  reply: VerifiedReply,
): Promise<Record<string, unknown>> {
  const { chainId, governance } = chainConfig(deps);
  const payload = request.payload as { proposalId: string; memberId: string; version: number };
  if (!reply.signatureHex)
    throw new AppError(400, 'did.signature_invalid', 'The reply carries no signature.');
  const p = await findProposal(db, payload.proposalId, true);
  if (!p) throw notFound('proposal', 'proposal.not_found');
  const { seat } = await checkVoter(deps, db, p, reply.signerDid);
  if (seat.memberId !== payload.memberId) throw notCouncil();
  const vote = await voteOf(db, p.id, seat.memberId, true);
  if (!vote?.choice || !vote.reason || vote.version !== payload.version)
    throw conflict(
      'proposal.vote_changed',
      'The vote changed after this QR code was made. Please post it again.',
    );
  if (await openAction(db, vote.chainActionId))
    throw conflict('proposal.vote_posted', 'This vote is already posted to the chain.');
  const choice = vote.choice.toUpperCase() as 'YES' | 'OPPOSE' | 'ABSTAIN';
  const opinionHash = textHash(vote.reason);
  const statement = voteStatement({
    draftHash: p.draftHash!,
    choice,
    opinionHash,
    term: p.term!,
    nonce: vote.version,
    chainId,
  });
  if (statement !== request.statement)
    throw conflict(
      'proposal.vote_changed',
      'The vote changed after this QR code was made. Please post it again.',
    );
  const sig = toContractSig(reply.signatureHex);
  const data = governanceInterface.encodeFunctionData('vote', [
    p.draftHash!,
    memberIdOf(reply.signerDid),
    VoteChoice[choice],
    opinionHash,
    vote.version,
    [sig.r, sig.s],
  ]);
  const action = await recordChainAction(db, {
    kind: VOTE_KIND,
    subjectType: 'proposal',
    subjectId: p.id,
    chainId,
    to: governance,
    data,
    dependsOnId: p.registerChainStatus === 'chained' ? undefined : (p.registerActionId ?? undefined),
  });
  await db
    .update(proposalVotes)
    .set({ chainActionId: action.id, chainStatus: action.status, txHash: null })
    .where(eq(proposalVotes.id, vote.id));
  dispatchWhenCommitted(deps, action.id);
  await publishVote(deps, p);
  return { proposalId: p.id, chainActionId: action.id, choice: vote.choice, nonce: vote.version };
}
