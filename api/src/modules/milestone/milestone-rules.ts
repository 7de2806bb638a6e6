import type { MilestoneAction, MilestoneStatus } from '@cr/contract/milestone.contract';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import { statusTable } from '@cr/core/db/status-table';

/**
 * Milestone status moves, as the Treasury makes them: a request (from waiting or after a rejection), the
 * secretary's review (an ADVANCE is approved straight from waiting when the budget is activated), the withdrawal,
 * and the cancellation of every stage not yet approved when the budget is closed (TERMINATED / concluded).
 */
export const MILESTONE_TRANSITIONS = statusTable<MilestoneStatus>('milestone', {
  WAITING_FOR_REQUEST: ['WAITING_FOR_APPROVAL', 'WAITING_FOR_WITHDRAWAL', 'CANCELLED'],
  WAITING_FOR_APPROVAL: ['WAITING_FOR_WITHDRAWAL', 'REJECTED', 'CANCELLED'],
  REJECTED: ['WAITING_FOR_APPROVAL', 'CANCELLED'],
  WAITING_FOR_WITHDRAWAL: ['WITHDRAWN'],
  WITHDRAWN: [],
  CANCELLED: [],
});

export interface StageState {
  stage: number;
  kind: 'ADVANCE' | 'CONDITIONED' | 'COMPLETION';
  status: MilestoneStatus;
}

const APPROVED: readonly MilestoneStatus[] = ['WAITING_FOR_WITHDRAWAL', 'WITHDRAWN'];

/** Requests and reviews only while ACTIVE: nothing after TERMINATED, FINAL or INCOMPLETED (nor before ACTIVE). */
export const paymentsOpen = (status: ProposalStatus) => status === 'ACTIVE';

/** Approved work stays owed after the proposal ended (the contract pays it while ACTIVE, FINAL, INCOMPLETED, TERMINATED). */
export const withdrawalsOpen = (status: ProposalStatus) =>
  status === 'ACTIVE' || status === 'FINAL' || status === 'INCOMPLETED' || status === 'TERMINATED';

/** The first stage not yet approved: the only one the owner may request (stages are approved in order). */
export function nextStage<S extends StageState>(stages: readonly S[]): S | undefined {
  return [...stages].sort((a, b) => a.stage - b.stage).find((s) => !APPROVED.includes(s.status));
}

export type RequestRefusal = 'closed' | 'out_of_order' | 'not_requestable' | 'advance' | 'summary_required';

/** Why stage `stage` cannot be requested now (null: it can). The ADVANCE is approved on activation, never requested. */
export function requestRefusal(
  status: ProposalStatus,
  stages: readonly StageState[],
  stage: number,
  summaryApproved: boolean,
): RequestRefusal | null {
  if (!paymentsOpen(status)) return 'closed';
  const next = nextStage(stages);
  if (!next || next.stage !== stage) return 'out_of_order';
  if (next.kind === 'ADVANCE') return 'advance';
  if (next.status !== 'WAITING_FOR_REQUEST' && next.status !== 'REJECTED') return 'not_requestable';
  if (next.kind === 'COMPLETION' && !summaryApproved) return 'summary_required';
  return null;
}

/** The stages a withdrawal pays now: approved, not yet paid (a prefix after the paid ones). */
export const dueStages = <S extends StageState>(stages: readonly S[]) =>
  stages.filter((s) => s.status === 'WAITING_FOR_WITHDRAWAL');

/** What a viewer may do on one stage: owner requests and withdraws, the secretary general reviews. */
export function actionsFor(
  viewer: { owner: boolean; secretary: boolean },
  status: ProposalStatus,
  stages: readonly StageState[],
  s: StageState,
  summaryApproved: boolean,
): MilestoneAction[] {
  const out: MilestoneAction[] = [];
  if (viewer.owner && requestRefusal(status, stages, s.stage, summaryApproved) === null) out.push('request');
  if (viewer.secretary && paymentsOpen(status) && s.status === 'WAITING_FOR_APPROVAL')
    out.push('approve', 'reject');
  if (viewer.owner && withdrawalsOpen(status) && s.status === 'WAITING_FOR_WITHDRAWAL') out.push('withdraw');
  return out;
}
