import { defineRoute, policy, type AnyRoute } from '../../http/route';
import { buildOpenApi, renderOpenApiHtml } from './openapi';

/** `/api/docs` (readable page) and `/api/docs/openapi.json`, built from the routes given. */
export function docsRoutes(allRoutes: () => AnyRoute[]) {
  let cached: ReturnType<typeof buildOpenApi> | undefined;
  const doc = () => (cached ??= buildOpenApi(allRoutes(), { title: 'Cyber Republic', version: '1.0.0' }));
  return [
    defineRoute({
      method: 'get',
      path: '/docs',
      tag: 'docs',
      summary: 'The API reference as a readable page.',
      policy: policy.public,
      raw: true,
      handler: ({ res }) => {
        res.type('html').send(renderOpenApiHtml(doc()));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/docs/openapi.json',
      tag: 'docs',
      summary: 'The OpenAPI 3.1 document.',
      policy: policy.public,
      raw: true,
      handler: ({ res }) => {
        res.json(doc());
      },
    }),
  ];
}
