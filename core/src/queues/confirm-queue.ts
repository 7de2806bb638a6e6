import type { JobsOptions } from 'bullmq';
import { CAPPED_BACKOFF, type BackoffSpec } from './queue-backoff';

/** Sent txs to watch until CONFIRMATIONS deep, reverted, or dropped (chain-worker/src/confirm-worker.ts). */
export const CONFIRM_QUEUE = 'chain-confirm';

export interface ConfirmJob {
  actionId: string;
  /** The request that recorded the action (its log lines name it); absent for the worker's own actions. */
  requestId?: string;
}

// Polls ("not confirmed yet") in 250 ms, 500 ms, 1 s, then every 2 s (the worker may lower the cap to the block
// interval). 2,000 polls ≈ an hour, far beyond a healthy chain; the dispatcher re-enqueues after that.
export const CONFIRM_BACKOFF: BackoffSpec = { delayMs: 250, capMs: 2_000 };
export const CONFIRM_ATTEMPTS = 2_000;

/**
 * jobId = the chain action id (one confirm job per action at a time). `delayMs`: the worker's block confirmer
 * normally chains the action first, so the job is its watchdog and need not run at once.
 */
export function confirmJobOptions(actionId: string, delayMs = 0): JobsOptions {
  return {
    jobId: actionId,
    ...(delayMs > 0 ? { delay: delayMs } : {}),
    attempts: CONFIRM_ATTEMPTS,
    backoff: { type: CAPPED_BACKOFF, delay: CONFIRM_BACKOFF.delayMs },
    removeOnComplete: true,
    removeOnFail: true,
  };
}
