import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminUserDetailSchema,
  adminUserListSchema,
  auditListSchema,
  PERMISSION_ROLES,
  permissionListSchema,
  type Permission,
} from '@cr/contract/admin.contract';
import type { Role } from '@cr/contract/user.contract';
import { allRoutes } from '../src/routes';
import { hasRole } from '@cr/contract/roles.contract';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
const db = () => t.deps.database.db;
let admin: Awaited<ReturnType<typeof makeUser>>;
let superAdmin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApi();
  admin = await makeUser(db(), { role: 'ADMIN' });
  superAdmin = await makeUser(db(), { role: 'SUPER_ADMIN' });
});
afterAll(async () => {
  await t?.stop();
});

const ZERO = '00000000-0000-4000-8000-000000000000';
const adminRoutes = () => allRoutes().filter((r) => r.path.startsWith('/admin/'));
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, ZERO);
/** The HTTP status of a call (any body: CSV routes answer text). */
async function statusOf(method: string, path: string, token?: string): Promise<number> {
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'api-token': token } : {}) },
    body: method === 'GET' ? undefined : '{}',
  });
  await res.arrayBuffer();
  return res.status;
}

async function permissions(token = admin.token): Promise<Permission[]> {
  const res = await t.call('GET', '/admin/permission', { token });
  expect(res.status).toBe(200);
  return permissionListSchema.parse(res.body.data).list;
}
async function audit(query: string) {
  const res = await t.call('GET', `/admin/audit?${query}`, { token: admin.token });
  expect(res.status).toBe(200);
  return auditListSchema.parse(res.body.data).list;
}

