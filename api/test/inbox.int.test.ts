import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inbox, InboxItem } from '@cr/contract/inbox.contract';
import type { TrackingEntry } from '@cr/contract/proposal-tracking.contract';
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
 * The inbox's role rules on a real chain (anvil, the real worker): vote items only for seated council members (not
 * for a COUNCIL account without a seat, nor the owner, nor the secretariat), reviews only for the secretary general,
 * rejections only for their own owner, comments and mentions for the author and the mentioned; mark-read touches
 * only the caller's own items.
 */
const V = 40;
let env: ProposalEnv;
let active: { id: string; number: number };
let voting: { id: string; number: number; suggestionId: string };
let stranger: Person;
let unseated: Person;
let staff: Person;
let owner2: Person;

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  stranger = await env.person('stranger');
  // A COUNCIL account whose DID holds no seat on chain.
  unseated = await env.person('unseated', 'COUNCIL');
  // A secretariat account that is not the chain's secretary general.
  staff = await env.person('staff', 'SECRETARY');
  owner2 = await env.person('owner2');
  const s1 = await signedSuggestion(env, env.owner);
  const a = await makeProposal(env, env.council[0]!, s1._id);
  active = { id: a.result!.proposalId, number: a.result!.number };
  const reg = await waitForProposal(env, active.id, 'registered', (d) => d.window.vetoEndHeight !== null);
  await Promise.all(env.council.slice(0, 8).map((m) => voteAndPost(env, m, active.id, 'yes')));
  await waitForProposal(env, active.id, '8 votes', (d) => d.outcome.tally.support === 8);
  await mineTo(env, reg.window.votingEndHeight!);
  await waitForProposal(env, active.id, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION');
  await mineTo(env, reg.window.vetoEndHeight!);
  await waitForProposal(env, active.id, 'ACTIVE', (d) => d.status === 'ACTIVE');
  // A second proposal, of another owner, whose voting window is open for the rest of the file.
  const s2 = await signedSuggestion(env, owner2);
  const b = await makeProposal(env, env.council[1]!, s2._id);
  voting = { id: b.result!.proposalId, number: b.result!.number, suggestionId: s2._id };
  await waitForProposal(env, voting.id, 'registered', (d) => d.window.votingEndHeight !== null);
}, 300_000);
afterAll(async () => {
  await env?.stop();
});

const inboxOf = async (who: Person) => {
  const res = await env.t.call<Inbox>('GET', '/inbox', { token: who.token });
  expect(res.status).toBe(200);
  return res.body.data!;
};
const markRead = (who: Person, body: unknown) =>
  env.t.call<Inbox>('POST', '/inbox/read', { token: who.token, body });
const kinds = (inbox: Inbox) => inbox.items.map((i) => i.kind);
const itemOf = (inbox: Inbox, kind: InboxItem['kind'], subjectId: string) =>
  inbox.items.find((i) => i.kind === kind && i.subject.id === subjectId);

