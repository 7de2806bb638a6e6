import type {} from './express-request';
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '@cr/core/db/db-client';
import { resolveToken } from '../modules/session/session.service';

/**
 * Resolves the `api-token` header to req.user. A missing or invalid token leaves req.user undefined;
 * each route's policy decides whether that is allowed.
 */
export function authenticate(getDb: () => Db) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const token = req.header('api-token');
      if (token) req.user = (await resolveToken(getDb(), token)) ?? undefined;
      next();
    } catch (err) {
      next(err);
    }
  };
}
