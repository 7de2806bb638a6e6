import type { CommandOutcome } from '../../http/command';
import { OPEN_STATUSES } from '@cr/contract/task.contract';
import type { z } from 'zod';
import type { taskApplySchema } from '@cr/contract/task.contract';
import type { Db } from '@cr/core/db/db-client';
import type { TaskRow } from '@cr/core/db/schema';
import type { AuthUser } from '../session';
import { ownedTask, readableTask } from './task-access';
import { limitError, taskError } from './task-errors';
import * as repo from './task.repo';

type ApplyValues = z.output<typeof taskApplySchema>;

/** Approves a candidate within the limit (the task row is locked by the caller); the task becomes ASSIGNED. */
async function approveWithinLimit(db: Db, task: TaskRow, candidateId: string) {
  if ((await repo.countApproved(db, task.id)) >= task.candidateLimit)
    throw taskError(409, 'task.limit_reached');
  if (!(await repo.moveCandidateStatus(db, candidateId, 'PENDING', 'APPROVED')))
    throw taskError(409, 'task.candidate_not_pending');
  if (task.status === 'CREATED' || task.status === 'APPROVED')
    await repo.moveTaskStatus(db, task.id, task.status, 'ASSIGNED');
}

/**
 * A member applies (or bids, or RSVPs to an event), alone or for a team they own. The task row is locked, so
 * concurrent RSVPs are counted one after another; the trigger task_candidates_limit checks the limit again.
 */
export async function applyToTask(
  tx: Db,
  user: AuthUser,
  id: string,
  input: ApplyValues,
): Promise<CommandOutcome<string>> {
  try {
    const task = await readableTask(tx, user, id, true);
    if (task.ownerId === user.id) throw taskError(409, 'task.own_task');
    if (!OPEN_STATUSES.includes(task.status as never)) throw taskError(409, 'task.not_open');
    if (task.applicationDeadline && task.applicationDeadline <= new Date())
      throw taskError(409, 'task.deadline_passed');
    if (task.bidding && !input.bid) throw taskError(400, 'task.bid_required', 'bid');
    if (!task.bidding && input.bid) throw taskError(400, 'task.bid_not_bidding', 'bid');
    if (input.teamId) {
      const team = await repo.findTeamBrief(tx, input.teamId);
      if (!team || team.type !== 'TEAM' || team.ownerId !== user.id)
        throw taskError(403, 'task.team_not_owned', 'teamId');
    }
    if (await repo.isCandidate(tx, id, user.id)) throw taskError(409, 'task.already_applied');
    const rsvp = task.type === 'EVENT';
    if ((await repo.countApproved(tx, id)) >= task.candidateLimit) throw taskError(409, 'task.limit_reached');
    await repo.insertCandidate(tx, {
      taskId: id,
      userId: user.id,
      type: input.teamId ? 'TEAM' : 'USER',
      teamId: input.teamId ?? null,
      category: rsvp ? 'RSVP' : null,
      bid: input.bid,
      message: input.message,
    });
    if (rsvp) {
      const mine = await repo.findCandidate(tx, id, { userId: user.id });
      await approveWithinLimit(tx, task, mine!.id);
    }
  } catch (err) {
    throw limitError(err);
  }
  return { result: id };
}

/** The owner (or an admin) approves one pending candidate within the limit, or rejects one. */
export async function decideCandidate(
  tx: Db,
  user: AuthUser,
  id: string,
  candidateId: string,
  decision: 'approve' | 'reject',
): Promise<CommandOutcome<string>> {
  try {
    const task = await ownedTask(tx, user, id, true);
    if (!OPEN_STATUSES.includes(task.status as never)) throw taskError(409, 'task.wrong_status');
    const candidate = await repo.findCandidate(tx, id, { id: candidateId });
    if (!candidate) throw taskError(404, 'task.candidate_not_found');
    if (candidate.status !== 'PENDING') throw taskError(409, 'task.candidate_not_pending');
    if (decision === 'approve') await approveWithinLimit(tx, task, candidateId);
    else await repo.moveCandidateStatus(tx, candidateId, 'PENDING', 'REJECTED');
  } catch (err) {
    throw limitError(err);
  }
  return { result: id };
}

/** A candidate withdraws a pending (or rejected) application, or an RSVP; an approved worker cannot. */
export async function withdrawFromTask(tx: Db, user: AuthUser, id: string): Promise<CommandOutcome<string>> {
  await readableTask(tx, user, id, true);
  const mine = await repo.findCandidate(tx, id, { userId: user.id });
  if (!mine) throw taskError(404, 'task.candidate_not_found');
  if (mine.status === 'APPROVED' && mine.category !== 'RSVP') throw taskError(409, 'task.cannot_withdraw');
  await repo.deleteCandidate(tx, mine.id);
  return { result: id };
}
