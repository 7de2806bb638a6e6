import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communitySchema, communityTreeSchema, myCommunitiesSchema } from '@cr/contract/community.contract';
import { submissionListSchema, submissionSchema } from '@cr/contract/submission.contract';
import { users } from '@cr/core/db/schema';
import { eq } from 'drizzle-orm';
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
let seq = 0;
/** A country code no other test of this file uses (each test builds its own tree). */
const freshCountry = () => ['DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'PT', 'SE', 'NO'][seq++]!;

async function admin() {
  return makeUser(db(), { role: 'ADMIN' });
}
async function addCountry(token: string, country: string) {
  const res = await t.call('POST', '/community/country', { token, body: { country } });
  expect(res.status).toBe(200);
  return communitySchema.parse(res.body.data);
}
async function addSub(token: string, parentId: string, type: string, name: string) {
  return t.call('POST', '/community', { token, body: { parentId, type, name } });
}
async function upload(token: string) {
  const form = new FormData();
  const png = PNG.sync.write(new PNG({ width: 4, height: 4 }));
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const res = await fetch(`${t.url}/api/upload/file`, {
    method: 'POST',
    body: form,
    headers: { 'api-token': token },
  });
  return ((await res.json()) as { data: { url: string } }).data.url;
}
const organizerForm = (communityId: string, over: Record<string, unknown> = {}) => ({
  campaign: 'COMMUNITY_ORGANIZER',
  fullLegalName: 'Alice Organizer',
  occupation: 'Teacher',
  education: 'University',
  contributionCategory: 'BLOG',
  email: 'alice@example.org',
  communityId,
  ...over,
});

describe('communities', () => {
  it('only an admin adds a country; organizers add sub-communities; members cannot', async () => {
    const a = await admin();
    const m = await makeUser(db());
    const country = freshCountry();
    const refused = await t.call('POST', '/community/country', { token: m.token, body: { country } });
    expect(refused.status).toBe(403);
    const anon = await t.call('POST', '/community/country', { body: { country } });
    expect(anon.status).toBe(401);
    const root = await addCountry(a.token, country);
    const dup = await t.call('POST', '/community/country', { token: a.token, body: { country } });
    expect(dup.body.error?.type).toBe('community.country_exists');

    const byMember = await addSub(m.token, root._id, 'CITY', 'Berlin');
    expect(byMember.status).toBe(403);
    expect(byMember.body.error?.type).toBe('community.not_organizer');
    const asCountry = await addSub(a.token, root._id, 'COUNTRY', 'Nested');
    expect(asCountry.status).toBe(400);
    const short = await addSub(a.token, root._id, 'CITY', 'B');
    expect(short.status).toBe(400);

    const city = communitySchema.parse((await addSub(a.token, root._id, 'CITY', 'Berlin')).body.data);
    expect(city.parentId).toBe(root._id);
    expect(city.country).toBe(country);

    // An organizer of the city adds a school below it, but not beside it under the country.
    const org = await makeUser(db());
    const added = await t.call('POST', `/community/${city._id}/organizers`, {
      token: a.token,
      body: { userId: org.user.id },
    });
    expect(added.status).toBe(200);
    expect(communitySchema.parse(added.body.data).leader?._id).toBe(org.user.id);
    const [raised] = await db().select({ role: users.role }).from(users).where(eq(users.id, org.user.id));
    expect(raised?.role).toBe('LEADER');
    const school = await addSub(org.token, city._id, 'SCHOOL', 'TU Berlin');
    expect(school.status).toBe(200);
    const beside = await addSub(org.token, root._id, 'CITY', 'Munich');
    expect(beside.status).toBe(403);
    // A plain member cannot add organizers, rename, delete, or remove organizers.
    const byPlain = await t.call('POST', `/community/${city._id}/organizers`, {
      token: m.token,
      body: { userId: m.user.id },
    });
    expect(byPlain.status).toBe(403);
    expect(
      (await t.call('PUT', `/community/${city._id}`, { token: m.token, body: { name: 'X city' } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/community/${city._id}`, { token: org.token })).status).toBe(403);
    expect(
      (await t.call('DELETE', `/community/${city._id}/organizers/${org.user.id}`, { token: org.token }))
        .status,
    ).toBe(403);
    // The admin cannot delete a community with sub-communities.
    const withKids = await t.call('DELETE', `/community/${city._id}`, { token: a.token });
    expect(withKids.body.error?.type).toBe('community.has_children');

    const tree = communityTreeSchema.parse(
      (await t.call('GET', `/community?country=${country}`, { token: org.token })).body.data,
    );
    expect(tree.list.map((c) => c.type).sort()).toEqual(['CITY', 'COUNTRY', 'SCHOOL']);
    expect(tree.list.find((c) => c.type === 'SCHOOL')?.canManage).toBe(true);
    expect(tree.list.find((c) => c.type === 'COUNTRY')?.canManage).toBe(false);
  });

  it('members join and leave; joining twice and leaving when not a member are refused', async () => {
    const a = await admin();
    const root = await addCountry(a.token, freshCountry());
    const m = await makeUser(db());
    expect((await t.call('POST', `/community/${root._id}/join`, {})).status).toBe(401);
    const joined = await t.call('POST', `/community/${root._id}/join`, { token: m.token });
    expect(joined.status).toBe(200);
    expect(communitySchema.parse(joined.body.data)).toMatchObject({ myRole: 'MEMBER', memberCount: 1 });
    const again = await t.call('POST', `/community/${root._id}/join`, { token: m.token });
    expect(again.body.error?.type).toBe('community.already_member');
    const mine = myCommunitiesSchema.parse(
      (await t.call('GET', '/community/mine', { token: m.token })).body.data,
    );
    expect(mine.list.map((c) => c._id)).toEqual([root._id]);
    expect((await t.call('POST', `/community/${root._id}/leave`, { token: m.token })).status).toBe(200);
    const notMember = await t.call('POST', `/community/${root._id}/leave`, { token: m.token });
    expect(notMember.body.error?.type).toBe('community.not_member');
    const missing = await t.call('POST', `/community/00000000-0000-4000-8000-000000000000/join`, {
      token: m.token,
    });
    expect(missing.status).toBe(404);
  });

  it('organizer application: validated, approved by an admin only, which makes the author organizer', async () => {
    const a = await admin();
    const root = await addCountry(a.token, freshCountry());
    const m = await makeUser(db());
    const anon = await t.call('POST', '/submission/form', { body: organizerForm(root._id) });
    expect(anon.status).toBe(401);
    const bad = await t.call('POST', '/submission/form', {
      token: m.token,
      body: organizerForm(root._id, {
        fullLegalName: 'Al',
        occupation: '',
        email: 'nope',
        contributionCategory: 'X',
      }),
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body.error);
    for (const msg of ['full legal name', 'occupation', 'Invalid email', 'contribution category'])
      expect(text).toContain(msg);

    const ok = await t.call('POST', '/submission/form', { token: m.token, body: organizerForm(root._id) });
    expect(ok.status).toBe(200);
    const app = submissionSchema.parse(ok.body.data);
    expect(app).toMatchObject({ type: 'FORM_EXT', campaign: 'COMMUNITY_ORGANIZER', status: 'PENDING' });

    // Strangers cannot read the answers; members cannot approve.
    const other = await makeUser(db());
    expect((await t.call('GET', `/submission/${app._id}`, { token: other.token })).status).toBe(404);
    const selfApprove = await t.call('PUT', `/admin/submissions/${app._id}`, {
      token: m.token,
      body: { status: 'APPROVED' },
    });
    expect(selfApprove.status).toBe(403);
    const approved = await t.call('PUT', `/admin/submissions/${app._id}`, {
      token: a.token,
      body: { status: 'APPROVED', answer: 'Welcome aboard' },
    });
    expect(approved.status).toBe(200);
    const twice = await t.call('PUT', `/admin/submissions/${app._id}`, {
      token: a.token,
      body: { status: 'REJECTED' },
    });
    expect(twice.body.error?.type).toBe('submission.already_decided');
    const root2 = communitySchema.parse(
      (await t.call('GET', `/community/${root._id}`, { token: m.token })).body.data,
    );
    expect(root2.myRole).toBe('ORGANIZER');
    expect(root2.canManage).toBe(true);
    const forms = submissionListSchema.parse(
      (await t.call('GET', '/submission/mine?kind=forms', { token: m.token })).body.data,
    );
    expect(forms.list[0]).toMatchObject({ status: 'APPROVED', answer: 'Welcome aboard' });
    const again = await t.call('POST', '/submission/form', { token: m.token, body: organizerForm(root._id) });
    expect(again.body.error?.type).toBe('submission.already_organizer');
  });
});

describe('submissions', () => {
  it('issues: validation, own attachments only, security issues private to author and admins', async () => {
    const m = await makeUser(db());
    const other = await makeUser(db());
    const a = await admin();
    const empty = await t.call('POST', '/submission/issue', {
      token: m.token,
      body: { title: '', description: '' },
    });
    expect(empty.status).toBe(400);
    const long = await t.call('POST', '/submission/issue', {
      token: m.token,
      body: { title: 'x', description: 'y'.repeat(5001) },
    });
    expect(JSON.stringify(long.body.error)).toContain('at most 5000');
    const othersFile = await upload(other.token);
    const stolen = await t.call('POST', '/submission/issue', {
      token: m.token,
      body: { title: 'Bug', description: 'Broken', attachment: othersFile },
    });
    expect(stolen.body.error?.type).toBe('submission.attachment_invalid');

    const bug = submissionSchema.parse(
      (
        await t.call('POST', '/submission/issue', {
          token: m.token,
          body: { title: 'Bug', description: 'Broken', attachment: await upload(m.token) },
        })
      ).body.data,
    );
    expect(bug.type).toBe('BUG');
    const sec = submissionSchema.parse(
      (
        await t.call('POST', '/submission/issue', {
          token: m.token,
          body: { title: 'Leak', description: 'Secret', type: 'SECURITY_ISSUE' },
        })
      ).body.data,
    );
    expect((await t.call('GET', `/submission/${bug._id}`, { token: other.token })).status).toBe(200);
    expect((await t.call('GET', `/submission/${sec._id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', `/submission/${sec._id}`, { token: a.token })).status).toBe(200);
    expect((await t.call('GET', `/admin/submissions?kind=issues`, { token: other.token })).status).toBe(403);
    const adminList = submissionListSchema.parse(
      (await t.call('GET', '/admin/submissions?kind=issues', { token: a.token })).body.data,
    );
    expect(adminList.list.map((s) => s._id)).toEqual(expect.arrayContaining([bug._id, sec._id]));
    const mine = submissionListSchema.parse(
      (await t.call('GET', '/submission/mine?kind=issues', { token: m.token })).body.data,
    );
    expect(mine.list.map((s) => s._id).sort()).toEqual([bug._id, sec._id].sort());
    const othersMine = submissionListSchema.parse(
      (await t.call('GET', '/submission/mine?kind=issues', { token: other.token })).body.data,
    );
    expect(othersMine.total).toBe(0);
  });

  it('training form is refused while postponed; Empower35 while suspended', async () => {
    const a = await admin();
    const m = await makeUser(db());
    const training = {
      campaign: 'AMBASSADOR_TRAINING',
      fullLegalName: 'Bob Trainee',
      occupation: 'Engineer',
      education: 'College',
      contributionCategory: 'VIDEO',
      email: 'bob@example.org',
      community: 'Elastos Berlin',
    };
    const set = (body: Record<string, boolean>) =>
      t.call('PUT', '/admin/site/settings', { token: a.token, body });
    await set({ trainingPostponed: true, crclesSuspended: true });
    const postponed = await t.call('POST', '/submission/form', { token: m.token, body: training });
    expect(postponed.status).toBe(409);
    expect(postponed.body.error?.type).toBe('submission.training_postponed');
    await set({ trainingPostponed: false });
    expect((await t.call('POST', '/submission/form', { token: m.token, body: training })).status).toBe(200);
    const noCommunity = await t.call('POST', '/submission/form', {
      token: m.token,
      body: { ...training, community: '' },
    });
    expect(noCommunity.status).toBe(400);

    const empower = {
      campaign: 'EMPOWER_35',
      fullLegalName: 'Carol',
      email: 'carol@example.org',
      crcle: 'Marketing',
      experience: 'Ran campaigns',
    };
    const suspended = await t.call('POST', '/submission/form', { token: m.token, body: empower });
    expect(suspended.body.error?.type).toBe('submission.empower_suspended');
    await set({ crclesSuspended: false });
    const ok = await t.call('POST', '/submission/form', { token: m.token, body: empower });
    expect(submissionSchema.parse(ok.body.data).type).toBe('EMPOWER_35');
    const video = await t.call('POST', '/submission/form', {
      token: m.token,
      body: {
        campaign: 'ANNIVERSARY_VIDEO',
        fullLegalName: 'Carol',
        email: 'carol@example.org',
        title: 'My video',
        videoUrl: 'javascript:alert(1)',
      },
    });
    expect(video.status).toBe(400);
    await set({ trainingPostponed: true, crclesSuspended: true });
  });
});
