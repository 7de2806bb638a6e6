import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elipDetailSchema, elipListSchema, elipMessages } from '@cr/contract/elip.contract';
import { releaseListSchema } from '@cr/contract/release.contract';
import { councilMembers, councilTerms } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';
import { requestWallet, walletsFor } from './wallet-harness';

let t: TestApi;
let w: ReturnType<typeof walletsFor>;
beforeAll(async () => {
  t = await startTestApi({}, { did: true });
  w = walletsFor(t);
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const M = elipMessages;

const body = (extra: Record<string, unknown> = {}) => ({
  title: 'Sidechain fee market',
  type: 'STANDARD_TRACK',
  language: 'en',
  abstract: 'A fee market for side chains.',
  motivation: 'Fees are fixed today.',
  specification: 'Blocks carry a base fee.',
  copyright: 'CC0',
  ...extra,
});

async function create(token: string, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/elip', { token, body: body(extra) });
  expect(res.status).toBe(200);
  return elipDetailSchema.parse(res.body.data);
}
const move = (token: string, id: string, m: string) =>
  t.call('POST', `/elip/${id}/status`, { token, body: { move: m } });
const propose = (token: string, id: string) => t.call('POST', `/elip/${id}/proposal`, { token });
const review = (token: string, id: string, decision: string, comment = '') =>
  t.call('POST', `/elip/${id}/review`, { token, body: { decision, comment } });
const statusOf = async (token: string, id: string) =>
  elipDetailSchema.parse((await t.call('GET', `/elip/${id}`, { token })).body.data).status;

async function seat(did: string, term = 1) {
  await db()
    .insert(councilTerms)
    .values({
      term,
      startHeight: 1,
      endHeight: 10_000_000,
      electionStartHeight: 9_000_000,
      seats: 12,
      seated: 1,
    })
    .onConflictDoNothing();
  await db()
    .insert(councilMembers)
    .values({ term, memberId: `m-${did}`, did, qx: '00', qy: '00', seatedHeight: 1 });
}

describe('ELIPs', () => {
  it('create: required sections, 3,000 words counted as the spec, language en or zh, login required', async () => {
    const { token } = await makeUser(db());
    const anon = await t.call('POST', '/elip', { body: body() });
    expect(anon.status).toBe(401);

    const missing = await t.call('POST', '/elip', { token, body: body({ abstract: '', copyright: '' }) });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error)).toContain(M['elip.required']);

    // 3 one-word sections + 2,996 Latin words + "区块" (2 CJK words) = 3,001: refused; one character fewer passes.
    const latin = Array.from({ length: 2996 }, (_, i) => `w${i}`).join(' ');
    const over = await t.call('POST', '/elip', {
      token,
      body: body({ abstract: 'x', motivation: 'y', specification: latin + ' 区块', copyright: 'c' }),
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body.error)).toContain(M['elip.words_max']);
    const exact = await t.call('POST', '/elip', {
      token,
      body: body({ abstract: 'x', motivation: 'y', specification: latin + ' 区', copyright: 'c' }),
    });
    expect(exact.status).toBe(200);

    const lang = await t.call('POST', '/elip', { token, body: body({ language: 'fr' }) });
    expect(lang.status).toBe(400);
    expect(JSON.stringify(lang.body.error)).toContain(M['elip.language']);

    const e = await create(token);
    expect(e.status).toBe('PERSONAL_DRAFT');
    const e2 = await create(token);
    expect(e2.number).toBe(e.number + 1);
  });

  it('the whole flow, and every move from the wrong status or by the wrong person is refused', async () => {
    const author = await makeUser(db());
    const other = await makeUser(db());
    const secretary = await makeUser(db(), { role: 'SECRETARY' });
    const councilRoleOnly = await makeUser(db(), { role: 'COUNCIL' });
    const e = await create(author.token);

    // A personal draft is private: others get 404, the secretariat sees it.
    expect((await t.call('GET', `/elip/${e._id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', `/elip/${e._id}`)).status).toBe(404);
    expect((await t.call('GET', `/elip/${e.number}`, { token: secretary.token })).status).toBe(200);

    // Wrong person: edit, move, delete by someone else; review by a member or a council member.
    expect((await t.call('PUT', `/elip/${e._id}`, { token: secretary.token, body: body() })).status).toBe(
      403,
    );
    expect((await move(secretary.token, e._id, 'submit')).status).toBe(403);
    expect((await t.call('DELETE', `/elip/${e._id}`, { token: secretary.token })).status).toBe(403);
    // Wrong status: the secretariat cannot review a personal draft; the author cannot jump ahead.
    expect((await review(secretary.token, e._id, 'APPROVED')).status).toBe(409);
    for (const m of ['finalReview', 'cancel']) {
      const r = await move(author.token, e._id, m);
      expect(r.status).toBe(409);
      expect(r.body.error?.type).toBe('elip.wrong_status');
    }

    expect((await move(author.token, e._id, 'submit')).status).toBe(200);
    expect(await statusOf(author.token, e._id)).toBe('WAIT_FOR_REVIEW');
    // Waiting for review: no edit, no delete, no second submit; only the secretariat reviews.
    expect((await t.call('PUT', `/elip/${e._id}`, { token: author.token, body: body() })).status).toBe(409);
    expect((await t.call('DELETE', `/elip/${e._id}`, { token: author.token })).status).toBe(409);
    expect((await move(author.token, e._id, 'submit')).status).toBe(409);
    for (const who of [author, other, councilRoleOnly]) {
      const r = await review(who.token, e._id, 'APPROVED');
      expect(r.status).toBe(403);
      expect(r.body.error?.type).toBe('elip.not_reviewer');
    }
    const noComment = await review(secretary.token, e._id, 'REJECTED');
    expect(noComment.status).toBe(400);
    expect(JSON.stringify(noComment.body.error)).toContain(M['elip.comment_required']);

    expect((await review(secretary.token, e._id, 'REJECTED', 'Add a rationale.')).status).toBe(200);
    expect(await statusOf(author.token, e._id)).toBe('REJECTED');

    // The author edits and resubmits in one request.
    const resub = await t.call('PUT', `/elip/${e._id}`, {
      token: author.token,
      body: body({ rationale: 'Because fees should follow demand.', submit: true }),
    });
    expect(resub.status).toBe(200);
    expect(elipDetailSchema.parse(resub.body.data).status).toBe('WAIT_FOR_REVIEW');

    const approved = elipDetailSchema.parse((await review(secretary.token, e._id, 'APPROVED')).body.data);
    expect(approved.status).toBe('DRAFT');
    expect(approved.reviews.map((r) => [r.decision, r.comment])).toEqual([
      ['REJECTED', 'Add a rationale.'],
      ['APPROVED', ''],
    ]);
    // Public now; a second review is refused.
    expect((await t.call('GET', `/elip/${e._id}`)).status).toBe(200);
    expect((await review(secretary.token, e._id, 'APPROVED')).status).toBe(409);
    expect((await t.call('DELETE', `/elip/${e._id}`, { token: author.token })).status).toBe(409);

    // Council votes only in FINAL_REVIEW.
    const ann = await w.create('ann');
    const council = await makeUser(db(), { did: ann.did, role: 'COUNCIL' });
    await seat(ann.did);
    const early = await requestWallet(t, 'vote-elip', council.token, {
      elipId: e._id,
      value: 'YES',
      reason: 'ok',
    });
    expect(early.status).toBe(409);

    expect((await move(author.token, e._id, 'finalReview')).status).toBe(200);
    // Submit as proposal needs the council's YES first.
    const notYet = await propose(council.token, e._id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.error?.type).toBe('elip.not_passed');

    // A member with the COUNCIL role but no seat on chain cannot vote; a seated one votes by signing.
    const unseated = await w.create('bob');
    const fake = await makeUser(db(), { did: unseated.did, role: 'COUNCIL' });
    const refused = await requestWallet(t, 'vote-elip', fake.token, {
      elipId: e._id,
      value: 'YES',
      reason: 'ok',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.type).toBe('elip.not_council');
    const noReason = await requestWallet(t, 'vote-elip', council.token, {
      elipId: e._id,
      value: 'YES',
      reason: '',
    });
    expect(noReason.status).toBe(400);

    const req = (
      await requestWallet(t, 'vote-elip', council.token, {
        elipId: e._id,
        value: 'YES',
        reason: 'Sound design.',
      })
    ).body.data!;
    expect(req.statement).toContain(`votes YES on ELIP #${e.number}`);
    expect((await w.approve(req.url, 'ann')).status).toBe(200);
    const voted = elipDetailSchema.parse((await t.call('GET', `/elip/${e._id}`)).body.data);
    expect(voted.votes).toHaveLength(1);
    expect(voted.votes[0]).toMatchObject({ did: ann.did, value: 'YES', reason: 'Sound design.' });
    expect(voted.votes[0]!.voter?._id).toBe(council.user.id);

    // Only a seated council member submits it as a proposal: the author, a member and an unseated COUNCIL role
    // are refused; it becomes the member's proposal draft, linked both ways.
    for (const who of [author, other, fake]) {
      const r = await propose(who.token, e._id);
      expect(r.status).toBe(403);
      expect(r.body.error?.type).toBe('elip.not_council_proposer');
    }
    expect((await move(author.token, e._id, 'submitAsProposal')).status).toBe(400);
    const done = await propose(council.token, e._id);
    expect(done.status).toBe(200);
    const { proposalId } = done.body.data as { proposalId: string };
    expect(await statusOf(author.token, e._id)).toBe('SUBMITTED_AS_PROPOSAL');
    const mine = elipDetailSchema.parse(
      (await t.call('GET', `/elip/${e._id}`, { token: council.token })).body.data,
    );
    expect(mine.proposal).toMatchObject({ _id: proposalId, number: null, status: 'DRAFT', title: e.title });
    const seen = elipDetailSchema.parse((await t.call('GET', `/elip/${e._id}`)).body.data);
    expect(seen.proposal).toMatchObject({ _id: null, number: null, proposer: { _id: council.user.id } });
    expect(seen.can.propose).toBe(false);
    const draft = await t.call('GET', `/proposals/${proposalId}`, { token: council.token });
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({
      status: 'DRAFT',
      title: e.title,
      elip: { number: e.number, title: e.title },
      owner: { _id: author.user.id },
    });
    expect((draft.body.data as { content: string }).content).toContain('## Specification');
    // The draft is the member's alone; a second submission is refused.
    expect((await t.call('GET', `/proposals/${proposalId}`, { token: author.token })).status).toBe(404);
    expect((await propose(council.token, e._id)).status).toBe(409);
    // Nothing else moves it.
    for (const m of ['submit', 'cancel', 'finalReview', 'personalDraft'])
      expect((await move(author.token, e._id, m)).status).toBe(409);
    expect((await review(secretary.token, e._id, 'REJECTED', 'late')).status).toBe(409);
    // Deleting the draft gives the ELIP back to the council's final review; it can be submitted again.
    expect((await t.call('DELETE', `/proposals/${proposalId}`, { token: council.token })).status).toBe(200);
    const back = elipDetailSchema.parse(
      (await t.call('GET', `/elip/${e._id}`, { token: council.token })).body.data,
    );
    expect(back.status).toBe('FINAL_REVIEW');
    expect(back.proposal).toBeNull();
    expect(back.can.propose).toBe(true);
    expect((await propose(council.token, e._id)).status).toBe(200);
  });

  it('cancel a draft, delete a personal draft, list filters and CSV', async () => {
    const author = await makeUser(db());
    const secretary = await makeUser(db(), { role: 'SECRETARY' });
    const visitorList = async (q: string, token?: string) =>
      elipListSchema.parse((await t.call('GET', `/elip${q}`, { token })).body.data);

    const a = await create(author.token, { title: 'Cancel me zebra', submit: true });
    await review(secretary.token, a._id, 'APPROVED');
    expect((await move(author.token, a._id, 'cancel')).status).toBe(200);
    expect((await move(author.token, a._id, 'submit')).status).toBe(409);

    const b = await create(author.token, { title: 'Private zebra' });
    expect((await visitorList('?q=zebra')).list.map((e) => e.title)).toEqual(['Cancel me zebra']);
    expect((await visitorList('?q=zebra', author.token)).total).toBe(2);
    expect((await visitorList('?q=zebra&status=CANCELLED', secretary.token)).total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await visitorList(`?q=zebra&from=${today}&to=${today}`, author.token)).total).toBe(2);
    expect((await visitorList(`?q=zebra&to=2000-01-01`, author.token)).total).toBe(0);

    const csv = await fetch(`${t.url}/api/elip/export.csv?q=zebra`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('Cancel me zebra');
    expect(text).not.toContain('Private zebra');

    expect((await t.call('DELETE', `/elip/${b._id}`, { token: secretary.token })).status).toBe(403);
    expect((await t.call('DELETE', `/elip/${b._id}`, { token: author.token })).status).toBe(200);
    expect((await t.call('GET', `/elip/${b._id}`, { token: author.token })).status).toBe(404);
  });
});

describe('release notes', () => {
  it('everyone reads; only admins add, edit and delete', async () => {
    const admin = await makeUser(db(), { role: 'ADMIN' });
    const secretary = await makeUser(db(), { role: 'SECRETARY' });
    const member = await makeUser(db());
    const note = { name: 'v2.1', description: '**New**: ELIPs', date: '2026-11-20' };
    for (const who of [member, secretary])
      expect((await t.call('POST', '/release', { token: who.token, body: note })).status).toBe(403);
    expect((await t.call('POST', '/release', { body: note })).status).toBe(401);
    expect(
      (await t.call('POST', '/release', { token: admin.token, body: { ...note, name: '' } })).status,
    ).toBe(400);
    const created = await t.call<{ _id: string }>('POST', '/release', { token: admin.token, body: note });
    expect(created.status).toBe(200);
    const id = created.body.data!._id;
    expect((await t.call('PUT', `/release/${id}`, { token: member.token, body: note })).status).toBe(403);
    expect(
      (await t.call('PUT', `/release/${id}`, { token: admin.token, body: { ...note, name: 'v2.1.1' } }))
        .status,
    ).toBe(200);
    const list = releaseListSchema.parse((await t.call('GET', '/release')).body.data);
    expect(list.list.find((r) => r._id === id)?.name).toBe('v2.1.1');
    expect((await t.call('DELETE', `/release/${id}`, { token: member.token })).status).toBe(403);
    expect((await t.call('DELETE', `/release/${id}`, { token: admin.token })).status).toBe(200);
    expect((await t.call('DELETE', `/release/${id}`, { token: admin.token })).status).toBe(404);
  });
});
