import type { CandidateStatus, TaskStatus } from '@cr/contract/task.contract';
import { statusTable } from '@cr/core/db/status-table';

/**
 * The task lifecycle (spec §4 Task status), the one table every status write goes through:
 *
 * - created by a member with a budget or reward → PENDING (admin approval) → APPROVED; by an admin → APPROVED;
 *   without money → CREATED (needs no approval and stays CREATED while open).
 * - CREATED / APPROVED → ASSIGNED when the owner approves a candidate (events: the first RSVP).
 * - ASSIGNED → SUBMITTED when the owner marks it complete (after confirming); a task without money goes
 *   ASSIGNED → SUCCESS directly.
 * - SUBMITTED → SUCCESS by an admin, once a council member has signed it off (signed_off_by);
 *   SUCCESS → DISTRIBUTED by an admin recording the reward payment (payment_note).
 * - CANCELED by the owner (not after SUBMITTED) or an admin; EXPIRED by an admin while nobody is assigned.
 */
export const TASK_TRANSITIONS = statusTable<TaskStatus>('tasks', {
  CREATED: ['ASSIGNED', 'CANCELED', 'EXPIRED'],
  PENDING: ['APPROVED', 'CANCELED', 'EXPIRED'],
  APPROVED: ['ASSIGNED', 'CANCELED', 'EXPIRED'],
  ASSIGNED: ['SUBMITTED', 'SUCCESS', 'CANCELED'],
  SUBMITTED: ['SUCCESS', 'CANCELED'],
  SUCCESS: ['DISTRIBUTED'],
  DISTRIBUTED: [],
  CANCELED: [],
  EXPIRED: [],
});

/** Candidate moves: the owner approves or rejects a pending application; withdrawing deletes the row. */
export const CANDIDATE_TRANSITIONS = statusTable<CandidateStatus>('task_candidates', {
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: [],
  REJECTED: [],
});

/** Whether a task carries money (a budget or a reward, or bids), so it needs approval and council sign-off. */
export const hasMoney = (t: { budget: string | null; reward: string | null; bidding: boolean }) =>
  t.bidding || Number(t.budget ?? 0) > 0 || Number(t.reward ?? 0) > 0;

/** "Closed bidding": a bidding task whose bidding is over (someone assigned, or past the open statuses). */
export const commentsClosed = (t: { bidding: boolean; status: string }) =>
  t.bidding && !['CREATED', 'PENDING', 'APPROVED'].includes(t.status);
