import type {} from './express-request';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from './logger';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The path as logged: a calendar feed's secret token (the path is its credential) is masked. */
export const loggedPath = (path: string) =>
  path.replace(/^(\/api)?\/calendar\/[^/]+\.ics$/, '$1/calendar/[redacted].ics');

/** Gives every request an id (kept from a proxy's X-Request-Id when well formed) and logs its outcome. */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only: query strings may carry tokens (reset links) and are never logged.
      logger.info(
        {
          reqId: req.id,
          method: req.method,
          path: loggedPath(req.path),
          status: res.statusCode,
          ms: Math.round(ms),
          user: req.user?.id,
        },
        'request',
      );
    });
    next();
  };
}
