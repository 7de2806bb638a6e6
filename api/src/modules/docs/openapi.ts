import { z } from 'zod';
import { permissionName } from '@cr/contract/admin.contract';
import { errorEnvelopeSchema } from '@cr/contract/envelope.contract';
import type { AnyRoute, Policy } from '../../http/route';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function describePolicy(p: Policy, method: string, path: string): string {
  switch (p.kind) {
    case 'public':
      return 'Public.';
    case 'auth':
      return 'Signed in (api-token).';
    case 'role':
      return `Role ${p.role} or above (api-token).`;
    case 'dev':
      return 'Dev tools only; absent in production.';
    case 'permission':
      return `Permission "${permissionName(method, path)}" (granted on /admin/permission; at first to ${p.defaultRoles.join(', ')}) (api-token).`;
  }
}

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function buildOpenApi(routes: AnyRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    if (r.policy.kind === 'dev') continue;
    const openPath = `/api${r.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', r.params],
      ['query', r.query],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || js.required?.includes(name),
          schema: prop,
        });
      }
    }
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      description: describePolicy(r.policy, r.method, r.path),
      ...(parameters.length ? { parameters } : {}),
      responses: {
        200: {
          description: 'Success',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { code: { const: 1 }, data: r.response ? jsonSchema(r.response, 'output') : {} },
                required: ['code', 'data'],
              },
            },
          },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: jsonSchema(errorEnvelopeSchema, 'output') } },
        },
      },
    };
    if (r.policy.kind !== 'public') op.security = [{ apiToken: [] }];
    if (r.multipart) {
      op.requestBody = {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      };
    } else if (r.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(r.body, 'input') } },
      };
    }
    paths[openPath] = { ...(paths[openPath] ?? {}), [r.method]: op };
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { apiToken: { type: 'apiKey', in: 'header', name: 'api-token' } } },
    paths,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A readable HTML page of the same document: one section per endpoint with its schemas. */
export function renderOpenApiHtml(doc: ReturnType<typeof buildOpenApi>): string {
  const sections = Object.entries(doc.paths)
    .flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const o = op as {
          summary: string;
          description: string;
          requestBody?: unknown;
          responses: unknown;
          parameters?: unknown;
        };
        const details = [
          o.parameters
            ? `<h4>Parameters</h4><pre>${escapeHtml(JSON.stringify(o.parameters, null, 2))}</pre>`
            : '',
          o.requestBody
            ? `<h4>Request body</h4><pre>${escapeHtml(JSON.stringify(o.requestBody, null, 2))}</pre>`
            : '',
          `<h4>Responses</h4><pre>${escapeHtml(JSON.stringify(o.responses, null, 2))}</pre>`,
        ].join('');
        return `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(p)}</code></h3>
<p>${escapeHtml(o.summary)} <em>${escapeHtml(o.description)}</em></p><details><summary>Schemas</summary>${details}</details></section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
section{border-top:1px solid #e5e7eb;padding:.5rem 0}code{font-size:14px}pre{background:#f8fafc;padding:.75rem;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:4.5em;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.patch{background:#7c3aed}.delete{background:#dc2626}</style></head>
<body><h1>${escapeHtml(doc.info.title)} API</h1><p>Every answer is <code>{ code: 1, data }</code> on success, or
<code>{ code: &lt;negative&gt;, error: { type, message, fields? } }</code> with the HTTP status. Send the session token in the
<code>api-token</code> header. Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a>.</p>${sections}</body></html>`;
}
