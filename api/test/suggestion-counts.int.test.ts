import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { SUGGESTION_TYPES } from '@cr/contract/suggestion-content.contract';
import { suggestionListQuerySchema, type SuggestionListQuery } from '@cr/contract/suggestion.contract';
import { suggestionComments, suggestionSubscriptions, suggestions } from '@cr/core/db/schema';
import { listPage, MATCH_COUNT_CAP } from '../src/modules/suggestion/suggestion-list.repo';
import { searchDocument } from '@cr/core/db/text-search';
import type { SuggestionContent } from '@cr/contract/suggestion-content.contract';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await startTestApi();
  const a = (await makeUser(db(), { firstName: 'Alice', lastName: 'Counts' })).user;
  const b = (await makeUser(db(), { firstName: 'Bob', lastName: 'Counts' })).user;
  alice = a.id;
  bob = b.id;
  for (const u of [a, b]) authorNames.set(u.id, `${u.username} ${u.firstName} ${u.lastName}`);
});
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const TYPES = SUGGESTION_TYPES.slice(0, 3);
const STATUSES = ['ACTIVE', 'ACTIVE', 'ARCHIVED', 'CANCELLED'] as const;
const WORDS = ['wallet', 'bridge', '钱包'];
/** Name searches: one author's, and both authors' (their last name). */
const NAMES = ['alice', 'counts'];
const authorNames = new Map<string, string>();
const SORT_KEY = {
  newest: 'number',
  likes: 'likesNum',
  views: 'viewsNum',
  activeness: 'activeness',
} as const;

/** The truth, filtered, counted and ordered in JavaScript from every row, for comparison. */
async function expected(q: SuggestionListQuery, reader: string | null, limit: number, offset: number) {
  const all = await db().select().from(suggestions);
  const commented = new Set(
    (
      await db()
        .select({ id: suggestionComments.suggestionId })
        .from(suggestionComments)
        .where(sql`${suggestionComments.authorId} = ${reader} and ${suggestionComments.deletedAt} is null`)
    ).map((r) => r.id),
  );
  const subscribed = new Set(
    (
      await db()
        .select({ id: suggestionSubscriptions.suggestionId })
        .from(suggestionSubscriptions)
        .where(sql`${suggestionSubscriptions.userId} = ${reader}`)
    ).map((r) => r.id),
  );
  const keep = all.filter((s) => {
    if (q.type && s.type !== q.type) return false;
    if (q.search && q.searchBy === 'title' && !s.title.toLowerCase().includes(q.search)) return false;
    if (q.search && q.searchBy === 'name' && !authorNames.get(s.authorId)!.toLowerCase().includes(q.search))
      return false;
    switch (q.filter) {
      case 'mine':
        return s.authorId === reader;
      case 'archived':
        return s.status === 'ARCHIVED';
      case 'signed':
      case 'unsigned':
        return s.status === 'ACTIVE' && s.signed === (q.filter === 'signed');
      case 'commented':
        return s.status === 'ACTIVE' && commented.has(s.id);
      case 'subscribed':
        return s.status === 'ACTIVE' && subscribed.has(s.id);
      default:
        return s.status === 'ACTIVE';
    }
  });
  const k = SORT_KEY[q.sortBy];
  keep.sort((a, b) => b[k] - a[k] || b.number - a.number);
  return { numbers: keep.slice(offset, offset + limit).map((s) => s.number), total: keep.length };
}

async function compareAll() {
  for (const filter of ['all', 'archived', 'signed', 'unsigned', 'mine', 'commented', 'subscribed'] as const)
    for (const type of [undefined, TYPES[1]])
      for (const sortBy of ['newest', 'likes'] as const)
        for (const [searchBy, search] of [
          ['title', undefined],
          ...WORDS.map((w) => ['title', w] as const),
          ...NAMES.map((n) => ['name', n] as const),
        ] as const)
          for (const offset of [0, 7, 500]) {
            const q = suggestionListQuerySchema.parse({ filter, type, sortBy, search, searchBy });
            const got = await listPage(db(), q, alice, 7, offset);
            const want = await expected(q, alice, 7, offset);
            expect({
              q,
              numbers: got.rows.map((r) => r.number),
              total: got.total,
              capped: got.totalCapped,
            }).toEqual({ q, ...want, capped: false });
          }
}

const content = (title: string, type: string) =>
  ({ type, title, abstract: 'About it.' }) as unknown as SuggestionContent;

