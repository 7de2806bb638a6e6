import type { JobsOptions } from 'bullmq';
import { CAPPED_BACKOFF, type BackoffSpec } from './queue-backoff';

/** Relayed actions to sign with the relayer key and broadcast (chain-worker/src/submit-worker.ts). */
export const SUBMIT_QUEUE = 'chain-submit';

export interface SubmitJob {
  actionId: string;
  /** The request that recorded the action (its log lines name it); absent for the worker's own actions. */
  requestId?: string;
}

// Retries in 0.5 s, 1 s, 2 s … capped at 15 s: about 10 minutes of a node that is down or a dependency not yet
// chained before the job gives up (the dispatcher re-enqueues an open action later anyway).
export const SUBMIT_BACKOFF: BackoffSpec = { delayMs: 500, capMs: 15_000 };
export const SUBMIT_ATTEMPTS = 45;

/** jobId = the chain action id: the api's enqueue after commit and the dispatcher's re-enqueue collapse into one. */
export function submitJobOptions(actionId: string): JobsOptions {
  return {
    jobId: actionId,
    attempts: SUBMIT_ATTEMPTS,
    backoff: { type: CAPPED_BACKOFF, delay: SUBMIT_BACKOFF.delayMs },
    removeOnComplete: true,
    removeOnFail: true,
  };
}
