import type { JobsOptions } from 'bullmq';
import { CAPPED_BACKOFF, type BackoffSpec } from './queue-backoff';

/**
 * Finalize calls the block watcher creates when a window closed (a `proposal.finalize` chain action). The processor
 * (finalize-worker.ts) checks the call is still needed, then sends it like any relayed action.
 */
export const FINALIZE_QUEUE = 'chain-finalize';

export interface FinalizeJob {
  actionId: string;
  /** The request that recorded the action (its log lines name it); absent for the worker's own actions. */
  requestId?: string;
}

export const FINALIZE_BACKOFF: BackoffSpec = { delayMs: 1_000, capMs: 15_000 };
export const FINALIZE_ATTEMPTS = 45;

/** jobId = the chain action id (the action itself is unique per subject and window by its dedupe key). */
export function finalizeJobOptions(actionId: string): JobsOptions {
  return {
    jobId: actionId,
    attempts: FINALIZE_ATTEMPTS,
    backoff: { type: CAPPED_BACKOFF, delay: FINALIZE_BACKOFF.delayMs },
    removeOnComplete: true,
    removeOnFail: true,
  };
}
