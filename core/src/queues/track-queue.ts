import type { JobsOptions } from 'bullmq';
import { CAPPED_BACKOFF, type BackoffSpec } from './queue-backoff';

/** Wallet-sent txs (esctransaction) to find by hash and check against what was asked (track-worker.ts). */
export const TRACK_QUEUE = 'chain-track';

export interface TrackJob {
  actionId: string;
  /** The request that recorded the action (its log lines name it); absent for the worker's own actions. */
  requestId?: string;
}

// The wallet answers with the hash as soon as it broadcasts; the node may see it a moment later.
// Polls in 500 ms … capped at 5 s; the worker fails the action when the tx is still unknown after TRACK_TIMEOUT_MS.
export const TRACK_BACKOFF: BackoffSpec = { delayMs: 500, capMs: 5_000 };
export const TRACK_ATTEMPTS = 200;

/** jobId = the chain action id. */
export function trackJobOptions(actionId: string): JobsOptions {
  return {
    jobId: actionId,
    attempts: TRACK_ATTEMPTS,
    backoff: { type: CAPPED_BACKOFF, delay: TRACK_BACKOFF.delayMs },
    removeOnComplete: true,
    removeOnFail: true,
  };
}
