import { PNG } from 'pngjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamDetailSchema, teamListSchema, teamMessages } from '@cr/contract/team.contract';
import { teamMembers } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const M = teamMessages;
const LONG = 'A team that builds tools for the community.';

async function createTeam(token: string, body: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/team', {
    token,
    body: { name: `Team ${Math.random().toString(36).slice(2, 7)}`, description: LONG, ...body },
  });
  return res;
}
const teamId = (res: { body: { data?: unknown } }) => teamDetailSchema.parse(res.body.data)._id;

async function setCrclesSuspended(adminToken: string, value: boolean) {
  const res = await t.call('PUT', '/admin/site/settings', {
    token: adminToken,
    body: { crclesSuspended: value },
  });
  expect(res.status).toBe(200);
}

async function upload(token: string) {
  const img = new PNG({ width: 4, height: 4 });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG.sync.write(img))], { type: 'image/png' }), 'p.png');
  const res = await fetch(`${t.url}/api/upload/file`, {
    method: 'POST',
    body: form,
    headers: { 'api-token': token },
  });
  return ((await res.json()) as { data: { url: string } }).data.url;
}

describe('teams', () => {
  it('create: name and description need minimum lengths; a member cannot create a CRcle', async () => {
    const owner = await makeUser(db());
    const short = await t.call('POST', '/team', {
      token: owner.token,
      body: { name: 'ab', description: 'short' },
    });
    expect(short.status).toBe(400);
    const messages = JSON.stringify(short.body.error);
    expect(messages).toContain(M['team.name_short']);
    expect(messages).toContain(M['team.description_short']);

    const anon = await t.call('POST', '/team', { body: { name: 'Anon team', description: LONG } });
    expect(anon.status).toBe(401);

    const crcle = await createTeam(owner.token, { type: 'CRCLE', subcategory: 'DEVELOPER' });
    expect(crcle.status).toBe(403);
    expect(crcle.body.error?.type).toBe('team.crcle_admin_only');

    const ok = await createTeam(owner.token, { tags: ['defi'], recruiting: ['PYTHON'] });
    expect(ok.status).toBe(200);
    const team = teamDetailSchema.parse(ok.body.data);
    expect(team.owner._id).toBe(owner.user.id);
    expect(team.members.map((m) => [m.user._id, m.role, m.status])).toEqual([
      [owner.user.id, 'OWNER', 'NORMAL'],
    ]);
    expect(team.myMembership).toEqual({ role: 'OWNER', status: 'NORMAL' });
  });

  it('pictures must be the caller’s own uploads', async () => {
    const owner = await makeUser(db());
    const other = await makeUser(db());
    const theirs = await upload(other.token);
    const refused = await createTeam(owner.token, { pictures: [theirs] });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.type).toBe('team.picture_invalid');
    const mine = await upload(owner.token);
    const ok = await createTeam(owner.token, { pictures: [mine] });
    expect(teamDetailSchema.parse(ok.body.data).pictures).toEqual([mine]);
  });

  it('only the owner edits, approves, rejects, removes and transfers; the owner cannot leave', async () => {
    const owner = await makeUser(db());
    const alice = await makeUser(db());
    const bob = await makeUser(db());
    const id = teamId(await createTeam(owner.token));

    const edit = { name: 'Renamed team', description: LONG };
    const notOwnerEdit = await t.call('PUT', `/team/${id}`, { token: alice.token, body: edit });
    expect([notOwnerEdit.status, notOwnerEdit.body.error?.type]).toEqual([403, 'team.not_owner']);
    expect((await t.call('PUT', `/team/${id}`, { token: owner.token, body: edit })).status).toBe(200);

    expect((await t.call('POST', `/team/${id}/apply`, { token: alice.token, body: {} })).status).toBe(200);
    const twice = await t.call('POST', `/team/${id}/apply`, { token: alice.token, body: {} });
    expect([twice.status, twice.body.error?.type]).toEqual([409, 'team.already_member']);
    expect((await t.call('POST', `/team/${id}/apply`, { token: bob.token, body: {} })).status).toBe(200);

    // An applicant sees only their own application; the owner sees both.
    const seenByAlice = teamDetailSchema.parse(
      (await t.call('GET', `/team/${id}`, { token: alice.token })).body.data,
    );
    expect(seenByAlice.applications.map((a) => a.user._id)).toEqual([alice.user.id]);
    const anonView = teamDetailSchema.parse((await t.call('GET', `/team/${id}`)).body.data);
    expect(anonView.applications).toEqual([]);

    const selfApprove = await t.call('POST', `/team/${id}/members/${alice.user.id}/approve`, {
      token: alice.token,
    });
    expect([selfApprove.status, selfApprove.body.error?.type]).toEqual([403, 'team.not_owner']);
    const approve = await t.call('POST', `/team/${id}/members/${alice.user.id}/approve`, {
      token: owner.token,
    });
    expect(teamDetailSchema.parse(approve.body.data).members.map((m) => m.user._id)).toContain(alice.user.id);
    const again = await t.call('POST', `/team/${id}/members/${alice.user.id}/approve`, {
      token: owner.token,
    });
    expect([again.status, again.body.error?.type]).toEqual([409, 'team.not_pending']);

    const rejectByMember = await t.call('POST', `/team/${id}/members/${bob.user.id}/reject`, {
      token: alice.token,
    });
    expect(rejectByMember.status).toBe(403);
    expect(
      (await t.call('POST', `/team/${id}/members/${bob.user.id}/reject`, { token: owner.token })).status,
    ).toBe(200);

    const removeByMember = await t.call('DELETE', `/team/${id}/members/${owner.user.id}`, {
      token: alice.token,
    });
    expect([removeByMember.status, removeByMember.body.error?.type]).toEqual([403, 'team.not_owner']);
    const ownerLeaves = await t.call('POST', `/team/${id}/leave`, { token: owner.token });
    expect([ownerLeaves.status, ownerLeaves.body.error?.type]).toEqual([409, 'team.owner_cannot_leave']);

    const transferByMember = await t.call('POST', `/team/${id}/transfer`, {
      token: alice.token,
      body: { userId: alice.user.id },
    });
    expect([transferByMember.status, transferByMember.body.error?.type]).toEqual([403, 'team.not_owner']);
    const toRejected = await t.call('POST', `/team/${id}/transfer`, {
      token: owner.token,
      body: { userId: bob.user.id },
    });
    expect([toRejected.status, toRejected.body.error?.type]).toEqual([409, 'team.not_member']);
    const transfer = await t.call('POST', `/team/${id}/transfer`, {
      token: owner.token,
      body: { userId: alice.user.id },
    });
    const after = teamDetailSchema.parse(transfer.body.data);
    expect(after.owner._id).toBe(alice.user.id);
    expect(after.myMembership).toEqual({ role: 'MEMBER', status: 'NORMAL' });
    // The former owner lost the owner's rights.
    const oldOwnerEdit = await t.call('PUT', `/team/${id}`, { token: owner.token, body: edit });
    expect(oldOwnerEdit.status).toBe(403);
    // The new owner removes the former owner, who then cannot leave twice.
    expect(
      (await t.call('DELETE', `/team/${id}/members/${owner.user.id}`, { token: alice.token })).status,
    ).toBe(200);
    const gone = await t.call('POST', `/team/${id}/leave`, { token: owner.token });
    expect([gone.status, gone.body.error?.type]).toEqual([404, 'team.not_member']);

    const mine = await t.call('GET', '/team/mine', { token: bob.token });
    expect((mine.body.data as { applied: { _id: string }[] }).applied.map((x) => x._id)).toEqual([id]);
  });

  it('lists with search and paging', async () => {
    const owner = await makeUser(db());
    const tag = Math.random().toString(36).slice(2, 8);
    await createTeam(owner.token, { name: `Zeta ${tag}` });
    await createTeam(owner.token, { name: 'Other', tags: [tag] });
    const found = teamListSchema.parse((await t.call('GET', `/team?type=TEAM&q=${tag}`)).body.data);
    expect(found.total).toBe(2);
    expect(found.list.every((x) => x.type === 'TEAM')).toBe(true);
    const none = teamListSchema.parse((await t.call('GET', `/team?type=CRCLE&q=${tag}`)).body.data);
    expect(none.total).toBe(0);

    // The reader's membership rides on each row: the owner sees OWNER on both, a stranger and a visitor nothing.
    const stranger = await makeUser(db());
    const as = async (token?: string) =>
      teamListSchema.parse((await t.call('GET', `/team?type=TEAM&q=${tag}`, { token })).body.data).list;
    expect((await as(owner.token)).map((x) => x.myMembership)).toEqual([
      { role: 'OWNER', status: 'NORMAL' },
      { role: 'OWNER', status: 'NORMAL' },
    ]);
    expect((await as(stranger.token)).map((x) => x.myMembership)).toEqual([null, null]);
    expect((await as()).map((x) => x.myMembership)).toEqual([null, null]);
    // A page past the end still says how many there are.
    const past = teamListSchema.parse((await t.call('GET', `/team?type=TEAM&q=${tag}&page=5`)).body.data);
    expect([past.list.length, past.total]).toEqual([0, 2]);
  });
});

