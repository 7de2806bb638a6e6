/**
 * A deterministic request fuzzer over the api's OpenAPI document (api/src/modules/docs/openapi.ts). Every
 * operation of the document gets requests built from its own schemas and then broken: malformed JSON, wrong
 * types, huge and deeply nested bodies, NUL and control characters, injection strings, prototype keys, path
 * traversal in path parameters, odd query shapes, oversized and bogus uploads, wrong content types, bad tokens.
 * The same seed gives the same requests (mulberry32).
 */

export type Role = 'anonymous' | 'member' | 'admin';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
};

export interface FuzzOperation {
  method: string;
  /** OpenAPI path, e.g. `/api/suggestion/{id}`. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  body?: JsonSchema;
  multipart: boolean;
}

export interface FuzzRequest {
  op: FuzzOperation;
  kind: string;
  role: Role;
  method: string;
  /** Path and query, already encoded, starting with `/api/`. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** The operations of an OpenAPI 3.1 document as buildOpenApi writes it. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      };
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: !!p.required })),
        body: op.requestBody?.content['application/json']?.schema,
        multipart: !!op.requestBody?.content['multipart/form-data'],
      });
    }
  }
  return ops;
}

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

export const NASTY_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u0003\u0007\b\u001b[31m\u007f',
  '\r\n\r\nX-Injected: 1',
  '\uFEFF\u200B\u202E\u2028\u2029',
  '\uD800',
  '\uDFFF\uD800',
  '🦄'.repeat(50),
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '1 UNION SELECT password FROM users --',
  "%' AND pg_sleep(10) --",
  "'); select pg_sleep(10); --",
  '\\',
  '%',
  '_',
  '%_%\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'x'.repeat(10_000),
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'did:elastos:' + 'i'.repeat(200),
  'a@b',
  'user@example.org\r\nBcc: x@example.org',
] as const;

export const NASTY_VALUES: readonly unknown[] = [
  ...NASTY_STRINGS,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -9_999_999_999_999,
  1e308,
  [],
  [null],
  [[[]]],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { $gt: '' },
  { toString: 'x', valueOf: 1, hasOwnProperty: 'x' },
  Array.from({ length: 1000 }, (_, i) => i),
];

const PATH_VALUES = [
  '1',
  '2',
  '3',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '%2e%2e',
  '..',
  '.',
  '%5C..%5C..%5Cwin.ini',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20users',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%7B%7B7*7%7D%7D',
  '%01%02%1b',
  '%0d%0aX-Injected:%201',
  '%FF%FE',
  '%E0%A4%A',
  '%',
  '%%',
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  'did:elastos:iXyz',
  '0x0000000000000000000000000000000000000000',
  '%F0%9F%A6%84',
];

/** A plausible value for a JSON schema (bounded depth). */
export function sample(rng: Rng, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return rng.pick(['x', 1, true, null]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return sample(rng, rng.pick(alts), depth + 1);
  if (schema.allOf?.length) return sample(rng, schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(k) || rng.chance(0.5)) out[k] = sample(rng, v, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: rng.int(3) }, () => sample(rng, schema.items, depth + 1));
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? 0;
      const hi = Math.min(schema.maximum ?? lo + 100, lo + 1000);
      const n = lo + rng.next() * (hi - lo);
      return type === 'integer' ? Math.round(n) : n;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'string': {
      switch (schema.format) {
        case 'email':
          return `fuzz${rng.int(1e6)}@example.org`;
        case 'date-time':
          return new Date(1_700_000_000_000 + rng.int(1e10)).toISOString();
        case 'date':
          return '2026-01-01';
        case 'uri':
        case 'url':
          return 'https://example.org/x';
        case 'uuid':
          return '00000000-0000-4000-8000-000000000000';
      }
      const min = schema.minLength ?? 1;
      const max = Math.max(min, Math.min(schema.maxLength ?? min + 12, min + 40));
      const len = min + rng.int(max - min + 1);
      return 'fuzz'.repeat(Math.ceil(len / 4)).slice(0, len) || 'f';
    }
    default:
      return rng.pick(['x', 1, true, null, {}, []]);
  }
}

/** Replaces one value somewhere inside `value` (or adds a key) with something hostile. */
function mutate(rng: Rng, value: unknown, depth = 0): unknown {
  if (value && typeof value === 'object' && depth < 6) {
    if (Array.isArray(value)) {
      if (value.length === 0 || rng.chance(0.2)) return [...value, rng.pick(NASTY_VALUES)];
      const i = rng.int(value.length);
      const copy = [...value];
      copy[i] = mutate(rng, copy[i], depth + 1);
      return copy;
    }
    const keys = Object.keys(value);
    if (keys.length === 0 || rng.chance(0.15)) {
      const key = rng.pick([
        ...NASTY_STRINGS.slice(0, 30),
        '__proto__',
        'constructor',
        'prototype',
        'id',
        'userId',
      ]);
      // A literal own "__proto__" key, as JSON.parse would make it.
      const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
      Object.defineProperty(copy, key, {
        value: rng.pick(NASTY_VALUES),
        enumerable: true,
        configurable: true,
        writable: true,
      });
      return copy;
    }
    const k = rng.pick(keys);
    return {
      ...(value as Record<string, unknown>),
      [k]: mutate(rng, (value as Record<string, unknown>)[k], depth + 1),
    };
  }
  return rng.pick(NASTY_VALUES);
}

