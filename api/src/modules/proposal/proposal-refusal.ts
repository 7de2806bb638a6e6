import type { ChainRefusal } from '@cr/core/chain/chain-refusal';
import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import { suggestionRoom } from '@cr/contract/suggestion.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { findSuggestion, unmarkProposed } from '../suggestion';
import { lockProposalOfRegisterAction } from './proposal-worker.repo';
import { moveProposalStatus } from './proposal.repo';

/**
 * The chain refused a registration for good (e.g. `BudgetOverCap` after the treasury changed between signing and
 * relaying): the proposal was never registered on chain, so it must not stay public or "Voting". It goes back to a
 * DRAFT of the council member who made it (no number, no draft hash: the chain knows nothing of it), and its
 * suggestion is signed and not proposed again. The proposer sees the draft with the refused registration and its
 * reason; the proposer and the suggestion's owner (the two signers) are told (docs/proposal-states.md).
 */
export async function onRegistrationRefused(action: ChainActionRow, tx: Db): Promise<ChainRefusal | null> {
  const p = await lockProposalOfRegisterAction(tx, action.id);
  if (!p || p.status !== 'PROPOSED' || p.registeredHeight !== null) return null;
  const now = new Date();
  const draft = await moveProposalStatus(tx, { id: p.id }, 'PROPOSED', 'DRAFT', {
    number: null,
    draftHash: null,
    publishedAt: null,
  });
  if (!draft) return null;
  let suggestionNumber: number | null = null;
  if (p.suggestionId) {
    await unmarkProposed(tx, p.suggestionId, now);
    const s = await findSuggestion(tx, p.suggestionId, false);
    suggestionNumber = s?.number ?? null;
  }
  const update = { id: p.id, status: 'DRAFT' as const, reason: 'registration-refused' };
  return {
    // The draft can be published again: a new registration action, a new number.
    signAgain: true,
    title: p.title,
    subjectType: 'proposal',
    subjectId: p.id,
    recipients: [
      { userId: p.proposerId, link: `/proposals/${p.id}` },
      {
        userId: p.ownerId,
        link: p.suggestionId ? `/suggestion/${suggestionNumber ?? p.suggestionId}` : `/proposals/${p.id}`,
      },
    ],
    events: [
      { room: proposalRoom(p.id), event: PROPOSAL_UPDATE_EVENT, payload: update },
      { room: PROPOSAL_LIST_ROOM, event: PROPOSAL_UPDATE_EVENT, payload: update },
      // The suggestion page re-reads: it is not proposed any more.
      ...(p.suggestionId
        ? [{ room: suggestionRoom(p.suggestionId), event: 'tags', payload: { suggestionId: p.suggestionId } }]
        : []),
    ],
  };
}
