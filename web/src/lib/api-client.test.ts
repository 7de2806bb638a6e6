import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, apiRequest, downloadBlob, toQueryString } from './api-client';
import { ApiError, NetworkError, isServerDown } from './api-errors';
import { clearApiTokens, sessionCallsSignal } from './session-token';

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answer(status: number, body: unknown, statusText = '', headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(text, { status, statusText, headers });
    }),
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns data of a success envelope (HTTP 200, code > 0) and never uses the HTTP cache', async () => {
    answer(200, { code: 1, data: { suggestionsSuspended: true, devMode: false } });
    await expect(api.get('/api/site/settings')).resolves.toEqual({
      suggestionsSuspended: true,
      devMode: false,
    });
    expect(calls[0]!.init.cache).toBe('no-store');
  });

  it('sends the api-token of this tab when signed in, and none otherwise', async () => {
    answer(200, { code: 1, data: null });
    await api.get('/api/a');
    sessionStorage.setItem('api-token', 'tok-123');
    await api.get('/api/b');
    expect(new Headers(calls[0]!.init.headers).has('api-token')).toBe(false);
    expect(new Headers(calls[1]!.init.headers).get('api-token')).toBe('tok-123');
  });

  it('aborts a call carrying the token when the token is forgotten (logout), and leaves calls without one', async () => {
    const seen: Array<AbortSignal | undefined> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            seen.push(init.signal ?? undefined);
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            setTimeout(() => resolve(new Response(JSON.stringify({ code: 1, data: 'late' }))), 50);
          }),
      ),
    );
    const anonymous = api.get('/api/public');
    sessionStorage.setItem('api-token', 'tok-ending');
    const own = new AbortController();
    const signedIn = api.get('/api/inbox', undefined, { signal: own.signal });
    clearApiTokens();
    await expect(signedIn).rejects.toMatchObject({ name: 'AbortError' });
    await expect(anonymous).resolves.toBe('late');
    expect(own.signal.aborted).toBe(false); // the caller's own signal is not touched
    expect(seen.map((s) => s?.aborted)).toEqual([undefined, true]);
  });

  it("takes a call's listener off the session's signal once its answer has come", async () => {
    answer(200, { code: 1, data: 'ok' });
    sessionStorage.setItem('api-token', 'tok-long');
    const session = sessionCallsSignal();
    const added = vi.spyOn(session, 'addEventListener');
    const removed = vi.spyOn(session, 'removeEventListener');
    for (let i = 0; i < 3; i++)
      await api.get('/api/inbox', undefined, { signal: new AbortController().signal });
    expect(added).toHaveBeenCalledTimes(3);
    expect(removed).toHaveBeenCalledTimes(3);
    sessionStorage.removeItem('api-token');
  });

  it('sends GET data as a query string and POST data as a JSON body', async () => {
    answer(200, { code: 1, data: 'ok' });
    await api.get('/api/suggestion/list', { page: 2, search: 'a b', tags: ['x', 'y'], empty: undefined });
    await api.post('/api/thing', { title: 'Hi' });
    expect(calls[0]!.url).toBe('/api/suggestion/list?page=2&search=a+b&tags=x&tags=y');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[1]!.url).toBe('/api/thing');
    expect(calls[1]!.init.method).toBe('POST');
    expect(new Headers(calls[1]!.init.headers).get('Content-Type')).toBe('application/json');
    expect(calls[1]!.init.body).toBe('{"title":"Hi"}');
  });

  it('throws the typed error of an error envelope, with its status and field errors', async () => {
    answer(422, {
      code: -422,
      error: {
        type: 'validation.failed',
        message: 'Invalid input',
        fields: [{ path: 'title', message: 'required' }],
      },
    });
    const err = await api.post('/api/x', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, type: 'validation.failed', message: 'Invalid input' });
    expect((err as ApiError).fields).toEqual([{ path: 'title', message: 'required' }]);
  });

  it('treats HTTP 200 with a code that is not above 0 as an error', async () => {
    answer(200, { code: -1, error: { type: 'legacy.failure', message: 'nope' } });
    await expect(api.get('/api/x')).rejects.toMatchObject({ type: 'legacy.failure', status: 200 });
  });

  it('turns a non-envelope failure (a proxy page) into an error carrying the status text', async () => {
    answer(502, '<html>Bad Gateway</html>', 'Bad Gateway');
    const err = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.type).toBe('http.502');
    expect(err.message).toBe('Bad Gateway');
    expect(isServerDown(err)).toBe(true);
  });

  it('throws NetworkError when no answer arrives', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const err = await api.get('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(isServerDown(err)).toBe(true);
  });

  it('refuses data that does not match the contract schema', async () => {
    answer(200, { code: 1, data: { suggestionsSuspended: 'yes' } });
    const schema = z.object({ suggestionsSuspended: z.boolean() });
    await expect(apiRequest('/api/site/settings', { schema })).rejects.toMatchObject({
      type: 'http.invalid_response',
    });
  });

  it('uploads a file as multipart form data under the field "file"', async () => {
    answer(200, { code: 1, data: { url: '/uploads/a.png', filename: 'a.png', type: 'image/png', size: 3 } });
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await api.upload('/api/upload/file', file);
    const body = calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('a.png');
    expect(new Headers(calls[0]!.init.headers).has('Content-Type')).toBe(false);
  });

  it('reads a CSV download as a blob with its file name', async () => {
    answer(200, 'a,b\n1,2\n', 'OK', {
      'Content-Type': 'text/csv',
      'Content-Disposition': 'attachment; filename="suggestions.csv"',
    });
    const { blob, filename } = await downloadBlob('/api/suggestion/export2csv');
    expect(filename).toBe('suggestions.csv');
    expect(await blob.text()).toBe('a,b\n1,2\n');
  });
});

describe('toQueryString', () => {
  it('is empty without data and leaves out null values', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: null, b: undefined })).toBe('');
    expect(toQueryString({ ok: true, n: 0 })).toBe('?ok=true&n=0');
  });
});