function deeplyNested(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object'
    ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    : '['.repeat(depth) + ']'.repeat(depth);
}

/** Control characters, line separators, BOM or lone surrogates. */
const hasControl = (s: string) =>
  Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)).some(
    (c) => c < 0x20 || c === 0x7f || c === 0x2028 || c === 0xfeff || (c >= 0xd800 && c <= 0xdfff),
  );

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"' + '\\'.repeat(3) + '"}',
  '﻿{"a":1}',
  '{"__proto__":{"isAdmin":true},"role":"SUPER_ADMIN"}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1e999999}',
  '{"a":-1e999999}',
  '{"a":123456789012345678901234567890}',
  '"just a string"',
  '12345',
  'null',
  'true',
  '[]',
  '',
  ' ',
  '\t\r\n',
] as const;

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/xml',
  'application/octet-stream',
  'application/json, text/plain',
  '*/*',
  'application/vnd.api+json',
  '',
] as const;

const BAD_TOKENS = [
  'x',
  'null',
  '',
  'Bearer abc',
  "' OR 1=1 --",
  'a'.repeat(4000),
  '00000000-0000-0000-0000-000000000000',
  '..%2F..%2F',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
] as const;

/** encodeURIComponent that also takes lone surrogates (sent as the raw bytes a broken client would send). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
};

function encodeQuery(rng: Rng, op: FuzzOperation, hostile: boolean): string {
  const parts: string[] = [];
  for (const q of op.queryParams) {
    if (!q.required && !rng.chance(0.5)) continue;
    let v = sample(rng, q.schema);
    if (hostile && rng.chance(0.5)) v = rng.pick(NASTY_VALUES);
    const key = encodeURIComponent(q.name);
    if (Array.isArray(v)) for (const x of v.slice(0, 5)) parts.push(`${key}[]=${enc(String(x))}`);
    else if (v && typeof v === 'object') parts.push(`${key}[a][b]=1`);
    else parts.push(`${key}=${enc(String(v))}`);
  }
  if (hostile) {
    const extra = rng.pick([
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      'page=-1&pageSize=100000',
      'page=1e309&limit=NaN',
      'sort=1;drop table users',
      'sort[$ne]=1',
      `search=${enc(rng.pick(NASTY_STRINGS))}`,
      `a${'[a]'.repeat(50)}=1`,
      Array.from({ length: 300 }, (_, i) => `p${i}=${i}`).join('&'),
      'search=%E0%A4%A',
      'search=%',
      'status=ALL&status=NONE&status[]=x',
      'q=' + 'x'.repeat(5000),
    ]);
    parts.push(extra);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Path parameters: mostly small real ids (so routes reach their handlers), else hostile values. */
function fillPath(rng: Rng, op: FuzzOperation, hostile: boolean): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!hostile) {
      const p = op.pathParams.find((x) => x.name === name);
      const v = sample(rng, p?.schema);
      return typeof v === 'number' ? String(rng.int(4) + 1) : enc(String(v));
    }
    return rng.pick(PATH_VALUES);
  });
}

function png(size: number): Uint8Array {
  const head = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const out = new Uint8Array(size);
  out.set(head.slice(0, Math.min(size, head.length)));
  return out;
}

