import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import type { MailLog } from '../../queues/mail-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { ProjectionNotice, ProposalWorkerPlugins } from '../proposal';
import { projectTreasuryEvents } from './milestone-projection';

/** Kinds of the milestone actions (subject type `proposal`: their chain status reaches the proposal's room). */
export const PAYMENT_REQUEST_KIND = 'milestone.request';
export const PAYMENT_REVIEW_KIND = 'milestone.review';
export const WITHDRAW_KIND = 'milestone.withdraw';

/**
 * The milestone module's part of the chain worker: Treasury events → proposal_milestones (in the event
 * transaction), and a `proposal:update` (reason `payment`) to the proposal's room once that transaction committed
 * (the watcher calls its closers after indexing; this closer closes nothing).
 */
export function milestoneWorkerPlugins(opts: {
  events?: EventBus;
  /** Where a notice that could not be published is reported (the event transaction has committed by then). */
  logger: Pick<MailLog, 'warn'>;
}): Pick<ProposalWorkerPlugins, 'onEvents' | 'windowClosers'> {
  let pending: ProjectionNotice[] = [];
  return {
    async onEvents(events, tx) {
      pending.push(...(await projectTreasuryEvents(events, tx)));
    },
    windowClosers: [
      {
        name: 'milestones',
        async closedWindows() {
          const notices = pending;
          pending = [];
          // The list room too: payment states move the owners' and the secretariat's inboxes (docs/inbox.md).
          for (const n of notices)
            for (const room of [proposalRoom(n.id), PROPOSAL_LIST_ROOM])
              await opts.events
                ?.publish(room, PROPOSAL_UPDATE_EVENT, n)
                .catch((err: unknown) =>
                  opts.logger.warn({ err, proposalId: n.id, room }, 'a payment update was not published'),
                );
          return [];
        },
      },
    ],
  };
}
