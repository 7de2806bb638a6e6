import type { Db } from '@cr/core/db/db-client';
import { hasRole, roleFlags } from '@cr/contract/roles.contract';
import type { TaskRow } from '@cr/core/db/schema';
import type { AuthUser } from '../session';
import { taskError } from './task-errors';
import * as repo from './task.repo';

export const isAdmin = (user: AuthUser | null) => !!user && hasRole(user.role, 'ADMIN');
export const isCouncil = (user: AuthUser | null) => !!user && roleFlags(user.role).is_council;

/**
 * A task the viewer may read (deny by default): private tasks and tasks awaiting approval only for the owner,
 * admins and (private) its candidates. Anyone else gets 404, as if it did not exist.
 */
export async function readableTask(
  db: Db,
  viewer: AuthUser | null,
  id: string,
  lock = false,
): Promise<TaskRow> {
  const task = await repo.findTask(db, id, lock);
  if (!task) throw taskError(404, 'task.not_found');
  if (!task.isPrivate && task.status !== 'PENDING') return task;
  if (viewer && (viewer.id === task.ownerId || isAdmin(viewer))) return task;
  if (viewer && task.isPrivate && task.status !== 'PENDING' && (await repo.isCandidate(db, id, viewer.id)))
    return task;
  throw taskError(404, 'task.not_found');
}

/** A task the caller must own (admins act as owners): missing is 404, someone else's 403. */
export async function ownedTask(db: Db, user: AuthUser, id: string, lock = false): Promise<TaskRow> {
  const task = await readableTask(db, user, id, lock);
  if (task.ownerId !== user.id && !isAdmin(user)) throw taskError(403, 'task.not_owner');
  return task;
}
