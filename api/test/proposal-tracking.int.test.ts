import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalNotes, TrackingEntry, TrackingList } from '@cr/contract/proposal-tracking.contract';
import {
  makeProposal,
  mineTo,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitForProposal,
  type Person,
  type ProposalEnv,
} from './proposal-harness';

/**
 * Tracking messages, the summary and the secretariat notes on a proposal made ACTIVE on a real chain (anvil,
 * short windows, the real worker): every refusal of the issue and the whole review loop with its e-mails in the
 * capture mailbox.
 */
const V = 30;
let env: ProposalEnv;
let active: { id: string; number: number };
let voting: { id: string; number: number };
let stranger: Person;
let staff: Person;

type Write = { entry: TrackingEntry; mailFailed: boolean };

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  stranger = await env.person('stranger');
  // A secretariat account that is not the chain's secretary general.
  staff = await env.person('staff', 'SECRETARY');
  const [s1, s2] = await Promise.all([signedSuggestion(env, env.owner), signedSuggestion(env, env.owner)]);
  const a = await makeProposal(env, env.council[0]!, s1._id);
  const b = await makeProposal(env, env.council[1]!, s2._id);
  active = { id: a.result!.proposalId, number: a.result!.number };
  voting = { id: b.result!.proposalId, number: b.result!.number };
  const reg = await waitForProposal(env, active.id, 'registered', (d) => d.window.vetoEndHeight !== null);
  await Promise.all(env.council.slice(0, 8).map((m) => voteAndPost(env, m, active.id, 'yes')));
  await waitForProposal(env, active.id, '8 votes', (d) => d.outcome.tally.support === 8);
  await mineTo(env, reg.window.votingEndHeight!);
  await waitForProposal(env, active.id, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION');
  await mineTo(env, reg.window.vetoEndHeight!);
  await waitForProposal(env, active.id, 'ACTIVE', (d) => d.status === 'ACTIVE');
}, 240_000);
afterAll(async () => {
  await env?.stop();
});

const call = <T>(method: string, path: string, token?: string, body?: unknown) =>
  env.t.call<T>(method, path, { token, body });
const base = () => `/proposals/${active.id}/tracking`;
const write = (who: Person, content: string, submit = false, kind = 'TRACKING') =>
  call<Write>('POST', base(), who.token, { kind, content, submit });
const review = (who: Person | null, id: string, decision: string, comment = '') =>
  call<Write>('POST', `${base()}/${id}/review`, who?.token, { decision, comment });
const list = (who?: Person) => call<TrackingList>('GET', base(), who?.token);
const mailsTo = (p: Person, subject: string) =>
  env.t.mailbox.messages().filter((m) => m.to.includes(p.user.email!) && m.subject === subject);

