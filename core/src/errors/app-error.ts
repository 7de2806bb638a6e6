import type { FieldError } from '@cr/contract/envelope.contract';

/**
 * A failure a client can act on: an HTTP status, a stable `type` string (what clients switch on and
 * translate) and an English message. Thrown anywhere; mapped to the error envelope in one middleware.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (type: string, message: string, fields?: FieldError[]) =>
  new AppError(400, type, message, fields);
export const unauthorized = (message = 'Please log in first.') => new AppError(401, 'auth.required', message);
export const forbidden = (message = 'You do not have permission to do this.', type = 'auth.forbidden') =>
  new AppError(403, type, message);
export const notFound = (what = 'resource', type = 'not_found') =>
  new AppError(404, type, `The ${what} was not found.`);
export const conflict = (type: string, message: string) => new AppError(409, type, message);
export const tooMany = (message = 'Too many attempts. Please wait and try again.') =>
  new AppError(429, 'rate_limited', message);

/**
 * A failure that goes away by itself (503 with Retry-After): the same request a moment later succeeds. Nothing was
 * changed; the client may retry after `retryAfterSec`.
 */
export class RetryLaterError extends AppError {
  constructor(
    readonly retryAfterSec: number,
    type: string,
    message: string,
  ) {
    super(503, type, message);
    this.name = 'RetryLaterError';
  }
}
