/**
 * Retry timing shared by the chain queues. BullMQ calls the worker's `backoffStrategy` for jobs whose backoff type
 * is CAPPED_BACKOFF; polling jobs ("not confirmed yet") throw NotYetError and are retried on this schedule.
 */
export const CAPPED_BACKOFF = 'capped-exponential';

export interface BackoffSpec {
  /** First retry after this many ms; doubles each time ... */
  delayMs: number;
  /** ... up to this many ms. */
  capMs: number;
}

/** Delay before retry number `attemptsMade` (1 = first retry): delay·2^(n-1), at most the cap. */
export function cappedExponentialDelay(attemptsMade: number, spec: BackoffSpec): number {
  const n = Math.max(1, attemptsMade);
  const exp = spec.delayMs * 2 ** Math.min(n - 1, 30);
  return Math.min(exp, spec.capMs);
}

/** Thrown by a processor to be polled again later (BullMQ retry with backoff); not a failure of the action. */
export class NotYetError extends Error {
  readonly type = 'chain.not_yet';
  constructor(what: string) {
    super(`NOT_YET: ${what}`);
    this.name = 'NotYetError';
  }
}
