import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { readableTask } from './task-access';
import { taskError } from './task-errors';
import { commentsClosed } from './task-rules';
import * as repo from './task.repo';

/** A signed-in reader comments; refused on closed bidding ("Comments are disabled for closed bidding…"). */
export async function commentOnTask(
  tx: Db,
  user: AuthUser,
  id: string,
  content: string,
): Promise<CommandOutcome<string>> {
  const task = await readableTask(tx, user, id);
  if (commentsClosed(task)) throw taskError(409, 'task.comments_closed');
  await repo.insertComment(tx, { taskId: id, authorId: user.id, content });
  return { result: id };
}
