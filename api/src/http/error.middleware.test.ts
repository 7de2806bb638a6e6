import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '@cr/core/errors/app-error';
import { toAppError } from './error.middleware';

/** A driver error as node-postgres throws it, wrapped the way Drizzle wraps a failed query. */
function failedQuery(code: string) {
  const driver = Object.assign(new Error('deadlock detected'), { code });
  return new Error('Failed query: select … for update', { cause: driver });
}

describe('toAppError: a transaction PostgreSQL aborted for a conflict', () => {
  it('is a 503 server.busy with a retry hint (deadlock, serialization failure), not 500 internal', () => {
    for (const code of ['40P01', '40001']) {
      const e = toAppError(failedQuery(code));
      expect(e).toBeInstanceOf(RetryLaterError);
      expect({ status: e.status, type: e.type, retryAfterSec: (e as RetryLaterError).retryAfterSec }).toEqual(
        {
          status: 503,
          type: 'server.busy',
          retryAfterSec: 1,
        },
      );
    }
  });
  it('leaves other database errors a 500', () => {
    expect(toAppError(failedQuery('23505')).status).toBe(500);
    expect(toAppError(new Error('boom')).type).toBe('internal');
  });
});
