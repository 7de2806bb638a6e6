import { PROPOSAL_STATUSES, type ProposalStatus } from '@cr/contract/proposal.contract';

export { PROPOSAL_STATUSES, type ProposalStatus };

/** The statuses a visitor filters by (DRAFT only for council members, who see their own drafts). */
export const LISTED_STATUSES: ProposalStatus[] = PROPOSAL_STATUSES.filter((s) => s !== 'DRAFT');

/** Tag colours: open windows in blue/gold, success in green, refusals in red, closed in grey. */
export const STATUS_COLOR: Record<ProposalStatus, string> = {
  DRAFT: 'default',
  PROPOSED: 'processing',
  NOTIFICATION: 'gold',
  ACTIVE: 'success',
  REJECT: 'error',
  VETOED: 'volcano',
  FINAL: 'cyan',
  INCOMPLETED: 'orange',
  DEFERRED: 'default',
  TERMINATED: 'magenta',
};

/** Which block window a status is waiting on: the council vote, the community veto, or none. */
export function openWindow(status: ProposalStatus): 'vote' | 'veto' | null {
  if (status === 'PROPOSED') return 'vote';
  if (status === 'NOTIFICATION') return 'veto';
  return null;
}
