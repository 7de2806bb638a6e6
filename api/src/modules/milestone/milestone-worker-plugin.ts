import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import type { AfterCommit } from '@cr/core/effects/after-commit';
import type { ProposalWorkerPlugins } from '../proposal';
import { projectTreasuryEvents } from './milestone-projection';

/** Kinds of the milestone actions (subject type `proposal`: their chain status reaches the proposal's room). */
export const PAYMENT_REQUEST_KIND = 'milestone.request';
export const PAYMENT_REVIEW_KIND = 'milestone.review';
export const WITHDRAW_KIND = 'milestone.withdraw';

/**
 * The milestone module's part of the chain worker: Treasury events → proposal_milestones (in the event
 * transaction), answering a `proposal:update` (reason `payment`) to the proposal's room, which the worker publishes
 * once that transaction committed.
 */
export function milestoneWorkerPlugins(): Pick<ProposalWorkerPlugins, 'onEvents'> {
  return {
    async onEvents(events, tx): Promise<AfterCommit> {
      const notices = await projectTreasuryEvents(events, tx);
      // The list room too: payment states move the owners' and the secretariat's inboxes (docs/inbox.md).
      return {
        events: notices.flatMap((n) =>
          [proposalRoom(n.id), PROPOSAL_LIST_ROOM].map((room) => ({
            room,
            event: PROPOSAL_UPDATE_EVENT,
            payload: n,
          })),
        ),
      };
    },
  };
}