describe('admin routes: who may call them', () => {
  it('every admin route is a live permission, refused to anonymous, member, leader, council, secretary and custom; allowed to admin and super admin', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const r of routes) expect(r.policy.kind, `${r.method} ${r.path}`).toBe('permission');
    const refused: Role[] = ['MEMBER', 'LEADER', 'COUNCIL', 'SECRETARY', 'CUSTOM'];
    const actors = await Promise.all(refused.map((role) => makeUser(db(), { role })));
    const deactivated = await makeUser(db(), { role: 'ADMIN', active: false });
    for (const r of routes) {
      const method = r.method.toUpperCase();
      const path = concrete(r.path);
      const anon = await statusOf(method, path);
      expect(anon, `anonymous ${method} ${path}`).toBe(401);
      const bad = await statusOf(method, path, 'not-a-token');
      expect(bad, `bad token ${method} ${path}`).toBe(401);
      const gone = await statusOf(method, path, deactivated.token);
      expect(gone, `deactivated ${method} ${path}`).toBe(401);
      for (const [i, a] of actors.entries()) {
        const status = await statusOf(method, path, a.token);
        expect(status, `${refused[i]} ${method} ${path}`).toBe(403);
      }
      for (const a of [admin, superAdmin]) {
        const status = await statusOf(method, path, a.token);
        expect([401, 403], `${a.user.role} ${method} ${path}`).not.toContain(status);
      }
    }
  });

  it('the OpenAPI document names each admin route’s permission', async () => {
    const res = await fetch(`${t.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { description: string }>> };
    const key = Object.keys(doc.paths).find((p) => p.endsWith('/admin/users'))!;
    expect(doc.paths[key]?.get?.description).toContain('Permission "GET /admin/users"');
  });
});

describe('users', () => {
  it('finds users by e-mail, name and DID; filters by role, DID and dates; sorts, pages and exports CSV', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await makeUser(db(), {
      email: `find_${tag}@example.org`,
      firstName: 'Zed',
      lastName: `Q${tag}`,
    });
    const b = await makeUser(db(), { role: 'LEADER', did: `did:elastos:i${tag}`, firstName: `R${tag}` });
    const list = async (q: string) => {
      const res = await t.call('GET', `/admin/users?${q}`, { token: admin.token });
      expect(res.status, q).toBe(200);
      return adminUserListSchema.parse(res.body.data);
    };
    expect((await list(`q=find_${tag}@EXAMPLE`)).list.map((u) => u._id)).toEqual([a.user.id]);
    expect((await list(`q=Zed Q${tag}`)).list.map((u) => u._id)).toEqual([a.user.id]);
    expect((await list(`q=i${tag}`)).list.map((u) => u._id)).toEqual([b.user.id]);
    expect((await list(`q=${tag}&role=LEADER`)).list.map((u) => u._id)).toEqual([b.user.id]);
    expect((await list(`q=${tag}&hasDid=false`)).list.map((u) => u._id)).toEqual([a.user.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`q=${tag}&createdFrom=${today}&createdTo=${today}`)).total).toBe(2);
    expect((await list(`q=${tag}&createdTo=2000-01-01`)).total).toBe(0);
    const sorted = await list(`q=${tag}&sort=email&order=asc`);
    expect(sorted.list.map((u) => u.email)).toEqual([...sorted.list.map((u) => u.email)].sort());
    const paged = await list('pageSize=2&page=1');
    expect(paged.list).toHaveLength(2);
    expect(paged.total).toBeGreaterThanOrEqual(4);
    const bad = await t.call('GET', '/admin/users?createdFrom=yesterday', { token: admin.token });
    expect(bad.status).toBe(400);

    const csv = await fetch(`${t.url}/api/admin/users/export.csv?q=${tag}`, {
      headers: { 'api-token': admin.token },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('username,email');
    expect(text).toContain(`find_${tag}@example.org`);
    expect(text.trim().split('\r\n')).toHaveLength(3);
  });

  it('changes a role (never to or from council or secretary, never one’s own) and records it', async () => {
    const target = await makeUser(db());
    const path = `/admin/users/${target.user.id}/role`;
    const ok = await t.call('PUT', path, { token: admin.token, body: { role: 'LEADER' } });
    expect(ok.status).toBe(200);
    expect(adminUserDetailSchema.parse(ok.body.data).role).toBe('LEADER');
    for (const role of ['COUNCIL', 'SECRETARY']) {
      const res = await t.call('PUT', path, { token: admin.token, body: { role } });
      expect(res.status, role).toBe(400);
    }
    const council = await makeUser(db(), { role: 'COUNCIL' });
    const fromCouncil = await t.call('PUT', `/admin/users/${council.user.id}/role`, {
      token: admin.token,
      body: { role: 'MEMBER' },
    });
    expect(fromCouncil.status).toBe(409);
    expect(fromCouncil.body.error?.type).toBe('admin.role_by_chain');
    const self = await t.call('PUT', `/admin/users/${admin.user.id}/role`, {
      token: admin.token,
      body: { role: 'MEMBER' },
    });
    expect(self.body.error?.type).toBe('admin.not_yourself');
    const toSuper = await t.call('PUT', path, { token: admin.token, body: { role: 'SUPER_ADMIN' } });
    expect(toSuper.body.error?.type).toBe('admin.super_admin_only');
    const entries = await audit(`targetId=${target.user.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'user.role',
      actor: { _id: admin.user.id },
      before: { role: 'MEMBER' },
      after: { role: 'LEADER' },
    });
    expect(entries[0]!.requestId).toBeTruthy();
  });

  it('deactivating ends the user’s sessions at once; reactivating lets them sign in again', async () => {
    const target = await makeUser(db());
    expect((await t.call('GET', '/user/current_user', { token: target.token })).status).toBe(200);
    const off = await t.call('PUT', `/admin/users/${target.user.id}/active`, {
      token: admin.token,
      body: { active: false, reason: 'spam account' },
    });
    expect(off.status).toBe(200);
    const detail = adminUserDetailSchema.parse(off.body.data);
    expect(detail.active).toBe(false);
    expect(detail.sessions.every((s) => s.revokedAt)).toBe(true);
    expect((await t.call('GET', '/user/current_user', { token: target.token })).status).toBe(401);
    const on = await t.call('PUT', `/admin/users/${target.user.id}/active`, {
      token: admin.token,
      body: { active: true },
    });
    expect(adminUserDetailSchema.parse(on.body.data).active).toBe(true);
    // The old session stays ended.
    expect((await t.call('GET', '/user/current_user', { token: target.token })).status).toBe(401);
    const actions = (await audit(`targetId=${target.user.id}`)).map((e) => e.action);
    expect(actions).toEqual(['user.reactivate', 'user.deactivate']);
    const profile = await t.call('GET', `/admin/users/${target.user.id}`, { token: admin.token });
    expect(adminUserDetailSchema.parse(profile.body.data).activity.map((e) => e.action)).toEqual(actions);
  });

  it('resets a DID binding only with a stated reason', async () => {
    const target = await makeUser(db(), { did: `did:elastos:r${Math.random().toString(36).slice(2, 9)}` });
    const path = `/admin/users/${target.user.id}/did-reset`;
    const noReason = await t.call('POST', path, { token: admin.token, body: { reason: 'x' } });
    expect(noReason.status).toBe(400);
    const ok = await t.call('POST', path, {
      token: admin.token,
      body: { reason: 'Lost the wallet; verified by e-mail' },
    });
    expect(ok.status).toBe(200);
    expect(adminUserDetailSchema.parse(ok.body.data).did).toBeNull();
    const again = await t.call('POST', path, {
      token: admin.token,
      body: { reason: 'Lost the wallet; verified by e-mail' },
    });
    expect(again.body.error?.type).toBe('admin.no_did');
    const [entry] = await audit(`targetId=${target.user.id}`);
    expect(entry).toMatchObject({ action: 'user.did_reset', reason: 'Lost the wallet; verified by e-mail' });
    expect((entry!.before as { did: string }).did).toBe(target.user.did);
  });
});

