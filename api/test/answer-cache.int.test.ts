import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGeneration } from '@cr/core/cache/cache-generation';
import type { SuggestionDetail, SuggestionList } from '@cr/contract/suggestion.contract';
import { suggestions } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { postSuggestion } from './suggestion-harness';
import { testConfig } from './test-config';
import { startTestApi, type TestApi } from './test-api';

type User = Awaited<ReturnType<typeof makeUser>>;
let t: TestApi;
let alice: User;
let bob: User;
let posted: SuggestionDetail;

const list = async (query: string, token?: string) => {
  const res = await t.call<SuggestionList>('GET', `/suggestion?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data!;
};

/**
 * Its own Redis database: cache generations are global to a Redis, and the other test files running beside this
 * one announce changes that would renew these answers at unpredictable moments.
 */
function isolatedRedisUrl(): string {
  const url = new URL(testConfig.REDIS_URL);
  url.pathname = '/11';
  return url.toString();
}

beforeAll(async () => {
  t = await startTestApi({ CHAIN_ID: '31337', REDIS_URL: isolatedRedisUrl() });
  alice = await makeUser(t.deps.database.db, { firstName: 'Alice' });
  bob = await makeUser(t.deps.database.db, { firstName: 'Bob' });
  posted = await postSuggestion(t, alice.token, { title: 'Cached title', abstract: 'A list answer.' });
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

describe('cached list answers', () => {
  it('are served from memory until a change is announced, then recomputed at once', async () => {
    expect((await list('')).list.map((s) => s.title)).toEqual(['Cached title']);
    // Written behind the api's back: no change is announced, so the cached answer stands.
    await t.deps.database.db
      .update(suggestions)
      .set({ title: 'Changed in the database' })
      .where(eq(suggestions.id, posted._id));
    expect((await list('')).list.map((s) => s.title)).toEqual(['Cached title']);
    // A like is a change the api announces live: the next list is computed from the database.
    const before = await readGeneration(t.deps.redis, 'suggestions');
    expect((await t.call('POST', `/suggestion/${posted._id}/like`, { token: bob.token })).status).toBe(200);
    expect(Number(await readGeneration(t.deps.redis, 'suggestions'))).toBeGreaterThan(Number(before));
    const after = (await list('')).list[0]!;
    expect(after).toMatchObject({ title: 'Changed in the database', likesNum: 1 });
  });

  it('are never shared between members: each one gets their own "added by me"', async () => {
    expect((await list('filter=mine', alice.token)).total).toBe(1);
    expect((await list('filter=mine', bob.token)).total).toBe(0);
    expect((await list('filter=mine', alice.token)).list[0]!._id).toBe(posted._id);
    expect((await t.call('GET', '/suggestion?filter=mine')).status).toBe(401);
  });

  it('of a public filter are shared by members, and never reach signed-out callers when members only may ask', async () => {
    const byEmail = `searchBy=email&search=${encodeURIComponent(alice.user.email!)}`;
    expect((await list(byEmail, bob.token)).total).toBe(1);
    // Written behind the api's back: a member who never asked gets the answer bob's request computed.
    await t.deps.database.db
      .update(suggestions)
      .set({ title: 'Renamed quietly' })
      .where(eq(suggestions.id, posted._id));
    expect((await list(byEmail, alice.token)).list[0]!.title).not.toBe('Renamed quietly');
    // The same query signed out is keyed apart: it is refused, not served the members' answer.
    expect((await t.call('GET', `/suggestion?${byEmail}`)).status).toBe(401);
  });

  it('show a new suggestion and a follow at once to the member who made them', async () => {
    await postSuggestion(t, bob.token, { title: 'Second', abstract: 'Another.' });
    expect((await list('filter=mine', bob.token)).total).toBe(1);
    expect((await list('')).total).toBe(2);
    expect((await list('filter=subscribed', bob.token)).total).toBe(0);
    await t.call('POST', `/suggestion/${posted._id}/subscribe`, { token: bob.token });
    expect((await list('filter=subscribed', bob.token)).list.map((s) => s._id)).toEqual([posted._id]);
  });

  it('of proposals are renewed by any live update of a proposal, not by chain heights', async () => {
    const gen = () => readGeneration(t.deps.redis, 'proposals').then(Number);
    const start = await gen();
    await t.deps.events.publish('chain', 'chain:height', { height: 1 });
    expect(await gen()).toBe(start);
    await t.deps.events.publish('proposal:list', 'proposal:update', { id: 'x' });
    expect(await gen()).toBe(start + 1);
  });

  it('of teams and tasks are renewed by every write of their area that reaches its handler', async () => {
    type Page = { total: number; list: { name: string }[] };
    const teamsNow = async (token?: string) =>
      (await t.call<Page>('GET', '/team?type=TEAM', { token })).body.data!;
    const before = await teamsNow();
    const bobsBefore = await teamsNow(bob.token);
    const made = await t.call('POST', '/team', {
      token: alice.token,
      body: { name: 'Cache renewal team', description: 'A team that builds tools for the community.' },
    });
    expect(made.status).toBe(200);
    // Signed out and signed in (each member has an answer of their own), the new team shows at once.
    expect((await teamsNow()).total).toBe(before.total + 1);
    expect((await teamsNow(bob.token)).total).toBe(bobsBefore.total + 1);
    expect((await teamsNow()).list[0]!.name).toBe('Cache renewal team');

    const tasksGen = () => readGeneration(t.deps.redis, 'tasks').then(Number);
    const start = await tasksGen();
    expect((await t.call('GET', '/task')).status).toBe(200);
    expect(await tasksGen()).toBe(start);
    const refused = await t.call('POST', '/task', { token: bob.token, body: { name: 'x' } });
    expect(refused.status).toBe(400);
    expect(await tasksGen()).toBe(start); // refused by its schema before the handler: nothing to renew
    const notFound = await t.call('POST', '/task/00000000-0000-4000-8000-000000000000/withdraw', {
      token: bob.token,
    });
    expect(notFound.status).toBe(404);
    expect(await tasksGen()).toBe(start + 1); // reached the handler: renewed whatever its outcome
  });
});
