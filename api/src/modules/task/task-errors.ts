import { taskMessages, type TaskMessageType } from '@cr/contract/task.contract';
import { AppError } from '@cr/core/errors/app-error';

/** A refusal from the task catalog: its stable type and its English message. */
export function taskError(status: number, type: TaskMessageType, field?: string): AppError {
  const message = taskMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}

/** SQLSTATE raised by the trigger task_candidates_limit. */
const LIMIT_SQLSTATE = 'CR003';

/** Maps the database's candidate-limit refusal to task.limit_reached; other errors pass through. */
export function limitError(err: unknown): unknown {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === LIMIT_SQLSTATE) return taskError(409, 'task.limit_reached');
    e = e.cause as typeof e;
  }
  return err;
}
