import type { ChainRefusal } from '@cr/core/chain/chain-refusal';
import type { Db } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { voteEvents } from './proposal-vote.service';
import { voteOfAction } from './vote-refusal.repo';

/**
 * The chain refused a council vote for good (docs/chain-refusals.md): the tally counts only the VoteCast events, so
 * the vote is not counted; its row already shows the failed chain status (followVoteAction, same transaction), and
 * the member may post a new vote while the window is open. The member who signed it is told.
 */
export async function onVoteRefused(action: ChainActionRow, tx: Db): Promise<ChainRefusal | null> {
  const found = await voteOfAction(tx, action.id);
  if (!found) return null;
  const { vote, proposal: p } = found;
  return {
    title: p.title,
    subjectType: 'proposal',
    subjectId: p.id,
    recipients: [{ userId: vote.userId, link: `/proposals/${p.id}` }],
    events: voteEvents(p),
  };
}
