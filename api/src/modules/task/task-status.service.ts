import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { TaskAction, TaskMessageType, TaskStatus } from '@cr/contract/task.contract';
import type { AuthUser } from '../session';
import { isAdmin, isCouncil, readableTask } from './task-access';
import { taskError } from './task-errors';
import { hasMoney } from './task-rules';
import * as repo from './task.repo';

/** The refusal of each action to someone who may not do it: it names the role that may. */
const WHO_MAY: Record<TaskAction, TaskMessageType> = {
  approve: 'task.approve_not_admin',
  cancel: 'task.cancel_not_allowed',
  expire: 'task.expire_not_admin',
  complete: 'task.complete_not_owner',
  signoff: 'task.not_council',
  success: 'task.success_not_admin',
  distribute: 'task.distribute_not_admin',
};

/**
 * One lifecycle action (see TASK_TRANSITIONS): who may do it is checked here, the move itself by the table and
 * a `WHERE status = from` update, so a concurrent move is refused rather than overwritten.
 */
export async function runTaskAction(
  tx: Db,
  user: AuthUser,
  id: string,
  action: TaskAction,
  note: string | null,
): Promise<CommandOutcome<string>> {
  /** The action's rules and move (each case ends with it). */
  const act = async () => {
    const task = await readableTask(tx, user, id, true);
    const from = task.status as TaskStatus;
    const owner = task.ownerId === user.id;
    const admin = isAdmin(user);
    // A refusal names who may do this action (the owner, an admin, a council member).
    const need = (ok: boolean) => {
      if (!ok) throw taskError(403, WHO_MAY[action]);
    };
    const move = async (allowed: TaskStatus[], to: TaskStatus, extra = {}) => {
      if (!allowed.includes(from) || !(await repo.moveTaskStatus(tx, id, from, to, extra)))
        throw taskError(409, 'task.wrong_status');
    };
    switch (action) {
      case 'approve':
        need(admin);
        return move(['PENDING'], 'APPROVED', { approvedBy: user.id });
      case 'complete':
        // The owner confirms the work is done: with money it waits for council sign-off, without it is done.
        need(owner);
        return move(['ASSIGNED'], hasMoney(task) ? 'SUBMITTED' : 'SUCCESS');
      case 'signoff':
        need(isCouncil(user));
        if (from !== 'SUBMITTED') throw taskError(409, 'task.wrong_status');
        if (task.signedOffBy) throw taskError(409, 'task.already_signed_off');
        return repo.updateTask(tx, id, { signedOffBy: user.id });
      case 'success':
        need(admin);
        if (from === 'SUBMITTED' && !task.signedOffBy) throw taskError(409, 'task.not_signed_off');
        return move(['SUBMITTED'], 'SUCCESS');
      case 'distribute':
        need(admin);
        if (!note) throw taskError(400, 'task.required', 'note');
        if (!hasMoney(task)) throw taskError(409, 'task.wrong_status');
        return move(['SUCCESS'], 'DISTRIBUTED', { paymentNote: note });
      case 'expire':
        need(admin);
        return move(['CREATED', 'PENDING', 'APPROVED'], 'EXPIRED');
      case 'cancel':
        need(owner || admin);
        return move(
          admin
            ? ['CREATED', 'PENDING', 'APPROVED', 'ASSIGNED', 'SUBMITTED']
            : ['CREATED', 'PENDING', 'APPROVED', 'ASSIGNED'],
          'CANCELED',
        );
    }
  };
  await act();
  return { result: id };
}
