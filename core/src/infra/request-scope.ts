import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the work in hand, carried without passing it by hand: the api enters it for each HTTP request
 * (http/request-context.middleware.ts), `recordChainAction` stores it on the outbox row, the chain jobs carry it,
 * and the worker enters it again while it works on that action. Every log line written meanwhile names it
 * (`reqId`), so one signed action can be followed from the HTTP request to its transaction (docs/operations.md).
 */
const scope = new AsyncLocalStorage<{ requestId: string }>();

/** What an incoming X-Request-Id must look like to be kept (else a new one is made). */
export const REQUEST_ID_SHAPE = /^[A-Za-z0-9._-]{1,64}$/;

/** Runs `work` with `requestId` as the current request id (none: `work` runs with none). */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? scope.run({ requestId }, work) : scope.exit(work);
}

/** The request id of the work in hand, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** The log fields of the current request id (pino's mixin, the worker's logger). */
export function requestIdFields(): { reqId?: string } {
  const requestId = currentRequestId();
  return requestId ? { reqId: requestId } : {};
}
