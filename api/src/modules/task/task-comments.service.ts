import type { AppDeps } from '../../app-deps';
import type { TaskDetail } from '@cr/contract/task.contract';
import type { AuthUser } from '../session';
import { readableTask } from './task-access';
import { taskError } from './task-errors';
import { commentsClosed } from './task-rules';
import { getTask } from './task.service';
import * as repo from './task.repo';

/** A signed-in reader comments; refused on closed bidding ("Comments are disabled for closed bidding…"). */
export async function commentOnTask(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  content: string,
): Promise<TaskDetail> {
  const db = deps.database.db;
  const task = await readableTask(db, user, id);
  if (commentsClosed(task)) throw taskError(409, 'task.comments_closed');
  await repo.insertComment(db, { taskId: id, authorId: user.id, content });
  return getTask(deps, user, id);
}