describe('the inbox', () => {
  it('answers only a signed-in member', async () => {
    expect((await env.t.call('GET', '/inbox')).status).toBe(401);
    expect((await env.t.call('POST', '/inbox/read', { body: { all: true } })).status).toBe(401);
  });

  it('shows a seated council member the open vote with its deadline, and nobody else', async () => {
    const member = env.council[2]!;
    const mine = await inboxOf(member);
    const item = itemOf(mine, 'vote', voting.id);
    expect(item, JSON.stringify(mine)).toBeDefined();
    expect(item).toMatchObject({ need: true, read: false, key: `vote:${voting.id}` });
    expect(item!.subject).toMatchObject({ type: 'proposal', number: voting.number });
    expect(item!.endHeight).toBeGreaterThan(0);
    expect(Date.parse(item!.endsAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(item!.blocksLeft).toBeGreaterThan(0);
    // The ACTIVE proposal's window is over: no vote item for it.
    expect(itemOf(mine, 'vote', active.id)).toBeUndefined();
    expect(mine.unread).toBeGreaterThanOrEqual(1);

    for (const who of [stranger, unseated, staff, env.secretary, env.owner, owner2])
      expect(kinds(await inboxOf(who)), who.name).not.toContain('vote');
  });

  it('drops the vote item once the member has voted', async () => {
    const member = env.council[3]!;
    expect(itemOf(await inboxOf(member), 'vote', voting.id)).toBeDefined();
    const put = await env.t.call('PUT', `/proposals/${voting.id}/vote`, {
      token: member.token,
      body: { choice: 'yes', reason: 'Reviewed: sound plan.' },
    });
    expect(put.status).toBe(200);
    expect(itemOf(await inboxOf(member), 'vote', voting.id)).toBeUndefined();
    // Another member's item stays.
    expect(itemOf(await inboxOf(env.council[4]!), 'vote', voting.id)).toBeDefined();
  });

  it('gives reviews to the secretary general only, and a rejection to its own owner only', async () => {
    const base = `/proposals/${active.id}/tracking`;
    const w = await env.t.call<{ entry: TrackingEntry }>('POST', base, {
      token: env.owner.token,
      body: { kind: 'TRACKING', content: 'Month one: prototype running.', submit: true },
    });
    expect(w.status).toBe(200);
    const entryId = w.body.data!.entry._id;

    const review = itemOf(await inboxOf(env.secretary), 'review-tracking', active.id);
    expect(review).toMatchObject({ need: true, key: `review-tracking:${entryId}:1` });
    for (const who of [staff, stranger, env.council[0]!, env.owner, owner2])
      expect(kinds(await inboxOf(who)), who.name).not.toContain('review-tracking');

    const rej = await env.t.call('POST', `${base}/${entryId}/review`, {
      token: env.secretary.token,
      body: { decision: 'reject', comment: 'Please link the build.' },
    });
    expect(rej.status).toBe(200);
    // The review is done: it leaves the secretary's inbox.
    expect(kinds(await inboxOf(env.secretary))).not.toContain('review-tracking');
    const fix = itemOf(await inboxOf(env.owner), 'fix-tracking', active.id);
    expect(fix).toMatchObject({ need: true, read: false, excerpt: 'Please link the build.' });
    for (const who of [owner2, stranger, env.secretary, env.council[0]!])
      expect(kinds(await inboxOf(who)), who.name).not.toContain('fix-tracking');
  });

  it('marks only the caller’s own items read', async () => {
    const fix = itemOf(await inboxOf(env.owner), 'fix-tracking', active.id)!;
    // Another member naming the owner's key changes nothing for the owner (nor records anything for them).
    const other = await markRead(stranger, { keys: [fix.key] });
    expect(other.status).toBe(200);
    expect(other.body.data!.items.map((i) => i.key)).not.toContain(fix.key);
    expect(itemOf(await inboxOf(env.owner), 'fix-tracking', active.id)!.read).toBe(false);

    const before = await inboxOf(env.owner);
    const mine = await markRead(env.owner, { keys: [fix.key] });
    expect(mine.status).toBe(200);
    const after = mine.body.data!;
    // A need stays while needed, read now; the count drops by one.
    expect(itemOf(after, 'fix-tracking', active.id)!.read).toBe(true);
    expect(after.unread).toBe(before.unread - 1);
    expect((await markRead(env.owner, { keys: [] })).status).toBe(400);
  });

  it('brings comments to the author and mentions to the mentioned, until read', async () => {
    const c = await env.t.call('POST', `/suggestion/${voting.suggestionId}/comments`, {
      token: stranger.token,
      body: { body: `Looks good, @${env.council[5]!.user.username} please check the budget.` },
    });
    expect(c.status).toBe(200);
    const author = await inboxOf(owner2);
    const comment = itemOf(author, 'comment', voting.suggestionId);
    expect(comment).toMatchObject({ need: false, read: false, actor: stranger.user.username });
    const mentioned = await inboxOf(env.council[5]!);
    expect(itemOf(mentioned, 'mention', voting.suggestionId)).toBeDefined();
    // The commenter and others get neither.
    for (const who of [stranger, env.owner, env.council[6]!])
      expect(kinds(await inboxOf(who)), who.name).not.toContain('comment');
    expect(kinds(await inboxOf(env.council[6]!))).not.toContain('mention');

    // Mark all: the comment (an event) leaves; the author's needs, if any, stay read.
    const all = await markRead(owner2, { all: true });
    expect(all.status).toBe(200);
    expect(itemOf(all.body.data!, 'comment', voting.suggestionId)).toBeUndefined();
    expect(all.body.data!.unread).toBe(0);
    // The mentioned member's item is untouched by the author's mark.
    expect(itemOf(await inboxOf(env.council[5]!), 'mention', voting.suggestionId)!.read).toBe(false);
  });
});
