import type { z } from 'zod';
import { ApiError, NetworkError } from './api-errors';
import { readApiToken, sessionCallsSignal } from './session-token';

/**
 * A contract schema, or a function that imports one: a page whose first paint needs no zod (the home page) loads
 * its schemas while the call is on its way, so zod is not part of the JavaScript before the page shows.
 */
export type SchemaOption<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions<T> {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** GET/HEAD: sent as the query string; other methods: the JSON body. */
  data?: Query | Record<string, unknown> | unknown[];
  /** Multipart form data (uploads); replaces `data`. */
  form?: FormData;
  /** Validates the `data` of the success envelope (a shared contract schema, or a loader of one). */
  schema?: SchemaOption<T>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `x-wallet-secret`). */
  headers?: Record<string, string>;
}

/** Builds `?a=1&b=x` from plain values; null/undefined are left out, arrays repeat the key. */
export function toQueryString(data: Query | undefined): string {
  if (!data) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * A signal aborted when either one is, and the release of its listeners: the session's signal lives as long as the
 * token, so each call takes its listener off again once its answer has come.
 */
function eitherSignal(a: AbortSignal | undefined, b: AbortSignal): { signal: AbortSignal; release(): void } {
  const none = () => undefined;
  if (!a) return { signal: b, release: none };
  if (a.aborted) return { signal: a, release: none };
  if (b.aborted) return { signal: b, release: none };
  const both = new AbortController();
  const abort = () => both.abort();
  a.addEventListener('abort', abort, { once: true });
  b.addEventListener('abort', abort, { once: true });
  return {
    signal: both.signal,
    release: () => {
      a.removeEventListener('abort', abort);
      b.removeEventListener('abort', abort);
    },
  };
}

function buildInit<T>(opts: RequestOptions<T>): { init: RequestInit; query: string; release(): void } {
  const method = opts.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  const token = readApiToken();
  if (token) headers.set('api-token', token);
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
  // A call made with the tab's token ends with it (logout): see session-token.ts.
  const { signal, release } = token
    ? eitherSignal(opts.signal, sessionCallsSignal())
    : { signal: opts.signal, release: () => undefined };
  const init: RequestInit = { method, headers, cache: 'no-store', mode: 'cors', signal };
  let query = '';
  if (method === 'GET' || method === 'HEAD') {
    query = toQueryString(opts.data as Query | undefined);
  } else if (opts.form) {
    init.body = opts.form; // the browser sets the multipart boundary
  } else if (opts.data !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(opts.data);
  }
  return { init, query, release };
}

async function send(path: string, opts: RequestOptions<unknown>): Promise<Response> {
  const { init, query, release } = buildInit(opts);
  try {
    return await fetch(`${path}${query}`, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  } finally {
    release(); // the answer's status is in: the token can no longer turn it into a 401
  }
}

/** The error envelope's schema, loaded with the first failed call (zod is not needed before one). */
function loadErrorEnvelopeSchema() {
  return import('@cr/contract/envelope.contract').then(
    (m) => m.errorEnvelopeSchema,
    () => null,
  );
}

/**
 * The error a failed answer stands for: the server's envelope when it sent one, else the HTTP status text (also
 * when the envelope's schema could not be loaded: the server is then most likely down).
 */
async function errorFrom(res: Response, body: unknown): Promise<ApiError> {
  const schema = await loadErrorEnvelopeSchema();
  const envelope = schema?.safeParse(body);
  if (envelope?.success) {
    const { type, message, fields, retryAfterSec } = envelope.data.error;
    return new ApiError(res.status, type, message, fields, retryAfterSec);
  }
  const statusText = res.statusText || `HTTP ${res.status}`;
  if (res.status === 200)
    return new ApiError(200, 'http.invalid_response', 'The server sent an unexpected answer.');
  return new ApiError(res.status, `http.${res.status}`, statusText);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One call to the api (spec §7): JSON, the `api-token` header when signed in, no cache. Success needs HTTP 200
 * and `code > 0`; its `data` is returned. Anything else throws `ApiError`; no answer at all throws `NetworkError`.
 */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  // A lazy schema is fetched alongside the call; a schema that cannot be fetched is a network failure.
  const schema =
    typeof opts.schema === 'function'
      ? opts.schema().catch((err: unknown) => Promise.reject(new NetworkError(err)))
      : Promise.resolve(opts.schema);
  schema.catch(() => undefined); // awaited below, after the answer; not an unhandled rejection meanwhile
  const res = await send(path, opts as RequestOptions<unknown>);
  const body = await readJson(res);
  const ok =
    res.status === 200 &&
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    (body as { code: number }).code > 0;
  if (!ok) throw await errorFrom(res, body);
  const data = (body as { data?: unknown }).data;
  const validate = await schema;
  if (!validate) return data as T;
  const parsed = validate.safeParse(data);
  if (!parsed.success)
    throw new ApiError(200, 'http.invalid_response', 'The server sent an unexpected answer.');
  return parsed.data;
}

export const api = {
  get: <T>(path: string, data?: Query, opts: Omit<RequestOptions<T>, 'method' | 'data'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'GET', data }),
  post: <T>(path: string, data?: unknown, opts: Omit<RequestOptions<T>, 'method' | 'data'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', data: data as Record<string, unknown> }),
  put: <T>(path: string, data?: unknown, opts: Omit<RequestOptions<T>, 'method' | 'data'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', data: data as Record<string, unknown> }),
  delete: <T>(path: string, data?: unknown, opts: Omit<RequestOptions<T>, 'method' | 'data'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE', data: data as Record<string, unknown> }),
  /** Multipart upload of one file under the given field (default `file`, as POST /api/upload/file wants). */
  upload: <T>(
    path: string,
    file: Blob,
    opts: { field?: string; filename?: string; schema?: SchemaOption<T> } = {},
  ) => {
    const form = new FormData();
    const name = opts.filename ?? (file instanceof File ? file.name : 'upload');
    form.append(opts.field ?? 'file', file, name);
    return apiRequest<T>(path, { method: 'POST', form, schema: opts.schema });
  },
};

/** A CSV (or other file) download: the body is read as a blob; failures throw like any other call. */
export async function downloadBlob(
  path: string,
  data?: Query,
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, { method: 'GET', data });
  if (res.status !== 200) throw await errorFrom(res, await readJson(res));
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await res.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

/** Hands a downloaded blob to the browser as a file save. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