async function insert(n: number, from = 0, word?: string) {
  const values = Array.from({ length: n }, (_, j) => {
    const i = from + j;
    const title = `${word ?? WORDS[i % 3]} plan ${i}`;
    const type = TYPES[i % 3]!;
    return {
      authorId: i % 2 ? alice : bob,
      type,
      title,
      abstract: 'About it.',
      content: content(title, type),
      draftHash: `h${i}`,
      titleSearch: searchDocument(title),
      abstractSearch: searchDocument('About it.'),
      status: STATUSES[i % 4]!,
      signed: i % 5 === 0,
      likesNum: (i * 7) % 11,
    };
  });
  return (await db().insert(suggestions).values(values).returning({ id: suggestions.id })).map((r) => r.id);
}

describe('suggestion list pages and totals', () => {
  it('equal a full count and sort for every filter, type, sort and search, through inserts, moves and deletions', async () => {
    const ids = await insert(48);
    await db()
      .insert(suggestionComments)
      .values(ids.slice(0, 12).map((id) => ({ suggestionId: id, authorId: alice, body: 'x' })));
    await db()
      .insert(suggestionSubscriptions)
      .values(ids.slice(6, 20).map((id) => ({ suggestionId: id, userId: alice })));
    await compareAll();

    // Moves between statuses, signatures and types, one by one and many at once, an edit that moves nothing,
    // then deletions.
    await db().update(suggestions).set({ status: 'ARCHIVED' }).where(eq(suggestions.id, ids[0]!));
    await db()
      .update(suggestions)
      .set({ signed: true, type: TYPES[1]! })
      .where(inArray(suggestions.id, ids.slice(10, 20)));
    await db()
      .update(suggestions)
      .set({ status: 'ACTIVE' })
      .where(inArray(suggestions.id, ids.slice(20, 30)));
    await db().update(suggestions).set({ likesNum: 99 }).where(eq(suggestions.id, ids[31]!));
    await db().delete(suggestionComments).where(eq(suggestionComments.suggestionId, ids[3]!));
    await db().delete(suggestionSubscriptions).where(eq(suggestionSubscriptions.suggestionId, ids[7]!));
    await db()
      .delete(suggestions)
      .where(inArray(suggestions.id, ids.slice(40, 48)));
    await compareAll();
  });

  it('keeps the counts exact under concurrent opposite moves (no deadlock)', async () => {
    const ids = await insert(20, 100);
    const rows = await db()
      .select({ id: suggestions.id, status: suggestions.status })
      .from(suggestions)
      .where(inArray(suggestions.id, ids));
    await Promise.all(
      rows.map((r) =>
        db()
          .update(suggestions)
          .set({ status: r.status === 'ACTIVE' ? 'ARCHIVED' : 'ACTIVE' })
          .where(eq(suggestions.id, r.id)),
      ),
    );
    await compareAll();
  });

  it('counts a search up to MATCH_COUNT_CAP matches and says when more match; pages are still exact', async () => {
    await insert(MATCH_COUNT_CAP * 3, 1000, 'plentiful');
    // A common word or name: its page is read by walking the sort index (matchesStatement), up to the last match
    // the pager reaches.
    for (const filter of ['all', 'unsigned'] as const)
      for (const [searchBy, search] of [
        ['title', 'plentiful'],
        ['name', 'counts'],
      ] as const)
        for (const sortBy of ['newest', 'likes'] as const)
          for (const offset of [0, 40, MATCH_COUNT_CAP - 20]) {
            const q = suggestionListQuerySchema.parse({ filter, search, searchBy, sortBy });
            const want = await expected(q, alice, 20, offset);
            expect(want.total).toBeGreaterThan(MATCH_COUNT_CAP);
            const got = await listPage(db(), q, alice, 20, offset);
            expect(got).toMatchObject({ total: MATCH_COUNT_CAP, totalCapped: true });
            expect({ q, offset, numbers: got.rows.map((r) => r.number) }).toEqual({
              q,
              offset,
              numbers: want.numbers,
            });
          }
    const res = await t.call<{ total: number; totalCapped: boolean }>('GET', '/suggestion?search=plentiful');
    expect(res.body.data).toMatchObject({ total: MATCH_COUNT_CAP, totalCapped: true });
    const few = await t.call<{ total: number; totalCapped: boolean }>('GET', '/suggestion?search=bridge');
    expect(few.body.data!.totalCapped).toBe(false);
  });

  it('answers the api with the same totals', async () => {
    const res = await t.call<{ total: number; list: { number: number }[] }>(
      'GET',
      '/suggestion?filter=unsigned&sortBy=likes&page=2&results=10',
    );
    expect(res.status).toBe(200);
    const q = suggestionListQuerySchema.parse({ filter: 'unsigned', sortBy: 'likes' });
    const want = await expected(q, null, 10, 10);
    expect(res.body.data!.total).toBe(want.total);
    expect(res.body.data!.list.map((x) => x.number)).toEqual(want.numbers);
  });
});