describe('CRcles', () => {
  async function crcles(n: number) {
    const admin = await makeUser(db(), { role: 'ADMIN' });
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push(teamId(await createTeam(admin.token, { type: 'CRCLE', subcategory: 'ESSENTIAL' })));
    return { admin, ids };
  }

  it('applications are refused while CRcles are suspended, then a third CRcle is refused', async () => {
    const { admin, ids } = await crcles(3);
    const member = await makeUser(db());
    await setCrclesSuspended(admin.token, true);
    const suspended = await t.call('POST', `/team/${ids[0]}/apply`, { token: member.token, body: {} });
    expect([suspended.status, suspended.body.error?.type]).toEqual([409, 'team.crcles_suspended']);
    // Listing goes on while suspended.
    expect(teamListSchema.parse((await t.call('GET', '/team?type=CRCLE')).body.data).total).toBeGreaterThan(
      0,
    );

    await setCrclesSuspended(admin.token, false);
    for (const id of ids.slice(0, 2))
      expect((await t.call('POST', `/team/${id}/apply`, { token: member.token, body: {} })).status).toBe(200);
    const third = await t.call('POST', `/team/${ids[2]}/apply`, { token: member.token, body: {} });
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({
      type: 'team.crcle_limit',
      message: 'You can only join 2 CRcles',
    });

    // The current user names the CRcles they belong to (approved only).
    await t.call('POST', `/team/${ids[0]}/members/${member.user.id}/approve`, { token: admin.token });
    const me = await t.call<{ circles: { _id: string }[] }>('GET', '/user/current_user', {
      token: member.token,
    });
    expect(me.body.data?.circles.map((c) => c._id)).toEqual([ids[0]]);

    // After leaving one, the third is possible.
    expect((await t.call('POST', `/team/${ids[0]}/leave`, { token: member.token })).status).toBe(200);
    expect((await t.call('POST', `/team/${ids[2]}/apply`, { token: member.token, body: {} })).status).toBe(
      200,
    );
  });

  it('concurrent applications never exceed 2 CRcles; the database refuses a third row written directly', async () => {
    const { admin, ids } = await crcles(5);
    await setCrclesSuspended(admin.token, false);
    const member = await makeUser(db());
    const results = await Promise.all(
      ids.map((id) => t.call('POST', `/team/${id}/apply`, { token: member.token, body: {} })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error?.type).toBe('team.crcle_limit');
    const mine = await t.call('GET', '/team/mine', { token: member.token });
    expect((mine.body.data as { applied: unknown[] }).applied).toHaveLength(2);

    // Bypassing the service: the trigger still refuses.
    const joined = new Set((mine.body.data as { applied: { _id: string }[] }).applied.map((x) => x._id));
    const other = ids.find((id) => !joined.has(id))!;
    await expect(
      db()
        .insert(teamMembers)
        .values({ teamId: other, userId: member.user.id, role: 'MEMBER', status: 'NORMAL' }),
    ).rejects.toThrow();
  });

  it('posting requires membership; everyone reads', async () => {
    const { admin, ids } = await crcles(1);
    const id = ids[0]!;
    await setCrclesSuspended(admin.token, false);
    const member = await makeUser(db());
    const outsider = await makeUser(db());
    const post = (token: string, content = 'Hello CRcle') =>
      t.call('POST', `/team/${id}/posts`, { token, body: { content } });

    const byOutsider = await post(outsider.token);
    expect([byOutsider.status, byOutsider.body.error?.type]).toEqual([403, 'team.post_members_only']);
    await t.call('POST', `/team/${id}/apply`, { token: member.token, body: {} });
    const byApplicant = await post(member.token);
    expect([byApplicant.status, byApplicant.body.error?.type]).toEqual([403, 'team.post_members_only']);
    await t.call('POST', `/team/${id}/members/${member.user.id}/approve`, { token: admin.token });
    const empty = await post(member.token, '   ');
    expect(empty.status).toBe(400);
    expect((await post(member.token)).status).toBe(200);
    expect((await t.call('POST', `/team/${id}/posts`, { body: { content: 'x' } })).status).toBe(401);

    const read = await t.call('GET', `/team/${id}/posts`);
    expect((read.body.data as { list: { content: string }[] }).list.map((p) => p.content)).toEqual([
      'Hello CRcle',
    ]);

    const owner = await makeUser(db());
    const teamOnly = teamId(await createTeam(owner.token));
    const inTeam = await t.call('POST', `/team/${teamOnly}/posts`, {
      token: owner.token,
      body: { content: 'x' },
    });
    expect([inTeam.status, inTeam.body.error?.type]).toEqual([400, 'team.posts_crcle_only']);
  });
});

describe('member search (GET /api/members)', () => {
  it('filters by skill, profession and country; signed in only; never an e-mail', async () => {
    const me = await makeUser(db());
    const tag = Math.random().toString(36).slice(2, 8);
    const dev = await makeUser(db(), {
      username: `dev_${tag}`,
      country: 'DE',
      profile: { skillsets: ['PYTHON'], profession: 'ENGINEERING' },
    });
    await makeUser(db(), {
      username: `designer_${tag}`,
      country: 'DE',
      profile: { skillsets: ['LOGO_DESIGN'] },
    });
    expect((await t.call('GET', '/members')).status).toBe(401);
    const bySkill = await t.call('GET', `/members?q=${tag}&skillset=PYTHON`, { token: me.token });
    expect(bySkill.status).toBe(200);
    const list = (bySkill.body.data as { list: { _id: string; profession: string | null }[] }).list;
    expect(list.map((m) => m._id)).toEqual([dev.user.id]);
    expect(JSON.stringify(bySkill.body)).not.toContain('@example.org');
    const byCountry = await t.call('GET', `/members?q=${tag}&country=de`, { token: me.token });
    expect((byCountry.body.data as { total: number }).total).toBe(2);
    const bad = await t.call('GET', '/members?profession=astronaut', { token: me.token });
    expect(bad.status).toBe(400);
  });
});

describe('an admin removing a team', () => {
  it('needs admin rights and a reason, removes the team with its members, and records it in the audit log', async () => {
    const owner = await makeUser(db());
    const joiner = await makeUser(db());
    const admin = await makeUser(db(), { role: 'ADMIN' });
    const council = await makeUser(db(), { role: 'COUNCIL' });
    const id = teamId(await createTeam(owner.token, { name: 'Spam team' }));
    await t.call('POST', `/team/${id}/apply`, { token: joiner.token, body: {} });
    const remove = (token: string | undefined, reason: unknown) =>
      t.call('POST', `/admin/team/${id}/remove`, { token, body: { reason } });

    expect((await remove(undefined, 'Spam and abuse')).status).toBe(401);
    for (const who of [owner, council]) expect((await remove(who.token, 'Spam and abuse')).status).toBe(403);
    const noReason = await remove(admin.token, ' no ');
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body.error)).toContain(M['team.reason_required']);
    expect((await t.call('GET', `/team/${id}`)).status).toBe(200);

    expect((await remove(admin.token, 'Spam and abuse reported twice')).status).toBe(200);
    expect((await t.call('GET', `/team/${id}`)).status).toBe(404);
    expect(await db().select().from(teamMembers).where(eq(teamMembers.teamId, id))).toHaveLength(0);
    expect((await remove(admin.token, 'Spam and abuse reported twice')).status).toBe(404);

    const audit = await t.call<{ list: { action: string; targetId: string; reason: string | null }[] }>(
      'GET',
      '/admin/audit?action=team.remove',
      { token: admin.token },
    );
    expect(audit.status).toBe(200);
    expect(audit.body.data!.list).toContainEqual(
      expect.objectContaining({
        action: 'team.remove',
        targetId: id,
        reason: 'Spam and abuse reported twice',
      }),
    );
  });
});
