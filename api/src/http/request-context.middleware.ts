import type {} from './express-request';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_SHAPE, withRequestId } from '@cr/core/infra/request-scope';
import type { Metrics } from '@cr/core/metrics/metrics-registry';
import type { Logger } from '@cr/core/log/logger';

/** The path as logged: a calendar feed's secret token (the path is its credential) is masked. */
export const loggedPath = (path: string) =>
  path.replace(/^(\/api)?\/calendar\/[^/]+\.ics$/, '$1/calendar/[redacted].ics');

/**
 * Gives every request an id (kept from a proxy's X-Request-Id when well formed), answers it as X-Request-Id, makes
 * it the current request id of everything the request does (infra/request-scope.ts) and logs its outcome.
 */
export function requestContext(logger: Logger, metrics?: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    req.id = incoming && REQUEST_ID_SHAPE.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.httpDuration.observe(
        { method: req.method, route: routeLabel(req, res), status: String(res.statusCode) },
        ms / 1000,
      );
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
    withRequestId(req.id, next);
  };
}

/**
 * The route pattern of an answered request, for the latency metric: what mountRoutes recorded (`/api/proposals/:id`),
 * else the Express route matched (`/uploads/:key`), else one label for the rest of the api and one for the web app
 * (static files and pages): never the raw URL, so the label's values stay few.
 */
export function routeLabel(req: Pick<Request, 'baseUrl' | 'path' | 'route'>, res: Pick<Response, 'locals'>) {
  if (typeof res.locals.route === 'string') return res.locals.route;
  const matched = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof matched === 'string') return `${req.baseUrl}${matched}`;
  return req.baseUrl === '/api' || req.path.startsWith('/api/') ? '/api/(unmatched)' : '(web)';
}

/**
 * Enters the request's id again: a body parser calls on from the socket's events, outside the scope the first
 * middleware entered, so the api router enters it once more after parsing.
 */
export function requestScope(req: Request, _res: Response, next: NextFunction) {
  withRequestId(req.id, next);
}
