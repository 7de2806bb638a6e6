/**
 * The outbox dispatcher: every DISPATCH_INTERVAL_MS it takes open actions (unchain, chaining) that nothing touched
 * for DISPATCH_IDLE_MS and enqueues each on the queue for its current step. This recovers actions whose api died
 * between committing and enqueueing, jobs lost with a Redis restart, and jobs that ran out of attempts. Safe to run
 * in every worker instance: the jobId is the action id, so an action that still has its job is left alone.
 */
import { listIdleOpenActions } from '@cr/core/chain/chain-action.repo';
import { enqueueChainAction } from '@cr/core/chain/chain-outbox';
import type { WorkerContext } from './worker-context';

export interface DispatcherOptions {
  intervalMs: number;
  idleMs: number;
  /** Actions looked at per pass. */
  batch?: number;
}

/** One pass; returns how many actions were handed to a queue (including no-op re-adds of existing jobs). */
export async function dispatchIdleActions(ctx: WorkerContext, idleMs: number, batch = 500): Promise<number> {
  const rows = await listIdleOpenActions(ctx.db, idleMs, batch);
  let count = 0;
  for (const row of rows) {
    if (await enqueueChainAction(ctx.queues, row)) count += 1;
  }
  return count;
}

export function startOutboxDispatcher(
  ctx: WorkerContext,
  opts: DispatcherOptions,
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      const n = await dispatchIdleActions(ctx, opts.idleMs, opts.batch);
      if (n > 0) ctx.logger.debug({ count: n }, 'dispatcher enqueued idle chain actions');
    } catch (err) {
      ctx.logger.warn({ err }, 'outbox dispatch pass failed; next pass retries');
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick);
  }, opts.intervalMs);
  running = running.then(tick); // once at start-up: recovers what a crash left behind
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
