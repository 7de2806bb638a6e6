import type {} from './express-request';
import type { NextFunction, Request, Response } from 'express';
import { AppError, RetryLaterError } from '@cr/core/errors/app-error';
import { fromDidError } from './did-error-map';
import type { Logger } from '@cr/core/log/logger';
import { RateLimitedError } from './rate-limit';

/** The one place errors become HTTP answers: `{ code: -status, error: { type, message, fields? } }`. */
export function errorHandler(logger: Logger) {
  // Express recognises error middleware by its four parameters.
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const appError = toAppError(err);
    if (appError.status >= 500) {
      logger.error({ reqId: req.id, err }, 'request failed');
    }
    if (res.headersSent) return;
    const limited =
      appError instanceof RateLimitedError || appError instanceof RetryLaterError
        ? appError.retryAfterSec
        : undefined;
    if (limited !== undefined) res.setHeader('Retry-After', String(limited));
    res.status(appError.status).json({
      code: -appError.status,
      error: {
        type: appError.type,
        message: appError.message,
        ...(appError.fields ? { fields: appError.fields } : {}),
        ...(limited !== undefined ? { retryAfterSec: limited } : {}),
      },
    });
  };
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const didError = fromDidError(err);
  if (didError) return didError;
  const e = err as {
    type?: string;
    status?: number;
    statusCode?: number;
    expose?: boolean;
    message?: string;
  };
  // body-parser and friends: a malformed or oversized body is the client's problem.
  if (e?.type === 'entity.parse.failed')
    return new AppError(400, 'request.malformed_json', 'The request body is not valid JSON.');
  if (e?.type === 'entity.too.large')
    return new AppError(413, 'request.too_large', 'The request body is too large.');
  // PostgreSQL aborted the transaction for a deadlock or a serialization conflict: nothing was changed, and the
  // same request a moment later succeeds. The client is told so (503 with Retry-After), not "contact us".
  if (isTransientDbConflict(err))
    return new RetryLaterError(
      1,
      'server.busy',
      'The server is busy just now. Please try again in a moment.',
    );
  const status = e?.status ?? e?.statusCode;
  // The router could not percent-decode a path parameter (`/team/%FF`): the client's malformed URL.
  if (err instanceof URIError && status === 400)
    return new AppError(400, 'request.malformed_path', 'The request path is not validly encoded.');
  if (e?.expose && status && status >= 400 && status < 500) {
    return new AppError(status, 'request.invalid', e.message ?? 'Bad request.');
  }
  return new AppError(500, 'internal', 'An error has occured. Please contact us directly.');
}

/** deadlock_detected and serialization_failure, on the driver's error or on the query error that wraps it. */
const TRANSIENT_DB_CODES = new Set(['40P01', '40001']);
function isTransientDbConflict(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && TRANSIENT_DB_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
