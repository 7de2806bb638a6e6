import type {} from './express-request';
import type { NextFunction, Request, Response, Router } from 'express';
import type { AuthUser } from '../modules/session/auth-user';
import { hasRole } from '@cr/contract/roles.contract';
import type { AppDeps } from '../app-deps';
import { bumpGeneration, type CacheScope } from '@cr/core/cache/cache-generation';
import { createPermissionGate } from '../modules/admin/permission-gate';
import { AppError, forbidden, unauthorized } from '@cr/core/errors/app-error';
import type { AnyRoute, Policy } from './route';
import { answerCacheOf, answerKey, cacheCaller } from './response-cache';
import { parseInput } from './validate';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what Node reports for an IPv4 client of a dual-stack socket). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Throws when the policy refuses the caller; the only place policies are enforced. `clientIp` is the caller's
 * address as Express sees it (TRUST_PROXY_HOPS decides whether X-Forwarded-For is believed).
 */
export function enforcePolicy(
  policy: Policy,
  user: AuthUser | undefined | null,
  deps: AppDeps,
  clientIp?: string,
): void {
  switch (policy.kind) {
    case 'public':
      return;
    case 'dev':
      // Dev tools answer only on the developer's own machine: a server left in development mode by mistake
      // still shows nobody else the mail outbox (reset links, codes) or the dev wallet.
      if (!deps.config.DEV_TOOLS || !isLoopback(clientIp))
        throw new AppError(404, 'not_found', 'The resource was not found.');
      return;
    case 'auth':
      if (!user) throw unauthorized();
      return;
    case 'role':
      if (!user) throw unauthorized();
      if (!hasRole(user.role, policy.role)) throw forbidden();
      return;
    case 'permission':
      // Checked by the permission gate of mountRoutes (async, live grants); anywhere else it is refused.
      throw forbidden();
    default:
      // A route whose policy is unknown is refused, never let through.
      throw forbidden();
  }
}

/** Registers route definitions on an Express router: policy, then validation, then the handler. */
export function mountRoutes(router: Router, routes: AnyRoute[], deps: AppDeps): void {
  const seen = new Set<string>();
  const gate = createPermissionGate(() => deps.database.db, deps.redis, routes);
  for (const route of routes) {
    const routeKey = `${route.method.toUpperCase()} ${route.path}`;
    if (!route.policy)
      throw new Error(`Route ${routeKey} has no policy (deny by default: every route names one)`);
    if (route.path.startsWith('/admin/') && route.policy.kind !== 'permission')
      throw new Error(`Route ${routeKey} is an admin route: its policy must be a permission (policy.admin)`);
    if (seen.has(routeKey)) throw new Error(`Route ${routeKey} is defined twice`);
    seen.add(routeKey);
    if (route.cache && route.method !== 'get')
      throw new Error(`Route ${routeKey}: only GET answers are cached`);
    if (route.renews && route.method === 'get') throw new Error(`Route ${routeKey}: a read renews no cache`);
    router[route.method](route.path, async (req: Request, res: Response, next: NextFunction) => {
      // The route pattern, the label of the HTTP latency metric (never the raw URL).
      res.locals.route = `${req.baseUrl}${route.path}`;
      try {
        if (route.policy.kind === 'permission') await gate.check(route, req.user);
        else enforcePolicy(route.policy, req.user, deps, req.ip);
        const params = route.params ? parseInput(route.params, req.params, 'params') : req.params;
        const query = route.query ? parseInput(route.query, req.query, 'query') : {};
        const body =
          route.body && !route.multipart ? parseInput(route.body, req.body ?? {}, 'body') : undefined;
        const ctx = { req, res, deps, user: req.user ?? null, params, query, body };
        const envelope = async () => JSON.stringify({ code: 1, data: (await route.handler(ctx)) ?? null });
        const ttlMs = deps.config.LIST_CACHE_TTL_MS;
        if (route.cache && !route.raw && ttlMs > 0) {
          const caller = cacheCaller(route.cache, ctx.user?.id ?? null, query);
          const key = await answerKey(deps, route.cache, routeKey, caller, [params, query]);
          const answer = key ? await answerCacheOf(deps).answer(key, ttlMs, envelope) : await envelope();
          res.status(200).type('application/json').send(answer);
          return;
        }
        const data = await (route.renews
          ? renewingAfter(deps, route.renews, () => route.handler(ctx))
          : route.handler(ctx));
        if (!route.raw && !res.headersSent) res.status(200).json({ code: 1, data: data ?? null });
      } catch (err) {
        next(err);
      }
    });
  }
}

/** Runs a write's handler, then renews the cached answers of `scopes` whatever its outcome (route.renews). */
async function renewingAfter<T>(
  deps: AppDeps,
  scopes: CacheScope[],
  handler: () => Promise<T> | T,
): Promise<T> {
  try {
    return await handler();
  } finally {
    for (const scope of scopes)
      await bumpGeneration(deps.redis, scope).catch((err: unknown) =>
        deps.logger.warn({ err, scope }, 'cache renewal failed (the TTL bounds the stale answer)'),
      );
  }
}
