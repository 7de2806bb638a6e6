import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../src/modules/session/session.service';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

describe('response envelope and errors', () => {
  it('answers success as HTTP 200 { code: 1, data }', async () => {
    const res = await t.call('GET', '/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1, data: { ok: true } });
  });

  it('answers an unknown API path with 404 and a stable error type', async () => {
    const res = await t.call('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body.code).toBeLessThan(0);
    expect(res.body.error?.type).toBe('not_found');
  });

  it('refuses malformed JSON with 400 request.malformed_json', async () => {
    const res = await fetch(`${t.url}/api/admin/site/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"suggestionsSuspended":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('request.malformed_json');
  });

  it('gives every response a request id and no X-Powered-By', async () => {
    const res = await fetch(`${t.url}/api/health/live`);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('sessions and the current user', () => {
  it('refuses current_user without a token (401 auth.required)', async () => {
    const res = await t.call('GET', '/user/current_user');
    expect(res.status).toBe(401);
    expect(res.body.error?.type).toBe('auth.required');
  });

  it('refuses an unknown token', async () => {
    const res = await t.call('GET', '/user/current_user', { token: 'not-a-real-token' });
    expect(res.status).toBe(401);
  });

  it('returns exactly the spec fields for the signed-in user', async () => {
    const { user, token } = await makeUser(t.deps.database.db, { profile: { gender: 'female' } });
    const res = await t.call<Record<string, unknown>>('GET', '/user/current_user', { token });
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(Object.keys(data).sort()).toEqual(
      ['_id', 'circles', 'createdAt', 'did', 'email', 'profile', 'role', 'subscribers', 'username'].sort(),
    );
    expect(data).toMatchObject({
      _id: user.id,
      username: user.username,
      email: user.email,
      role: 'MEMBER',
      did: null,
      profile: { firstName: 'Test', lastName: 'Member', gender: 'female' },
    });
  });

  it('stops accepting a token once it is revoked', async () => {
    const { token, tokenId } = await makeUser(t.deps.database.db);
    expect((await t.call('GET', '/user/current_user', { token })).status).toBe(200);
    await revokeSession(t.deps.database.db, tokenId);
    expect((await t.call('GET', '/user/current_user', { token })).status).toBe(401);
  });

  it('never stores the token itself', async () => {
    const { token } = await makeUser(t.deps.database.db);
    const rows = await t.deps.database.db.query.authTokens.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('role policies', () => {
  it('lets an admin suspend suggestions and a member not', async () => {
    const member = await makeUser(t.deps.database.db);
    const admin = await makeUser(t.deps.database.db, { role: 'ADMIN' });
    const council = await makeUser(t.deps.database.db, { role: 'COUNCIL' });
    const superAdmin = await makeUser(t.deps.database.db, { role: 'SUPER_ADMIN' });

    const denied = await t.call('PUT', '/admin/site/settings', {
      token: member.token,
      body: { suggestionsSuspended: true },
    });
    expect(denied.status).toBe(403);
    expect(
      (await t.call<{ suggestionsSuspended: boolean }>('GET', '/site/settings')).body.data
        ?.suggestionsSuspended,
    ).toBe(false);

    const ok = await t.call('PUT', '/admin/site/settings', {
      token: admin.token,
      body: { suggestionsSuspended: true },
    });
    expect(ok.status).toBe(200);
    expect(
      (await t.call<{ suggestionsSuspended: boolean }>('GET', '/site/settings')).body.data
        ?.suggestionsSuspended,
    ).toBe(true);
    // COUNCIL ranks above ADMIN but admin rights come from ADMIN or SUPER_ADMIN only (issue 14).
    expect(
      (
        await t.call('PUT', '/admin/site/settings', {
          token: council.token,
          body: { suggestionsSuspended: false },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', '/admin/site/settings', {
          token: superAdmin.token,
          body: { suggestionsSuspended: false },
        })
      ).status,
    ).toBe(200);
  });

  it('answers bad input with 400 validation.failed naming the field, and changes nothing', async () => {
    const admin = await makeUser(t.deps.database.db, { role: 'ADMIN' });
    const res = await t.call('PUT', '/admin/site/settings', {
      token: admin.token,
      body: { suggestionsSuspended: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.type).toBe('validation.failed');
    expect(res.body.error?.fields).toEqual([expect.objectContaining({ path: 'suggestionsSuspended' })]);
  });
});

describe('health and docs', () => {
  it('reports database and Redis ready', async () => {
    const res = await t.call<{ ok: boolean; checks: Record<string, { ok: boolean }> }>(
      'GET',
      '/health/ready',
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.checks.database?.ok).toBe(true);
    expect(res.body.data?.checks.redis?.ok).toBe(true);
  });

  it('answers 503 when the chain is unreachable, naming the dependency but none of its addresses', async () => {
    const configured = t.deps.config.CHAIN_RPC_URL;
    t.deps.config.CHAIN_RPC_URL = 'http://127.0.0.1:1/';
    try {
      const res = await t.call<{ checks: Record<string, { ok: boolean; error?: string }> }>(
        'GET',
        '/health/ready',
      );
      expect(res.status).toBe(503);
      expect(res.body.error?.type).toBe('health.not_ready');
      expect(res.body.data?.checks.chain).toMatchObject({ ok: false, error: 'unreachable' });
      expect(res.body.data?.checks.database?.ok).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    } finally {
      t.deps.config.CHAIN_RPC_URL = configured;
    }
  });

  it('serves an OpenAPI document built from the route schemas, and a readable page', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/current_user',
        '/api/upload/file',
        '/api/site/settings',
        '/api/health/ready',
      ]),
    );
    const html = await (await fetch(`${t.url}/api/docs`)).text();
    expect(html).toContain('/api/user/current_user');
  });
});
