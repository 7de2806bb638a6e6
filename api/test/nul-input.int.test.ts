import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../src/routes';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

/**
 * A NUL byte in any text the api takes is refused with a 400 that names the field, on every route, before the
 * route runs: PostgreSQL cannot hold one in text, so it used to end in a 500 (and a stalled CSV export).
 */
let t: TestApi;
let token: string;

beforeAll(async () => {
  t = await startTestApi();
  token = (await makeUser(t.deps.database.db, { role: 'ADMIN' })).token;
}, 60_000);
afterAll(async () => t?.stop());

/** A concrete path for a route pattern (`/suggestion/:id` → `/suggestion/1`). */
const concrete = (p: string) => p.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'));

describe('a NUL byte in the input', () => {
  it('is refused with a 400 in the query of every route', async () => {
    const failures: string[] = [];
    for (const r of allRoutes()) {
      const res = await t.call(r.method.toUpperCase(), `${concrete(r.path)}?search=a%00b`, { token });
      if (res.status !== 400 || res.body.error?.type !== 'validation.failed')
        failures.push(`${r.method} ${r.path}: ${res.status} ${res.body.error?.type ?? ''}`);
      else expect(res.body.error.fields).toEqual([{ path: 'query.search', message: expect.any(String) }]);
    }
    expect(failures).toEqual([]);
  });

  it('is refused with a 400 in any body field, however deep, and in a key', async () => {
    const failures: string[] = [];
    for (const r of allRoutes().filter((x) => x.method !== 'get')) {
      const path = concrete(r.path);
      for (const [body, field] of [
        [{ title: 'a\u0000b' }, 'body.title'],
        [{ milestones: [{ text: ['ok', '\u0000'] }] }, 'body.milestones.0.text.1'],
        [{ 'ke\u0000y': 1 }, 'body.ke\\0y'],
      ] as const) {
        const res = await t.call(r.method.toUpperCase(), path, { token, body });
        const fields = res.body.error?.fields as { path: string }[] | undefined;
        if (res.status !== 400 || fields?.[0]?.path !== field)
          failures.push(`${r.method} ${r.path} ${field}: ${res.status} ${JSON.stringify(res.body.error)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the list searches and the CSV exports with a 400 at once, and changes nothing', async () => {
    for (const p of [
      '/proposals?search=%00',
      '/proposals/export.csv?search=%00',
      '/suggestion?search=x%00',
      '/suggestion/export.csv?search=%00',
    ]) {
      const started = Date.now();
      const res = await t.call('GET', p);
      expect(res.status, p).toBe(400);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    const before = await t.call('GET', '/suggestion');
    const res = await t.call('POST', '/suggestion', {
      token,
      body: { title: 'x\u0000', type: 'NEW_MOTION' },
    });
    expect(res.status).toBe(400);
    expect((await t.call('GET', '/suggestion')).body).toEqual(before.body);
  });

  it('still takes text without NUL, and a path with an encoded NUL is refused', async () => {
    expect((await t.call('GET', '/proposals?search=%E6%8F%90%E6%A1%88')).status).toBe(200);
    expect((await t.call('GET', '/suggestion/1%00')).status).toBe(400);
  });
});
