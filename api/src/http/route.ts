import type { Request, Response } from 'express';
import type { z } from 'zod';
import { roleSchema, type Role } from '@cr/contract/user.contract';
import type { AppDeps } from '../app-deps';
import type { AuthUser } from '../modules/session/auth-user';
import type { CacheScope } from '@cr/core/cache/cache-generation';
import type { RouteCache } from './response-cache';

/**
 * Who may call a route. Every route names one; there is no default (deny by default).
 * - public: anyone, signed in or not (the user is still resolved when a token is sent);
 * - auth: any signed-in user;
 * - role: signed in with a role at or above `role` (spec §6 ordering);
 * - dev: only when dev tools are on (never in production) and only to loopback callers, no login;
 * - permission: signed in, and the caller's role holds the route's permission (stored in the database, edited on
 *   /admin/permission, effective at once on every instance). A route without a grant is refused (deny by default);
 *   `defaultRoles` are granted only when the permission is first registered.
 * Ownership rules (only the author edits...) are checked by the service with the user it is given.
 *
 * A member's actions (post, comment, like, join, apply, message...) are `member`: live permissions every role
 * holds at first, so an admin can withdraw one from a role on /admin/permission. `auth` is kept for what a
 * signed-in person needs to manage their own account (current user, profile, password, sign out), which no
 * grant may take away.
 */
export type Policy =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'role'; role: Role }
  | { kind: 'dev' }
  | { kind: 'permission'; defaultRoles: readonly Role[] };

export const policy = {
  public: { kind: 'public' } as Policy,
  auth: { kind: 'auth' } as Policy,
  role: (role: Role): Policy => ({ kind: 'role', role }),
  dev: { kind: 'dev' } as Policy,
  /** An admin route governed by the live permission table (ADMIN and SUPER_ADMIN hold it at first). */
  admin: { kind: 'permission', defaultRoles: ['ADMIN', 'SUPER_ADMIN'] } as Policy,
  /** A member's action governed by the live permission table (every signed-in role holds it at first). */
  member: { kind: 'permission', defaultRoles: roleSchema.options } as Policy,
  permission: (defaultRoles: readonly Role[]): Policy => ({ kind: 'permission', defaultRoles }),
};

export interface RouteContext<P, Q, B> {
  req: Request;
  res: Response;
  deps: AppDeps;
  /** The signed-in user, or null on a public route without a valid token. */
  user: AuthUser | null;
  params: P;
  query: Q;
  body: B;
}

export interface RouteDef<P = unknown, Q = unknown, B = unknown, R = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path under /api, e.g. `/user/current_user` or `/suggestion/:id`. */
  path: string;
  summary: string;
  tag: string;
  policy: Policy;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The `data` of the success envelope, for the OpenAPI document. */
  response?: z.ZodType<R>;
  /** Body is multipart form data (files), parsed by the handler's own middleware. */
  multipart?: boolean;
  /** The handler wrote the response itself (CSV, redirects); otherwise its return value is enveloped. */
  raw?: boolean;
  /** Answers are cached per caller and input until the scope's next change (response-cache.ts). */
  cache?: RouteCache;
  /**
   * A write whose change the scopes' cached answers hold: their generations are renewed once the handler has
   * finished (its transaction committed or rolled back; renewing after a refusal only costs a recomputation).
   * For areas without live updates (tasks, teams), where the change is not announced through the event bus.
   */
  renews?: CacheScope[];
  handler: (ctx: RouteContext<P, Q, B>) => Promise<R> | R;
}

/** Identity helper that keeps each route's parameter types inferred from its schemas. */
export function defineRoute<P = unknown, Q = unknown, B = unknown, R = unknown>(
  def: RouteDef<P, Q, B, R>,
): RouteDef<P, Q, B, R> {
  return def;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteDef<any, any, any, any>;