describe('live permissions', () => {
  it('a withdrawn grant refuses the next request without restart; restoring it lets it through', async () => {
    const perm = (await permissions()).find((p) => p.name === 'GET /admin/users')!;
    expect(perm.roles.sort()).toEqual(['ADMIN', 'SUPER_ADMIN']);
    const revoke = await t.call('PUT', '/admin/permission/grant', {
      token: superAdmin.token,
      body: { permissionId: perm._id, role: 'ADMIN', granted: false },
    });
    expect(revoke.status).toBe(200);
    expect((await t.call('GET', '/admin/users', { token: admin.token })).status).toBe(403);
    expect((await t.call('GET', '/admin/users', { token: superAdmin.token })).status).toBe(200);
    // Granting it to a member opens it to members (the matrix decides, not the rank).
    const member = await makeUser(db());
    await t.call('PUT', '/admin/permission/grant', {
      token: superAdmin.token,
      body: { permissionId: perm._id, role: 'MEMBER', granted: true },
    });
    expect((await t.call('GET', '/admin/users', { token: member.token })).status).toBe(200);
    for (const role of ['MEMBER', 'ADMIN'] as const)
      await t.call('PUT', '/admin/permission/grant', {
        token: superAdmin.token,
        body: { permissionId: perm._id, role, granted: role === 'ADMIN' },
      });
    expect((await t.call('GET', '/admin/users', { token: admin.token })).status).toBe(200);
    expect((await t.call('GET', '/admin/users', { token: member.token })).status).toBe(403);
    const actions = (await audit(`targetId=${perm._id}`)).map((e) => e.action);
    expect(actions).toEqual([
      'permission.grant',
      'permission.revoke',
      'permission.grant',
      'permission.revoke',
    ]);
  });

  it("a member's action is a permission every role holds at first; withdrawn from MEMBER it refuses members only, and the account's own routes are never permissions", async () => {
    const list = await permissions();
    const search = list.find((p) => p.name === 'GET /user/search')!;
    expect(search.roles.sort()).toEqual([...PERMISSION_ROLES].sort());
    expect(list.find((p) => p.name === 'POST /suggestion')?.roles).toContain('MEMBER');
    for (const kept of ['GET /user/current_user', 'POST /user/logout', 'PUT /user/profile/basic'])
      expect(
        list.find((p) => p.name === kept),
        kept,
      ).toBeUndefined();
    const member = await makeUser(db());
    const leader = await makeUser(db(), { role: 'LEADER' });
    const find = '/user/search?q=ab';
    expect((await t.call('GET', find, { token: member.token })).status).toBe(200);
    const grant = (granted: boolean) =>
      t.call('PUT', '/admin/permission/grant', {
        token: admin.token,
        body: { permissionId: search._id, role: 'MEMBER', granted },
      });
    expect((await grant(false)).status).toBe(200);
    const refused = await t.call('GET', find, { token: member.token });
    expect(refused.status).toBe(403);
    expect((await t.call('GET', find, { token: leader.token })).status).toBe(200);
    expect((await t.call('GET', '/user/current_user', { token: member.token })).status).toBe(200);
    expect((await grant(true)).status).toBe(200);
    expect((await t.call('GET', find, { token: member.token })).status).toBe(200);
  });

  it('a route without any grant is refused to everyone (deny by default); the super admin keeps the permission page', async () => {
    const perm = (await permissions()).find((p) => p.name === 'GET /admin/audit')!;
    for (const role of ['ADMIN', 'SUPER_ADMIN'])
      await t.call('PUT', '/admin/permission/grant', {
        token: superAdmin.token,
        body: { permissionId: perm._id, role, granted: false },
      });
    expect((await t.call('GET', '/admin/audit', { token: superAdmin.token })).status).toBe(403);
    for (const role of ['ADMIN', 'SUPER_ADMIN'])
      await t.call('PUT', '/admin/permission/grant', {
        token: superAdmin.token,
        body: { permissionId: perm._id, role, granted: true },
      });
    expect((await t.call('GET', '/admin/audit', { token: superAdmin.token })).status).toBe(200);
    const page = (await permissions()).find((p) => p.name === 'PUT /admin/permission/grant')!;
    const lockout = await t.call('PUT', '/admin/permission/grant', {
      token: superAdmin.token,
      body: { permissionId: page._id, role: 'SUPER_ADMIN', granted: false },
    });
    expect(lockout.body.error?.type).toBe('admin.lockout');
  });
});

