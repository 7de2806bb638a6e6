import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionDetail, SuggestionList } from '@cr/contract/suggestion.contract';
import { makeUser } from './factories';
import { postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';
import { requestWallet, walletsFor } from './wallet-harness';

type User = Awaited<ReturnType<typeof makeUser>>;
let t: TestApi;
let alice: User;
let bob: User;
let carol: User;
const s: Record<string, SuggestionDetail> = {};

const list = async (query: string, token?: string) => {
  const res = await t.call<SuggestionList>('GET', `/suggestion?${query}`, { token });
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
const numbers = (l: SuggestionList) => l.list.map((x) => x.number);
const key = (name: string) => s[name]!.number;

beforeAll(async () => {
  t = await startTestApi({ CHAIN_ID: '31337' }, { did: true });
  const w = walletsFor(t);
  const wallet = await w.create('alice');
  const db = t.deps.database.db;
  alice = await makeUser(db, { firstName: 'Alice', lastName: 'Wonderland', did: wallet.did });
  bob = await makeUser(db, { firstName: '张', lastName: '伟' });
  carol = await makeUser(db);
  s.wallet = await postSuggestion(t, alice.token, {
    title: 'Hardware wallet support',
    abstract: 'Keys kept offline for council members.',
  });
  s.chinese = await postSuggestion(t, alice.token, {
    title: '区块链钱包改进',
    abstract: '为社区成员提供更安全的钱包',
  });
  s.meetup = await postSuggestion(t, bob.token, {
    title: 'Community meetup fund',
    abstract: 'Monthly meetups in Singapore.',
  });
  s.marketing = await postSuggestion(t, bob.token, {
    title: 'Marketing 推广 plan',
    abstract: 'Reach new developers.',
  });
  s.archived = await postSuggestion(t, bob.token, { title: 'Old idea', abstract: 'Superseded.' });
  s.signed = await postSuggestion(t, alice.token, {
    title: 'Signed treasury report',
    abstract: 'Quarterly.',
  });
  await t.call('POST', `/suggestion/${s.archived._id}/archive`, { token: bob.token });
  const req = (await requestWallet(t, 'sign-suggestion', alice.token, s.signed._id)).body.data!;
  expect((await w.approve(req.url, 'alice')).status).toBe(200);
  // Engagement: meetup is the most liked, chinese the most viewed, marketing the most discussed.
  for (const u of [alice, bob, carol])
    await t.call('POST', `/suggestion/${s.meetup._id}/like`, { token: u.token });
  await t.call('POST', `/suggestion/${s.wallet._id}/like`, { token: carol.token });
  for (const u of [alice, carol])
    await t.call('POST', `/suggestion/${s.chinese._id}/view`, { token: u.token });
  for (const body of ['one', 'two', 'three'])
    await t.call('POST', `/suggestion/${s.marketing._id}/comments`, { token: carol.token, body: { body } });
  await t.call('POST', `/suggestion/${s.wallet._id}/subscribe`, { token: carol.token });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe('filters', () => {
  it('all: active suggestions, newest first, with the total', async () => {
    const l = await list('');
    expect(numbers(l)).toEqual(['signed', 'marketing', 'meetup', 'chinese', 'wallet'].map(key));
    expect(l.total).toBe(5);
    expect(l).toMatchObject({ page: 1, results: 10 });
  });
  it('added by me, commented by me, subscribed (signed in only)', async () => {
    expect(numbers(await list('filter=mine', bob.token))).toEqual(
      ['archived', 'marketing', 'meetup'].map(key),
    );
    expect(numbers(await list('filter=commented', carol.token))).toEqual([key('marketing')]);
    expect(numbers(await list('filter=subscribed', carol.token))).toEqual([key('wallet')]);
    for (const f of ['mine', 'commented', 'subscribed'])
      expect((await t.call('GET', `/suggestion?filter=${f}`)).status).toBe(401);
  });
  it('archived, signed, unsigned', async () => {
    expect(numbers(await list('filter=archived'))).toEqual([key('archived')]);
    expect(numbers(await list('filter=signed'))).toEqual([key('signed')]);
    expect(numbers(await list('filter=unsigned'))).toEqual(
      ['marketing', 'meetup', 'chinese', 'wallet'].map(key),
    );
  });
  it('by type', async () => {
    expect((await list('type=CHANGE_SECRETARY')).total).toBe(0);
    expect((await list('type=1')).total).toBe(5);
  });
});

describe('sorts', () => {
  it('likes (most popular), views (most views), activeness (trending), newest', async () => {
    const likes = await list('sortBy=likes');
    expect(numbers(likes).slice(0, 2)).toEqual([key('meetup'), key('wallet')]);
    expect(likes.list[0]!.likesNum).toBe(3);
    expect(numbers(await list('sortBy=views'))[0]).toBe(key('chinese'));
    const trending = await list('sortBy=activeness');
    expect(numbers(trending)[0]).toBe(key('marketing')); // 3 comments × 3
    expect(trending.list.map((x) => x.activeness)).toEqual(
      [...trending.list.map((x) => x.activeness)].sort((a, b) => b - a),
    );
    expect(numbers(await list('sortBy=newest'))[0]).toBe(key('signed'));
  });
});

describe('search', () => {
  it('by title, English words by prefix and Chinese by characters', async () => {
    expect(numbers(await list('search=wall'))).toEqual([key('wallet')]);
    expect(numbers(await list('search=HARDWARE%20support'))).toEqual([key('wallet')]);
    expect(numbers(await list(`search=${encodeURIComponent('钱包')}`))).toEqual([key('chinese')]);
    expect(numbers(await list(`search=${encodeURIComponent('链')}`))).toEqual([key('chinese')]);
    expect(numbers(await list(`search=${encodeURIComponent('推广')}`))).toEqual([key('marketing')]);
    expect((await list(`search=${encodeURIComponent('钱链')}`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent("' | !")}`)).total).toBe(0);
  });
  it('by number and by abstract', async () => {
    expect(numbers(await list(`searchBy=number&search=${encodeURIComponent(`#${key('meetup')}`)}`))).toEqual([
      key('meetup'),
    ]);
    expect((await list('searchBy=number&search=abc')).total).toBe(0);
    // A number past the column's range is a number no suggestion has, not an error.
    expect((await list(`searchBy=number&search=${encodeURIComponent('#9999999999999999')}`)).total).toBe(0);
    expect(numbers(await list('searchBy=abstract&search=singapore'))).toEqual([key('meetup')]);
    expect(numbers(await list(`searchBy=abstract&search=${encodeURIComponent('安全')}`))).toEqual([
      key('chinese'),
    ]);
  });
  it('by author name (part of username, first or last name, Chinese too)', async () => {
    expect(numbers(await list('searchBy=name&search=wonder'))).toEqual(
      ['signed', 'chinese', 'wallet'].map(key),
    );
    expect(numbers(await list(`searchBy=name&search=${encodeURIComponent('张')}`))).toEqual(
      ['marketing', 'meetup'].map(key),
    );
    expect((await list('searchBy=name&search=%25')).total).toBe(0); // a literal %, not a wildcard
  });
  it('by author e-mail, matched exactly and never shown, for signed-in members only', async () => {
    const email = alice.user.email!;
    const byEmail = (text: string) => `searchBy=email&search=${encodeURIComponent(text)}`;
    const anonymous = await t.call('GET', `/suggestion?${byEmail(email)}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.type).toBe('auth.required');
    const found = await list(byEmail(email.toUpperCase()), carol.token);
    expect(numbers(found)).toEqual(['signed', 'chinese', 'wallet'].map(key));
    expect(JSON.stringify(found)).not.toContain('@');
    expect((await list(byEmail(email.slice(0, -3)), carol.token)).total).toBe(0);
  });
  it('counts e-mail searches per member: past EMAIL_SEARCH_LIMIT in 15 minutes they are refused', async () => {
    const sweeper = await makeUser(t.deps.database.db);
    const limit = t.deps.config.EMAIL_SEARCH_LIMIT;
    for (let i = 0; i < limit; i++)
      await list(`searchBy=email&search=probe${i}%40example.org`, sweeper.token);
    const refused = await t.call('GET', '/suggestion?searchBy=email&search=one-more%40example.org', {
      token: sweeper.token,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.type).toBe('rate_limited');
    // Other searches and other members are not affected.
    expect((await list('searchBy=title&search=wallet', sweeper.token)).total).toBeGreaterThan(0);
    expect(
      (await list(`searchBy=email&search=${encodeURIComponent(alice.user.email!)}`, bob.token)).total,
    ).toBe(3);
  });
});

describe('paging', () => {
  it('serves pages of 10 or 20 with a stable order and total', async () => {
    for (let i = 0; i < 16; i++) await postSuggestion(t, carol.token, { title: `Batch ${i}` });
    const p1 = await list('results=10&page=1');
    const p2 = await list('results=10&page=2');
    const all = await list('results=20&page=1');
    expect(p1.total).toBe(21);
    expect(p1.list).toHaveLength(10);
    expect([...numbers(p1), ...numbers(p2)]).toEqual(numbers(all));
    expect((await list('results=20&page=2')).list).toHaveLength(1);
  });
});

describe('CSV export', () => {
  it('exports the filtered list as text/csv without e-mails', async () => {
    const res = await fetch(`${t.url}/api/suggestion/export.csv?searchBy=name&search=wonder`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('suggestions.csv');
    const lines = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"Number","Title"/);
    expect(lines.slice(1).map((l) => Number(JSON.parse(l.split(',')[0]!)))).toEqual(
      ['signed', 'chinese', 'wallet'].map(key),
    );
    expect(lines.join('\n')).not.toContain('@');
    const refused = await fetch(`${t.url}/api/suggestion/export.csv?filter=mine`);
    expect(refused.status).toBe(401);
  });
});
