import type {} from './express-request';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error';
import { fromDidError } from './did-error-map';
import type { Logger } from './logger';
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
    const limited = appError instanceof RateLimitedError ? appError.retryAfterSec : undefined;
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

function toAppError(err: unknown): AppError {
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
  const status = e?.status ?? e?.statusCode;
  // The router could not percent-decode a path parameter (`/team/%FF`): the client's malformed URL.
  if (err instanceof URIError && status === 400)
    return new AppError(400, 'request.malformed_path', 'The request path is not validly encoded.');
  if (e?.expose && status && status >= 400 && status < 500) {
    return new AppError(status, 'request.invalid', e.message ?? 'Bad request.');
  }
  return new AppError(500, 'internal', 'An error has occured. Please contact us directly.');
}
