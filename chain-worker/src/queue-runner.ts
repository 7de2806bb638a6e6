import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  CAPPED_BACKOFF,
  NotYetError,
  cappedExponentialDelay,
  type BackoffSpec,
} from '@cr/core/queues/queue-backoff';
import { withRequestId } from '@cr/core/infra/request-scope';
import { recordLastError, type WorkerContext } from './worker-context';

export interface QueueRunnerOptions {
  queueName: string;
  connection: Redis;
  prefix: string;
  concurrency: number;
  /** BullMQ lock: a job whose worker died is taken over after about this long. */
  lockMs: number;
  backoff: BackoffSpec;
  /** Handles one action; throws NotYetError to be polled again, anything else to be retried. */
  process(actionId: string): Promise<void>;
  /** After the last attempt failed: leave the action in a clear state (failed, or handed on). */
  onExhausted(actionId: string, lastError: unknown): Promise<void>;
}

/**
 * One BullMQ worker for a chain queue. Processors are idempotent (every step re-reads the row and acts on its
 * status), so a job re-run after a crash, a stall or a duplicate enqueue does no harm; hence the generous
 * `maxStalledCount`.
 */
export function startQueueWorker(ctx: WorkerContext, opts: QueueRunnerOptions): Worker {
  const run = async (job: Job<{ actionId: string; requestId?: string }>) => {
    const { actionId } = job.data;
    try {
      await opts.process(actionId);
    } catch (err) {
      if (!(err instanceof NotYetError)) {
        ctx.logger.warn({ actionId, queue: opts.queueName, err }, 'chain job failed; will retry');
        await recordLastError(ctx, actionId, err);
      }
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await opts.onExhausted(actionId, err);
      throw err;
    }
  };
  const worker = new Worker(
    opts.queueName,
    // The job runs as part of the request that recorded its action: every log line names it (`reqId`).
    (job: Job<{ actionId: string; requestId?: string }>) => withRequestId(job.data.requestId, () => run(job)),
    {
      connection: opts.connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency,
      lockDuration: opts.lockMs,
      stalledInterval: Math.max(250, Math.floor(opts.lockMs / 2)),
      maxStalledCount: 1_000,
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === CAPPED_BACKOFF ? cappedExponentialDelay(attemptsMade, opts.backoff) : 1_000,
      },
    },
  );
  worker.on('error', (err) => ctx.logger.warn({ err, queue: opts.queueName }, 'queue worker error'));
  return worker;
}