describe('audit log', () => {
  it('site settings changes are audited; entries cannot be changed or deleted', async () => {
    const res = await t.call('PUT', '/admin/site/settings', {
      token: admin.token,
      body: { suggestionsSuspended: true },
    });
    expect(res.status).toBe(200);
    await t.call('PUT', '/admin/site/settings', {
      token: admin.token,
      body: { suggestionsSuspended: false },
    });
    const [last] = await audit('action=site.settings');
    expect(last).toMatchObject({
      before: { suggestionsSuspended: true },
      after: { suggestionsSuspended: false },
    });
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await audit('action=site.settings')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('introduction video', () => {
  it('an admin publishes an https video file for /video (audited); other addresses are refused and change nothing; an empty value takes it off', async () => {
    const put = (introVideoUrl: unknown, token = admin.token) =>
      t.call('PUT', '/admin/site/settings', { token, body: { introVideoUrl } });
    const read = async () =>
      (await t.call('GET', '/site/settings')).body.data as { introVideoUrl: string | null };
    expect((await read()).introVideoUrl).toBeNull();
    for (const bad of [
      'http://video.example.org/intro.mp4',
      'https://video.example.org/intro.html',
      'javascript:alert(1)',
      'not a url',
      `https://video.example.org/${'a'.repeat(500)}.mp4`,
    ]) {
      const res = await put(bad);
      expect(res.status, bad).toBe(400);
      expect((res.body.error?.fields as { message: string }[] | undefined)?.[0]?.message).toBe(
        'Please enter the https address of a video file (.mp4 or .webm).',
      );
    }
    const member = await makeUser(db());
    expect((await put('https://video.example.org/intro.mp4', member.token)).status).toBe(403);
    expect((await read()).introVideoUrl).toBeNull();
    const ok = await put('  https://video.example.org/media/intro.mp4  ');
    expect(ok.status).toBe(200);
    expect((await read()).introVideoUrl).toBe('https://video.example.org/media/intro.mp4');
    expect((await put('')).status).toBe(200);
    expect((await read()).introVideoUrl).toBeNull();
    const entries = await audit('action=site.settings');
    expect(entries.slice(0, 2).map((e) => e.after)).toEqual([
      { introVideoUrl: null },
      { introVideoUrl: 'https://video.example.org/media/intro.mp4' },
    ]);
  });
});

describe('generated authorization (every route × every actor kind)', () => {
  it('each route’s policy decides as expected: anonymous, bad token, deactivated, member, other member, leader, council, secretary, admin', async () => {
    const kinds: Array<{ kind: string; role: Role | null; token: () => Promise<string | undefined> }> = [
      { kind: 'anonymous', role: null, token: async () => undefined },
      { kind: 'bad token', role: null, token: async () => 'not-a-token' },
      {
        kind: 'deactivated',
        role: null,
        token: async () => (await makeUser(db(), { role: 'ADMIN', active: false })).token,
      },
      ...(['MEMBER', 'MEMBER', 'LEADER', 'COUNCIL', 'SECRETARY', 'ADMIN'] as Role[]).map((role, i) => ({
        kind: i === 1 ? 'other member' : role,
        role,
        token: async () => (await makeUser(db(), { role })).token,
      })),
    ];
    const readTokens = await Promise.all(kinds.map((k) => k.token()));
    const violations: string[] = [];
    const routes = allRoutes().filter((r) => r.policy.kind !== 'dev');
    // Every route names a known policy (the type demands one; this catches a cast or a new kind).
    for (const r of allRoutes())
      if (!['public', 'auth', 'role', 'permission', 'dev'].includes(r.policy?.kind))
        violations.push(`${r.method.toUpperCase()} ${r.path} has no policy`);
    expect(routes.filter((r) => r.method !== 'get').length).toBeGreaterThan(40);
    for (const r of routes) {
      const p = r.policy;
      const path = concrete(r.path);
      for (const [i, k] of kinds.entries()) {
        // A write may end the actor's session (logout) or change their state: each write gets a fresh actor.
        const token = r.method === 'get' ? readTokens[i] : await k.token();
        const res = await fetch(`${t.url}/api${path}`, {
          method: r.method.toUpperCase(),
          headers: {
            ...(token ? { 'api-token': token } : {}),
            ...(r.method === 'get' ? {} : { 'content-type': 'application/json' }),
          },
          body: r.method === 'get' ? undefined : '{}',
          redirect: 'manual',
        });
        const text = await res.text();
        const type =
          res.status === 403 ? ((JSON.parse(text) as { error?: { type?: string } }).error?.type ?? '') : '';
        const refusedByPolicy = res.status === 401 || (res.status === 403 && type === 'auth.forbidden');
        let expected: boolean;
        if (p.kind === 'public') expected = true;
        else if (!k.role) expected = false;
        else if (p.kind === 'auth') expected = true;
        else if (p.kind === 'role') expected = hasRole(k.role, p.role);
        else if (p.kind === 'permission') expected = p.defaultRoles.includes(k.role);
        else expected = false;
        // A public route may still answer 401 to a bad token only when it needs one; policy must never refuse it.
        if (expected && refusedByPolicy && p.kind !== 'public')
          violations.push(`${k.kind} refused ${r.method.toUpperCase()} ${r.path} (${res.status})`);
        if (!expected && !refusedByPolicy)
          violations.push(`${k.kind} let through ${r.method.toUpperCase()} ${r.path} (${res.status})`);
      }
    }
    expect(violations).toEqual([]);
  }, 300_000);
});
