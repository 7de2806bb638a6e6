import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTasksSchema, taskDetailSchema, taskListSchema, taskMessages } from '@cr/contract/task.contract';
import { taskCandidates } from '@cr/core/db/schema';
import { TASK_TRANSITIONS } from '../src/modules/task/task-rules';
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
const M = taskMessages;
const soon = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const base = (over: Record<string, unknown> = {}) => ({
  name: `Task ${Math.random().toString(36).slice(2, 7)}`,
  category: 'DEVELOPER',
  type: 'TASK',
  description: 'Build a block explorer widget for the portal.',
  applicationDeadline: soon(),
  candidateLimit: 1,
  infoLink: 'https://example.org/block-explorer-widget',
  location: 'Online',
  confirmRules: true,
  ...over,
});

async function create(token: string, over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/task', { token, body: base(over) });
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return taskDetailSchema.parse(res.body.data);
}
const detail = (res: { body: { data?: unknown } }) => taskDetailSchema.parse(res.body.data);
const refusal = (res: { status: number; body: { error?: { type: string } } }) => [
  res.status,
  res.body.error?.type,
];
const act = (token: string, id: string, action: string, note?: string) =>
  t.call('POST', `/task/${id}/status`, { token, body: { action, note } });

describe('tasks', () => {
  it('create: required fields, payment rules confirmed, deadline, event dates, budget breakdown, bidding', async () => {
    const { token } = await makeUser(db());
    expect((await t.call('POST', '/task', { body: base() })).status).toBe(401);
    const bad = await t.call('POST', '/task', {
      token,
      body: { ...base({ name: 'ab', confirmRules: false, applicationDeadline: null }) },
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body.error);
    expect(text).toContain(M['task.name_short']);
    expect(text).toContain(M['task.rules_unconfirmed']);
    // Spec §5 Task create: the info link and the location are required, whether sent empty or not at all.
    for (const over of [
      { infoLink: '', location: ' ' },
      { infoLink: undefined, location: undefined },
    ]) {
      const missing = await t.call('POST', '/task', { token, body: base(over) });
      expect(missing.status).toBe(400);
      expect(missing.body.error?.fields).toEqual(
        expect.arrayContaining([
          { path: 'infoLink', message: M['task.info_link_required'] },
          { path: 'location', message: M['task.location_required'] },
        ]),
      );
    }
    const badLink = await t.call('POST', '/task', { token, body: base({ infoLink: 'example.org' }) });
    expect(badLink.body.error?.fields).toEqual([{ path: 'infoLink', message: M['task.link_invalid'] }]);
    const noDeadline = await t.call('POST', '/task', { token, body: base({ applicationDeadline: null }) });
    expect(JSON.stringify(noDeadline.body.error)).toContain(M['task.deadline_required']);

    const money = await t.call('POST', '/task', { token, body: base({ budget: '100' }) });
    expect(JSON.stringify(money.body.error)).toContain(M['task.breakdown_required']);
    const bidReward = await t.call('POST', '/task', { token, body: base({ bidding: true, reward: '5' }) });
    expect(JSON.stringify(bidReward.body.error)).toContain(M['task.bidding_reward']);
    const amount = await t.call('POST', '/task', { token, body: base({ reward: '-1' }) });
    expect(JSON.stringify(amount.body.error)).toContain(M['task.amount_invalid']);
    const event = await t.call('POST', '/task', {
      token,
      body: base({ type: 'EVENT', eventDateType: 'CONFIRMED', eventStart: soon(), eventEnd: null }),
    });
    expect(JSON.stringify(event.body.error)).toContain(M['task.event_dates_required']);
    const attach = await t.call('POST', '/task', {
      token,
      body: base({ attachments: ['/uploads/not-mine.png'] }),
    });
    expect(refusal(attach)).toEqual([400, 'task.picture_invalid']);

    // Without money no approval is needed: CREATED. With money a member's task waits: PENDING.
    expect((await create(token)).status).toBe('CREATED');
    const paid = await create(token, {
      reward: '10',
      currency: 'USD',
      budget: '5',
      budgetBreakdown: 'Hosting',
    });
    expect([paid.status, paid.reward, paid.budget, paid.currency]).toEqual(['PENDING', '10', '5', 'USD']);
    const admin = await makeUser(db(), { role: 'ADMIN' });
    expect((await create(admin.token, { reward: '10' })).status).toBe('APPROVED');
  });

  it('private and pending tasks: a stranger gets 404; list shows public ones only, with filters and paging', async () => {
    const owner = await makeUser(db());
    const stranger = await makeUser(db());
    const hidden = await create(owner.token, { isPrivate: true, category: 'CR100' });
    const pending = await create(owner.token, { reward: '3', category: 'CR100' });
    for (const id of [hidden._id, pending._id]) {
      expect(refusal(await t.call('GET', `/task/${id}`, { token: stranger.token }))).toEqual([
        404,
        'task.not_found',
      ]);
      expect((await t.call('GET', `/task/${id}`)).status).toBe(404);
      expect((await t.call('GET', `/task/${id}`, { token: owner.token })).status).toBe(200);
      const apply = await t.call('POST', `/task/${id}/apply`, { token: stranger.token, body: {} });
      expect(refusal(apply)).toEqual([404, 'task.not_found']);
    }
    const open = await create(owner.token, { category: 'CR100', type: 'SUB_TASK' });
    const list = taskListSchema.parse((await t.call('GET', '/task?category=CR100')).body.data);
    expect(list.list.map((x) => x._id)).toEqual([open._id]);
    const byType = taskListSchema.parse((await t.call('GET', '/task?category=CR100&type=TASK')).body.data);
    expect(byType.total).toBe(0);
    const byStatus = taskListSchema.parse(
      (await t.call('GET', '/task?category=CR100&status=CREATED')).body.data,
    );
    expect(byStatus.total).toBe(1);
    expect((await t.call('GET', '/task?status=NOPE')).status).toBe(400);
    expect((await t.call('GET', '/admin/task', { token: owner.token })).status).toBe(403);
    const admin = await makeUser(db(), { role: 'ADMIN' });
    const all = taskListSchema.parse(
      (await t.call('GET', '/admin/task?category=CR100', { token: admin.token })).body.data,
    );
    expect(all.total).toBe(3);
  });

  it('edit: owner only, before assignment; adding money sends a member’s task to approval', async () => {
    const owner = await makeUser(db());
    const other = await makeUser(db());
    const task = await create(owner.token);
    const body = { ...base({ name: 'Renamed task' }), confirmRules: undefined };
    expect(refusal(await t.call('PUT', `/task/${task._id}`, { token: other.token, body }))).toEqual([
      403,
      'task.not_owner',
    ]);
    const ok = detail(await t.call('PUT', `/task/${task._id}`, { token: owner.token, body }));
    expect(ok.name).toBe('Renamed task');
    const paid = detail(
      await t.call('PUT', `/task/${task._id}`, { token: owner.token, body: { ...body, reward: '2' } }),
    );
    expect(paid.status).toBe('PENDING');
    await act(owner.token, task._id, 'cancel');
    expect(refusal(await t.call('PUT', `/task/${task._id}`, { token: owner.token, body }))).toEqual([
      409,
      'task.not_editable',
    ]);
  });

  it('full lifecycle: approval, two bids, limit of one, sign-off by council, success and distribution', async () => {
    const owner = await makeUser(db());
    const admin = await makeUser(db(), { role: 'ADMIN' });
    const council = await makeUser(db(), { role: 'COUNCIL' });
    const a = await makeUser(db());
    const b = await makeUser(db());
    const task = await create(owner.token, { bidding: true, referenceBid: '50' });
    expect(task.status).toBe('PENDING');
    // Not open before approval; only an admin approves.
    expect(refusal(await act(owner.token, task._id, 'approve'))).toEqual([403, 'task.approve_not_admin']);
    expect(detail(await act(admin.token, task._id, 'approve')).status).toBe('APPROVED');
    expect(refusal(await act(admin.token, task._id, 'approve'))).toEqual([409, 'task.wrong_status']);

    const apply = (token: string, body: Record<string, unknown>) =>
      t.call('POST', `/task/${task._id}/apply`, { token, body });
    expect(refusal(await apply(a.token, {}))).toEqual([400, 'task.bid_required']);
    expect(refusal(await apply(owner.token, { bid: '1' }))).toEqual([409, 'task.own_task']);
    expect((await apply(a.token, { bid: '40' })).status).toBe(200);
    expect(refusal(await apply(a.token, { bid: '41' }))).toEqual([409, 'task.already_applied']);
    expect((await apply(b.token, { bid: '45' })).status).toBe(200);

    // Bids are shown to the owner, not to other bidders.
    const seenByB = detail(await t.call('GET', `/task/${task._id}`, { token: b.token }));
    expect(seenByB.candidates).toHaveLength(0);
    expect(seenByB.myCandidate?.bid).toBe('45');
    const seen = detail(await t.call('GET', `/task/${task._id}`, { token: owner.token }));
    const [ca, cb] = [seen.candidates[0]!, seen.candidates[1]!];
    expect([ca.bid, cb.bid]).toEqual(['40', '45']);

    const decide = (token: string, id: string, d: string) =>
      t.call('POST', `/task/${task._id}/candidates/${id}/${d}`, { token });
    expect(refusal(await decide(a.token, ca._id, 'approve'))).toEqual([403, 'task.not_owner']);
    expect(detail(await decide(owner.token, ca._id, 'approve')).status).toBe('ASSIGNED');
    expect(refusal(await decide(owner.token, cb._id, 'approve'))).toEqual([409, 'task.limit_reached']);
    expect(refusal(await decide(owner.token, ca._id, 'reject'))).toEqual([409, 'task.candidate_not_pending']);
    expect(refusal(await t.call('POST', `/task/${task._id}/withdraw`, { token: a.token }))).toEqual([
      409,
      'task.cannot_withdraw',
    ]);
    expect((await t.call('POST', `/task/${task._id}/withdraw`, { token: b.token })).status).toBe(200);

    // Closed bidding: comments refused.
    const comment = await t.call('POST', `/task/${task._id}/comments`, {
      token: a.token,
      body: { content: 'Hi' },
    });
    expect(refusal(comment)).toEqual([409, 'task.comments_closed']);

    expect(refusal(await act(a.token, task._id, 'complete'))).toEqual([403, 'task.complete_not_owner']);
    // A council member asking to mark it done is told who may: the owner marks the work complete.
    const councilComplete = await act(council.token, task._id, 'complete');
    expect(refusal(councilComplete)).toEqual([403, 'task.complete_not_owner']);
    expect(councilComplete.body.error?.message).toBe(M['task.complete_not_owner']);
    expect(refusal(await act(admin.token, task._id, 'success'))).toEqual([409, 'task.wrong_status']);
    expect(detail(await act(owner.token, task._id, 'complete')).status).toBe('SUBMITTED');
    expect(refusal(await act(admin.token, task._id, 'success'))).toEqual([409, 'task.not_signed_off']);
    expect(refusal(await act(admin.token, task._id, 'signoff'))).toEqual([403, 'task.not_council']);
    expect(detail(await act(council.token, task._id, 'signoff')).signedOffBy?._id).toBe(council.user.id);
    expect(refusal(await act(council.token, task._id, 'signoff'))).toEqual([409, 'task.already_signed_off']);
    expect(refusal(await act(owner.token, task._id, 'success'))).toEqual([403, 'task.success_not_admin']);
    // Marking it done (a success) is the admin's: a council member is told so, not "only the owner".
    const councilDone = await act(council.token, task._id, 'success');
    expect(refusal(councilDone)).toEqual([403, 'task.success_not_admin']);
    expect(councilDone.body.error?.message).toMatch(/^Only an admin can mark a task done/);
    expect(detail(await act(admin.token, task._id, 'success')).status).toBe('SUCCESS');
    expect(refusal(await act(admin.token, task._id, 'distribute'))).toEqual([400, 'task.required']);
    const done = detail(await act(admin.token, task._id, 'distribute', '40 ELA, tx 0xabc'));
    expect([done.status, done.paymentNote]).toEqual(['DISTRIBUTED', '40 ELA, tx 0xabc']);
    expect(refusal(await act(owner.token, task._id, 'cancel'))).toEqual([409, 'task.wrong_status']);
  });

  it('applications: not open, deadline passed, team not owned, bid on a fixed task; comments on open tasks', async () => {
    const owner = await makeUser(db());
    const a = await makeUser(db());
    const admin = await makeUser(db(), { role: 'ADMIN' });
    const task = await create(owner.token);
    const apply = (id: string, body: Record<string, unknown> = {}) =>
      t.call('POST', `/task/${id}/apply`, { token: a.token, body });
    expect(refusal(await apply(task._id, { bid: '3' }))).toEqual([400, 'task.bid_not_bidding']);
    const team = await t.call('POST', '/team', {
      token: owner.token,
      body: { name: 'Owner team', description: 'A team that builds tools for the community.' },
    });
    const teamId = (team.body.data as { _id: string })._id;
    expect(refusal(await apply(task._id, { teamId }))).toEqual([403, 'task.team_not_owned']);
    expect(refusal(await t.call('POST', `/task/${task._id}/withdraw`, { token: a.token }))).toEqual([
      404,
      'task.candidate_not_found',
    ]);
    const empty = await t.call('POST', `/task/${task._id}/comments`, {
      token: a.token,
      body: { content: ' ' },
    });
    expect(JSON.stringify(empty.body.error)).toContain(M['task.comment_required']);
    expect((await t.call('POST', `/task/${task._id}/comments`, { body: { content: 'x' } })).status).toBe(401);
    const commented = detail(
      await t.call('POST', `/task/${task._id}/comments`, { token: a.token, body: { content: 'Interested' } }),
    );
    expect(commented.comments.map((c) => c.content)).toEqual(['Interested']);

    expect((await apply(task._id)).status).toBe(200);
    expect((await t.call('POST', `/task/${task._id}/withdraw`, { token: a.token })).status).toBe(200);

    expect(refusal(await act(a.token, task._id, 'cancel'))).toEqual([403, 'task.cancel_not_allowed']);
    expect(refusal(await act(owner.token, task._id, 'expire'))).toEqual([403, 'task.expire_not_admin']);
    expect(detail(await act(admin.token, task._id, 'expire')).status).toBe('EXPIRED');
    expect(refusal(await apply(task._id))).toEqual([409, 'task.not_open']);

    const past = await create(owner.token);
    await t.deps.database.db.execute(
      `update tasks set application_deadline = now() - interval '1 day' where id = '${past._id}'` as never,
    );
    expect(refusal(await apply(past._id))).toEqual([409, 'task.deadline_passed']);
  });

  it('20 concurrent RSVPs to an event never exceed its candidate limit; the database refuses a direct write', async () => {
    const owner = await makeUser(db());
    const event = await create(owner.token, {
      type: 'EVENT',
      category: 'SOCIAL',
      eventDateType: 'CONFIRMED',
      eventStart: soon(),
      eventEnd: soon(),
      location: 'Singapore',
      candidateLimit: 5,
    });
    const people = await Promise.all(Array.from({ length: 20 }, () => makeUser(db())));
    const results = await Promise.all(
      people.map((p) => t.call('POST', `/task/${event._id}/apply`, { token: p.token, body: {} })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200))
      expect(refusal(r)).toEqual([409, 'task.limit_reached']);
    const seen = detail(await t.call('GET', `/task/${event._id}`, { token: owner.token }));
    expect([seen.approvedCount, seen.status, seen.candidates.every((c) => c.category === 'RSVP')]).toEqual([
      5,
      'ASSIGNED',
      true,
    ]);
    await expect(
      db().insert(taskCandidates).values({ taskId: event._id, userId: owner.user.id, status: 'APPROVED' }),
    ).rejects.toThrow();
    // An RSVP may be withdrawn, which frees a place. Which five got in is up to the race, so the one who
    // withdraws is one of them, and one who was refused takes the freed place.
    const inside = people[results.findIndex((r) => r.status === 200)]!;
    const outside = people[results.findIndex((r) => r.status !== 200)]!;
    expect((await t.call('POST', `/task/${event._id}/withdraw`, { token: inside.token })).status).toBe(200);
    expect(
      (await t.call('POST', `/task/${event._id}/apply`, { token: outside.token, body: {} })).status,
    ).toBe(200);
  });

  it('my tasks and my projects: created and applied', async () => {
    const owner = await makeUser(db());
    const a = await makeUser(db());
    const task = await create(owner.token);
    const project = await create(owner.token, {
      type: 'PROJECT',
      problem: 'No explorer',
      valueProposition: 'Visibility',
    });
    await t.call('POST', `/task/${project._id}/apply`, { token: a.token, body: {} });
    const mine = myTasksSchema.parse((await t.call('GET', '/task/mine', { token: owner.token })).body.data);
    expect(mine.created.map((x) => x._id)).toEqual([task._id]);
    const projects = myTasksSchema.parse(
      (await t.call('GET', '/task/mine?projects=1', { token: a.token })).body.data,
    );
    expect(projects.applied.map((x) => [x._id, x.myStatus])).toEqual([[project._id, 'PENDING']]);
    expect((await t.call('GET', '/task/mine')).status).toBe(401);
    const list = taskListSchema.parse((await t.call('GET', '/task?type=PROJECT')).body.data);
    expect(list.list.some((x) => x._id === project._id)).toBe(true);
    const tasksOnly = taskListSchema.parse((await t.call('GET', '/task')).body.data);
    expect(tasksOnly.list.some((x) => x._id === project._id)).toBe(false);
  });

  it('the transition table refuses moves it does not list', () => {
    expect(() => TASK_TRANSITIONS.check('DISTRIBUTED', 'CANCELED')).toThrow();
    expect(() => TASK_TRANSITIONS.check('CREATED', 'SUCCESS')).toThrow();
    expect(TASK_TRANSITIONS.can('SUBMITTED', 'SUCCESS')).toBe(true);
  });
});
