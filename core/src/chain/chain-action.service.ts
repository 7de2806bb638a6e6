import type { Db } from '../db/db-client';
import type { ChainActionRow } from '../db/schema/chain.schema';
import type { EventBus } from '../realtime/event-bus';
import type { ChainQueues } from '../queues/chain-queues';
import {
  getChainAction,
  listChainActionsForSubject,
  lockChainAction,
  transitionChainAction,
  UNSIGNED,
} from './chain-action.repo';
import { publishChainAction, toChainActionView, type ChainActionView } from './chain-action-events';
import { ChainActionError } from './chain-errors';
import { enqueueChainAction } from './chain-outbox';
import { canRetry } from './chain-status';

/** One action as the page shows it (GET /api/chain-actions/:id). */
export async function getChainActionView(db: Db, id: string): Promise<ChainActionView> {
  const row = await getChainAction(db, id);
  if (!row) throw new ChainActionError('chain.action_not_found', 'The chain action was not found.', 404);
  return toChainActionView(row);
}

/** Every chain action of a domain record, oldest first (its chain history on the page). */
export async function listChainActionViews(
  db: Db,
  subjectType: string,
  subjectId: string,
): Promise<ChainActionView[]> {
  return (await listChainActionsForSubject(db, subjectType, subjectId)).map(toChainActionView);
}

/**
 * The retry path of a failed relayed action (POST /api/chain-actions/:id/retry, for any signed-in member: the
 * signatures are fixed, so a retry can only post what was signed): back to `unchain` with a clean slate, then
 * enqueued again. The failed tx (if any) was mined and reverted or provably replaced, so its nonce is spent and a
 * new one is taken.
 */
export async function retryChainAction(
  db: Db,
  queues: ChainQueues,
  events: EventBus,
  id: string,
): Promise<ChainActionView> {
  const row = await db.transaction((tx) => markForRetry(tx, id));
  return requeueRetried(queues, events, row);
}

/** The retry's change, in the caller's transaction: the failed action back to `unchain` with a clean slate. */
export async function markForRetry(tx: Db, id: string): Promise<ChainActionRow> {
  const current = await lockChainAction(tx, id);
  if (!current) throw new ChainActionError('chain.action_not_found', 'The chain action was not found.', 404);
  if (!canRetry(current.status, current.mode, current.failureType))
    throw new ChainActionError(
      'chain.not_retryable',
      current.mode === 'track'
        ? 'A transaction sent by the wallet cannot be retried here; send it again from the wallet.'
        : current.status === 'failed'
          ? 'The chain refused this action for good: sending the same signatures again cannot succeed.'
          : `Only a failed action can be retried (this one is ${current.status}).`,
      409,
    );
  const row = await transitionChainAction(tx, id, 'failed', 'unchain', {
    ...UNSIGNED,
    failureType: null,
    failureReason: null,
    finishedAt: null,
    retries: current.retries + 1,
  });
  if (!row)
    throw new ChainActionError('chain.not_retryable', 'The action changed meanwhile; reload it.', 409);
  return row;
}

/**
 * After the retry committed: its leftover jobs dropped, then enqueued again and announced. The drop must come
 * before the enqueue (a kept job of the same id makes it a no-op), so this is not the outbox's after-commit
 * effect; a failure here fails the request, the action staying `unchain` for the outbox dispatcher.
 */
export async function requeueRetried(
  queues: ChainQueues,
  events: EventBus,
  row: ChainActionRow,
): Promise<ChainActionView> {
  await removeFinishedJobs(queues, row.id);
  await enqueueChainAction(queues, row);
  await publishChainAction(events, row);
  return toChainActionView(row);
}

/** Drops leftover jobs of the action (a kept failed job would make the new enqueue a no-op). */
async function removeFinishedJobs(queues: ChainQueues, id: string): Promise<void> {
  for (const queue of [queues.submit, queues.confirm, queues.track, queues.finalize]) {
    const job = await queue.getJob(id);
    if (job && ((await job.isFailed()) || (await job.isCompleted()))) await job.remove();
  }
}