function multipart(rng: Rng): { contentType: string; body: Uint8Array } {
  const boundary = `----fuzz${rng.int(1e9)}`;
  const enc = new TextEncoder();
  const choice = rng.int(8);
  const file = (name: string, field: string, type: string, bytes: Uint8Array) => [
    enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    enc.encode('\r\n'),
  ];
  let parts: Uint8Array[];
  switch (choice) {
    case 0: // oversized image
      parts = file('big.png', 'file', 'image/png', png(200 * 1024 + 1 + rng.int(400_000)));
      break;
    case 1: // a png header and garbage
      parts = file('x.png', 'file', 'image/png', png(64 + rng.int(2000)));
      break;
    case 2: // traversal in the file name, html inside
      parts = file('../../../etc/passwd', 'file', 'text/html', enc.encode('<script>alert(1)</script>'));
      break;
    case 3: // wrong field name
      parts = file('a.png', 'avatar', 'image/png', png(100));
      break;
    case 4: // two files
      parts = [
        ...file('a.png', 'file', 'image/png', png(100)),
        ...file('b.png', 'file', 'image/png', png(100)),
      ];
      break;
    case 5: // fields only, many of them
      parts = Array.from({ length: 10 }, (_, i) =>
        enc.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${'v'.repeat(100)}\r\n`,
        ),
      );
      break;
    case 6: // an svg with script (not an accepted image)
      parts = file(
        'x.svg',
        'file',
        'image/svg+xml',
        enc.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      );
      break;
    default: // truncated: no closing boundary
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: enc.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
        ),
      };
  }
  parts.push(enc.encode(`--${boundary}--\r\n`));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const body = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.length;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

const KINDS = [
  'valid-ish',
  'mutated',
  'mutated',
  'mutated',
  'wrong-type',
  'malformed-json',
  'prototype',
  'control-chars',
  'injection',
  'deep',
  'content-type',
  'path-traversal',
  'path-traversal',
  'query',
  'bad-token',
] as const;

/** The i-th request of a run: a pure function of (seed-derived rng state, operation list). */
export function generate(rng: Rng, ops: FuzzOperation[]): FuzzRequest {
  const op = rng.pick(ops);
  const role: Role = rng.pick(['anonymous', 'member', 'member', 'admin', 'admin']);
  // Huge bodies are costly to build and send: 2% of the run.
  const kind = op.multipart && rng.chance(0.6) ? 'upload' : rng.chance(0.02) ? 'huge' : rng.pick(KINDS);
  const headers: Record<string, string> = {};
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  const url =
    fillPath(rng, op, kind === 'path-traversal') +
    encodeQuery(rng, op, kind === 'query' || kind === 'injection' || kind === 'control-chars');
  let body: string | Uint8Array | undefined;
  const json = (v: unknown) => {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(v);
  };
  const base = () => sample(rng, op.body ?? { type: 'object', properties: {} });
  if (hasBody) {
    switch (kind) {
      case 'upload': {
        const m = multipart(rng);
        headers['content-type'] = m.contentType;
        body = m.body;
        break;
      }
      case 'valid-ish':
      case 'path-traversal':
      case 'query':
      case 'bad-token':
        json(base());
        break;
      case 'mutated':
        json(mutate(rng, base()));
        break;
      case 'wrong-type':
        json(rng.pick([[base()], 'string', 42, null, true, [], [[1]]]));
        break;
      case 'malformed-json':
        headers['content-type'] = 'application/json';
        body = rng.pick(MALFORMED_JSON);
        break;
      case 'prototype': {
        const b = base();
        const obj = b && typeof b === 'object' && !Array.isArray(b) ? b : {};
        const raw = JSON.stringify(obj).replace(
          /^\{/,
          rng.pick([
            '{"__proto__":{"role":"SUPER_ADMIN","isAdmin":true,"polluted":1},',
            '{"constructor":{"prototype":{"polluted":1}},',
            '{"prototype":{"polluted":1},"hasOwnProperty":1,"toString":"x",',
          ]),
        );
        headers['content-type'] = 'application/json';
        body = raw.replace(/,\}$/, '}');
        break;
      }
      case 'control-chars':
      case 'injection': {
        const b = base();
        const pool =
          kind === 'control-chars'
            ? NASTY_STRINGS.filter(hasControl)
            : NASTY_STRINGS.filter((s) => /['<{$%#]|DROP|UNION|\.\.|javascript/.test(s));
        const fill = (v: unknown, depth = 0): unknown => {
          if (typeof v === 'string') return rng.pick(pool);
          if (Array.isArray(v)) return v.map((x) => fill(x, depth + 1));
          if (v && typeof v === 'object' && depth < 6)
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, depth + 1)]));
          return v;
        };
        json(fill(b));
        break;
      }
      case 'deep':
        headers['content-type'] = 'application/json';
        body = deeplyNested(rng.pick([50, 1000, 10_000, 100_000]), rng.chance(0.5) ? 'object' : 'array');
        break;
      case 'huge': {
        headers['content-type'] = 'application/json';
        const size = rng.pick([900_000, 1_100_000, 3_000_000]);
        const b = base();
        const obj = b && typeof b === 'object' && !Array.isArray(b) ? b : {};
        const keys = Object.keys(obj);
        const key = keys.length ? rng.pick(keys) : 'title';
        body = rng.chance(0.5)
          ? JSON.stringify({ ...obj, [key]: 'x'.repeat(size) })
          : JSON.stringify({ ...obj, [key]: Array.from({ length: Math.floor(size / 4) }, () => 1) });
        break;
      }
      case 'content-type': {
        const ct = rng.pick(CONTENT_TYPES);
        if (ct) headers['content-type'] = ct;
        body = rng.chance(0.5) ? JSON.stringify(base()) : 'a=1&b[c]=2&__proto__[x]=1';
        break;
      }
    }
  }
  if (kind === 'bad-token') headers['api-token'] = rng.pick(BAD_TOKENS);
  if (kind === 'content-type' && !hasBody) headers['content-type'] = rng.pick(CONTENT_TYPES) || 'text/plain';
  return { op, kind, role, method: op.method, url, headers, body };
}

export interface FuzzTotals {
  requests: number;
  byClass: Record<string, number>;
  byStatus: Record<string, number>;
  serverErrors: Array<{
    method: string;
    url: string;
    kind: string;
    role: Role;
    status: number;
    body: string;
  }>;
  slow: Array<{ method: string; url: string; ms: number }>;
  slowest: { method: string; url: string; ms: number } | null;
  /** Time spent per operation (`GET /api/x`), to see where a run's budget goes. */
  msByOperation: Record<string, number>;
  failures: Array<{ method: string; url: string; error: string }>;
  elapsedMs: number;
}

/**
 * Sends `count` generated requests with `concurrency` in flight. `tokens()` is asked for the current token of a
 * role before each request (so a test can replace sessions that a fuzzed sign-out ended).
 */
export async function runFuzz(opts: {
  baseUrl: string;
  ops: FuzzOperation[];
  count: number;
  seed: number;
  concurrency: number;
  slowMs: number;
  tokens: (role: Role, i: number) => Promise<string | undefined> | string | undefined;
  onProgress?: (done: number) => void;
}): Promise<FuzzTotals> {
  const rng = prng(opts.seed);
  const totals: FuzzTotals = {
    requests: 0,
    byClass: {},
    byStatus: {},
    serverErrors: [],
    slow: [],
    slowest: null,
    msByOperation: {},
    failures: [],
    elapsedMs: 0,
  };
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < opts.count) {
      const i = next++;
      // Generated synchronously in dispatch order: the i-th request of a seed is the same whatever the timing
      // (and only the requests in flight are held in memory).
      const r = generate(rng, opts.ops);
      const token = r.headers['api-token'] === undefined ? await opts.tokens(r.role, i) : undefined;
      const headers = { ...r.headers, ...(token ? { 'api-token': token } : {}) };
      const t0 = performance.now();
      try {
        const res = await fetch(opts.baseUrl + r.url, {
          method: r.method,
          headers,
          body: r.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.slowMs * 3),
        });
        const text = await res.text();
        const ms = performance.now() - t0;
        totals.requests++;
        const opKey = `${r.method} ${r.op.path}`;
        totals.msByOperation[opKey] = (totals.msByOperation[opKey] ?? 0) + ms;
        const cls = `${Math.floor(res.status / 100)}xx`;
        totals.byClass[cls] = (totals.byClass[cls] ?? 0) + 1;
        totals.byStatus[res.status] = (totals.byStatus[res.status] ?? 0) + 1;
        if (res.status >= 500)
          totals.serverErrors.push({
            method: r.method,
            url: r.url.slice(0, 300),
            kind: r.kind,
            role: r.role,
            status: res.status,
            body: text.slice(0, 300),
          });
        if (!totals.slowest || ms > totals.slowest.ms)
          totals.slowest = { method: r.method, url: r.url.slice(0, 200), ms };
        if (ms > opts.slowMs) totals.slow.push({ method: r.method, url: r.url.slice(0, 200), ms });
      } catch (err) {
        totals.requests++;
        totals.failures.push({
          method: r.method,
          url: r.url.slice(0, 300),
          // undici's "fetch failed" names the socket error in its cause.
          error: `${String(err)} ${String((err as { cause?: unknown }).cause ?? '')}`.trim(),
        });
      }
      opts.onProgress?.(totals.requests);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  totals.elapsedMs = Date.now() - started;
  return totals;
}

/** One readable block of totals. */
export function formatTotals(t: FuzzTotals, seed: number): string {
  const classes = Object.entries(t.byClass)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const statuses = Object.entries(t.byStatus)
    .sort()
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');
  return [
    `fuzz seed ${seed}: ${t.requests} requests in ${(t.elapsedMs / 1000).toFixed(1)} s (${Math.round((t.requests * 1000) / Math.max(1, t.elapsedMs))}/s)`,
    `  by class: ${classes}`,
    `  by status: ${statuses}`,
    `  slowest: ${t.slowest ? `${Math.round(t.slowest.ms)} ms ${t.slowest.method} ${t.slowest.url.slice(0, 120)}` : '-'}`,
    `  most time: ${Object.entries(t.msByOperation)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(', ')}`,
    `  5xx: ${t.serverErrors.length}, over the slow limit: ${t.slow.length}, transport failures: ${t.failures.length}`,
  ].join('\n');
}
