import { z } from 'zod';
import { readinessSchema } from '@cr/contract/site.contract';
import { defineRoute, policy } from '../../http/route';
import { checkReadiness } from './health.service';

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health/live',
    tag: 'health',
    summary: 'Liveness: the process answers.',
    policy: policy.public,
    response: z.object({ ok: z.literal(true) }),
    handler: () => ({ ok: true as const }),
  }),
  defineRoute({
    method: 'get',
    path: '/health/ready',
    tag: 'health',
    summary: 'Readiness: database, Redis and chain reachable. HTTP 503 when any is not.',
    policy: policy.public,
    response: readinessSchema,
    raw: true,
    handler: async ({ deps, res }) => {
      const result = await checkReadiness(deps);
      res.status(result.ok ? 200 : 503).json(
        result.ok
          ? { code: 1, data: result }
          : {
              code: -503,
              error: { type: 'health.not_ready', message: 'A dependency is not reachable.' },
              data: result,
            },
      );
      return result;
    },
  }),
];