describe('tracking messages and summary', () => {
  it('refuses a tracking message from a stranger, a council member, a signed-out visitor, and on a proposal that is not ACTIVE', async () => {
    const s = await write(stranger, 'I am not the owner');
    expect(s.status).toBe(403);
    expect(s.body.error?.type).toBe('tracking.not_owner');
    const c = await write(env.council[0]!, 'Council does not write tracking');
    expect(c.status).toBe(403);
    expect(c.body.error?.type).toBe('tracking.not_owner');
    const anon = await env.t.call('POST', base(), { body: { kind: 'TRACKING', content: 'x' } });
    expect(anon.status).toBe(401);
    const early = await call('POST', `/proposals/${voting.id}/tracking`, env.owner.token, {
      kind: 'TRACKING',
      content: 'Too early',
    });
    expect(early.status).toBe(409);
    expect(early.body.error?.type).toBe('tracking.not_active');
    expect((await list(env.owner)).body.data!.count).toBe(0);
  });

  it('goes DRAFT → REVIEWING → REJECT (comment) → edited, REVIEWING → PUBLISHED, with e-mails each way', async () => {
    const draft = await write(env.owner, 'Milestone 1: **hardware** ordered.');
    expect(draft.status).toBe(200);
    const id = draft.body.data!.entry._id;
    expect(draft.body.data!.entry).toMatchObject({ status: 'DRAFT', round: 0, kind: 'TRACKING' });

    // Only the owner submits; review needs an entry under review.
    expect((await call('POST', `${base()}/${id}/submit`, stranger.token)).status).toBe(403);
    expect((await review(env.secretary, id, 'approve')).body.error?.type).toBe('tracking.not_reviewable');

    const sub = await call<Write>('POST', `${base()}/${id}/submit`, env.owner.token);
    expect(sub.body.data!.entry).toMatchObject({ status: 'REVIEWING', round: 1 });
    // Submitting twice is refused.
    const twice = await call('POST', `${base()}/${id}/submit`, env.owner.token);
    expect(twice.status).toBe(409);
    expect(twice.body.error?.type).toBe('tracking.not_submittable');
    // Nor can it be edited while under review.
    const busy = await call('PUT', `${base()}/${id}`, env.owner.token, { content: 'changed' });
    expect(busy.body.error?.type).toBe('tracking.not_editable');

    const subject = `Proposal #${active.number}: a tracking message is waiting for review`;
    await env.t.mailbox.waitFor((m) => m.to.includes(env.secretary.user.email!) && m.subject === subject);
    await env.t.mailbox.waitFor((m) => m.to.includes(staff.user.email!) && m.subject === subject);

    // Visibility: the public sees nothing yet; owner, secretary and council see it under review.
    expect((await list()).body.data!.messages).toHaveLength(0);
    expect((await list(stranger)).body.data!.messages).toHaveLength(0);
    for (const who of [env.owner, env.secretary, env.council[5]!])
      expect((await list(who)).body.data!.messages.map((m) => m.status)).toEqual(['REVIEWING']);

    // Review by anyone but the secretary general is refused.
    const byOwner = await review(env.owner, id, 'approve');
    expect(byOwner.status).toBe(403);
    const byCouncil = await review(env.council[0]!, id, 'approve');
    expect(byCouncil.status).toBe(403);
    expect(byCouncil.body.error?.type).toBe('tracking.not_secretary');
    const byStaff = await review(staff, id, 'approve');
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.error?.type).toBe('tracking.not_secretary');
    expect((await review(null, id, 'approve')).status).toBe(401);
    // A rejection needs its reason.
    expect((await review(env.secretary, id, 'reject')).status).toBe(400);

    const rejected = await review(env.secretary, id, 'reject', 'Please add the order receipts.');
    expect(rejected.body.data!.entry).toMatchObject({ status: 'REJECT' });
    expect(rejected.body.data!.entry.review?.comment).toBe('Please add the order receipts.');
    const rejectMail = await env.t.mailbox.waitFor(
      (m) =>
        m.to.includes(env.owner.user.email!) &&
        m.subject === `Proposal #${active.number}: your tracking message was rejected`,
    );
    expect(rejectMail.text).toContain('Please add the order receipts.');
    expect(rejectMail.to).toHaveLength(1);

    // Edited and resubmitted in one step: a second round, mailed again.
    const again = await call<Write>('PUT', `${base()}/${id}`, env.owner.token, {
      content: 'Milestone 1: **hardware** ordered, receipts attached.',
      submit: true,
    });
    expect(again.body.data!.entry).toMatchObject({ status: 'REVIEWING', round: 2 });
    await expect.poll(() => mailsTo(env.secretary, subject).length, { timeout: 10_000 }).toBe(2);

    const ok = await review(env.secretary, id, 'approve');
    expect(ok.body.data!.entry.status).toBe('PUBLISHED');
    await env.t.mailbox.waitFor(
      (m) =>
        m.to.includes(env.owner.user.email!) &&
        m.subject === `Proposal #${active.number}: your tracking message was approved`,
    );

    // Published: the public sees it; it can no longer be edited, submitted or reviewed.
    const pub = (await list()).body.data!;
    expect(pub.messages.map((m) => [m.status, m.content])).toEqual([
      ['PUBLISHED', 'Milestone 1: **hardware** ordered, receipts attached.'],
    ]);
    expect(pub.my).toEqual({ canWrite: false, canReview: false, seesAll: false });
    const edit = await call('PUT', `${base()}/${id}`, env.owner.token, { content: 'rewrite history' });
    expect(edit.status).toBe(409);
    expect(edit.body.error?.type).toBe('tracking.not_editable');
    expect((await call('POST', `${base()}/${id}/submit`, env.owner.token)).body.error?.type).toBe(
      'tracking.not_submittable',
    );
    expect((await review(env.secretary, id, 'reject', 'late')).body.error?.type).toBe(
      'tracking.not_reviewable',
    );
    // A drafted message stays private to owner, secretariat and council.
    await write(env.owner, 'A private draft');
    expect((await list()).body.data!.messages).toHaveLength(1);
    expect((await list(env.council[2]!)).body.data!.messages).toHaveLength(2);
  }, 60_000);

  it('keeps one summary per proposal through the same review', async () => {
    const s = await write(env.owner, 'We delivered everything.', true, 'SUMMARY');
    expect(s.body.data!.entry).toMatchObject({ kind: 'SUMMARY', status: 'REVIEWING', round: 1 });
    const second = await write(env.owner, 'Another summary', false, 'SUMMARY');
    expect(second.status).toBe(409);
    expect(second.body.error?.type).toBe('tracking.summary_exists');
    await env.t.mailbox.waitFor(
      (m) =>
        m.to.includes(env.secretary.user.email!) &&
        m.subject === `Proposal #${active.number}: a summary is waiting for review`,
    );
    await review(env.secretary, s.body.data!.entry._id, 'approve');
    expect((await list()).body.data!.summary?.status).toBe('PUBLISHED');
  });

  it('refuses the 129th tracking message', async () => {
    const have = (await list(env.owner)).body.data!.count;
    for (let i = have; i < 128; i += 16)
      await Promise.all(
        Array.from({ length: Math.min(16, 128 - i) }, (_, k) => write(env.owner, `Update ${i + k}`)),
      );
    expect((await list(env.owner)).body.data!.count).toBe(128);
    const over = await write(env.owner, 'One too many');
    expect(over.status).toBe(409);
    expect(over.body.error?.type).toBe('tracking.limit');
    expect((await list(env.owner)).body.data!.count).toBe(128);
  }, 120_000);
});

describe('secretariat notes', () => {
  const notes = (who?: Person) => call<ProposalNotes>('GET', `/proposals/${active.id}/notes`, who?.token);
  const edit = (who: Person, content: string) =>
    call<ProposalNotes>('PUT', `/proposals/${active.id}/notes`, who.token, { content });

  it('only the secretary general edits them, and every edit is kept', async () => {
    expect((await edit(env.owner, 'x')).status).toBe(403);
    expect((await edit(env.council[0]!, 'x')).body.error?.type).toBe('tracking.not_secretary');
    expect((await edit(staff, 'x')).body.error?.type).toBe('tracking.not_secretary');
    expect((await notes()).body.data!.current).toBeNull();

    await edit(env.secretary, 'Due diligence done.');
    const second = await edit(env.secretary, 'Due diligence done; site visit planned.');
    expect(second.body.data!.my.canEdit).toBe(true);
    const pub = (await notes()).body.data!;
    expect(pub.current?.content).toBe('Due diligence done; site visit planned.');
    expect(pub.history.map((h) => h.content)).toEqual(['Due diligence done.']);
    expect(pub.current?.author?.username).toBe(env.secretary.user.username);
    expect(pub.my.canEdit).toBe(false);
  });
});
