import { textHash } from '@cr/contracts-abi/statements';
import type { AppDeps } from '../../app-deps';
import {
  PROPOSAL_LIST_ROOM,
  PROPOSAL_MESSAGES as PM,
  PROPOSAL_UPDATE_EVENT,
  proposalRoom,
  type CastVote,
  type MemberVote,
} from '@cr/contract/proposal.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow, ProposalVoteRow } from '@cr/core/db/schema/proposal.schema';
import type { CommandOutcome } from '../../http/command';
import { AppError, conflict, notFound } from '@cr/core/errors/app-error';
import type { RoomEvent } from '@cr/core/realtime/event-bus';
import type { AuthUser } from '../session';
import { memberOf } from '../council';
import { readChainClock } from '../../chain/chain-clock';
import { chainConfig, notCouncil } from './proposal-registration.service';
import { votingOpenAt } from './proposal-rules';
import { toMemberVote } from './proposal-view';
import { findProposal, upsertVote } from './proposal.repo';
import { usersByDid } from '../user';

export const votingClosed = () => conflict('proposal.voting_closed', PM.votingClosed);

/** The live updates of a vote change: the proposal's page and the list (whose "unvoted by me" moves). */
export function voteEvents(p: ProposalRow): RoomEvent[] {
  const payload = { id: p.id, status: p.status, reason: 'vote' };
  return [
    { room: proposalRoom(p.id), event: PROPOSAL_UPDATE_EVENT, payload },
    { room: PROPOSAL_LIST_ROOM, event: PROPOSAL_UPDATE_EVENT, payload },
  ];
}

/**
 * The rules every vote passes, read from the chain index: the caller's DID holds a seat of the proposal's term
 * (not only the COUNCIL role), and the voting window [R, R+V) is open at the current height.
 */
export async function checkVoter(deps: AppDeps, db: Db, p: ProposalRow, did: string | null) {
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
  tx: Db,
  deps: AppDeps,
  user: AuthUser,
  ref: string,
  input: CastVote,
): Promise<CommandOutcome<ProposalVoteRow>> {
  const p = await findProposal(tx, ref, true);
  if (!p) throw notFound('proposal', 'proposal.not_found');
  const { seat } = await checkVoter(deps, tx, p, user.did);
  const vote = await upsertVote(tx, {
    proposalId: p.id,
    memberId: seat.memberId,
    memberDid: seat.did,
    userId: user.id,
    choice: input.choice,
    reason: input.reason,
    opinionHash: textHash(input.reason),
  });
  return { result: vote, events: voteEvents(p) };
}

/** What a vote answers once committed: the member's vote as the page shows it. */
export async function castVoteAnswer(
  deps: AppDeps,
  vote: ProposalVoteRow,
): Promise<{ vote: MemberVote; message: string }> {
  const users = await usersByDid(deps.database.db, [vote.memberDid]);
  return {
    vote: toMemberVote(vote, users.get(vote.memberDid) ?? null, null),
    message: PM.voteRecorded,
  };
}
