import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ProposalList, ProposalStatus } from '@cr/contract/proposal.contract';
import { bumpGeneration } from '@cr/core/cache/cache-generation';
import { proposalCounts, proposals } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

/**
 * A plain proposal list's total comes from `proposal_counts` (kept by a trigger): it must equal a full count of
 * the rows through inserts, moves between statuses and types, deletions and concurrent opposite moves.
 */
let t: TestApi;
let owner: string;
beforeAll(async () => {
  t = await startTestApi();
  owner = (await makeUser(db(), { firstName: 'Olga', lastName: 'Counts' })).user.id;
});
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const STATUSES: ProposalStatus[] = [
  'DRAFT',
  'PROPOSED',
  'NOTIFICATION',
  'ACTIVE',
  'FINAL',
  'REJECT',
  'VETOED',
];
const TYPES = ['1', '2', '3'];

async function insert(n: number, from = 0): Promise<string[]> {
  const values = Array.from({ length: n }, (_, j) => {
    const i = from + j;
    const status = STATUSES[i % STATUSES.length]!;
    const title = `Counted ${i}`;
    return {
      number: status === 'DRAFT' ? null : sql`nextval('proposal_number_seq')`,
      status,
      type: TYPES[i % TYPES.length]!,
      title,
      titleSearch: sql`to_tsvector('simple', ${title})`,
      ownerId: owner,
      proposerId: owner,
      draftHash: `0x${randomBytes(32).toString('hex')}`,
    };
  });
  return (await db().insert(proposals).values(values).returning({ id: proposals.id })).map((r) => r.id);
}

/** The counts table against a full count, and each plain list's total against the same list planned per call. */
async function compareAll() {
  // The rows were written behind the api's back (straight to the database), so its cached list answers are renewed
  // first, as a write through the api would. Without it both lists could come from the first pass's cache (equal,
  // and checking nothing), or, on a slow machine, one from the cache and one fresh once the other's 3 s had passed
  // (16 against 12 in a loaded CI run).
  await bumpGeneration(t.deps.redis, 'proposals');
  const truth = await db()
    .select({ status: proposals.status, type: proposals.type, n: sql<number>`count(*)::int` })
    .from(proposals)
    .groupBy(proposals.status, proposals.type);
  const counts = await db().select().from(proposalCounts);
  const key = (r: { status: string; type: string }) => `${r.status}/${r.type}`;
  expect(Object.fromEntries(counts.filter((c) => c.n !== 0).map((c) => [key(c), c.n]))).toEqual(
    Object.fromEntries(truth.map((r) => [key(r), r.n])),
  );
  for (const status of ['', 'PROPOSED', 'NOTIFICATION,PROPOSED', 'ACTIVE', 'VETOED'])
    for (const type of ['', '2']) {
      const query = `status=${status}&type=${type}&results=10&page=2`.replace(/&?\w+=(?=&|$)/g, '');
      const list = async (q: string) => {
        const res = await t.call<ProposalList>('GET', `/proposals?${q}`);
        expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body.data!;
      };
      const [plain, planned] = [await list(query), await list(`${query}&createdFrom=2000-01-01`)];
      expect({ query, total: plain.total }).toEqual({ query, total: planned.total });
      expect(plain.list.map((p) => p._id)).toEqual(planned.list.map((p) => p._id));
    }
}

describe('proposal list totals', () => {
  it('equal a full count through inserts, moves between statuses and types, and deletions', async () => {
    const ids = await insert(42);
    await compareAll();
    await db().update(proposals).set({ status: 'ACTIVE' }).where(eq(proposals.id, ids[1]!));
    await db()
      .update(proposals)
      .set({ status: 'NOTIFICATION', type: '2' })
      .where(inArray(proposals.id, ids.slice(7, 19)));
    // An update that moves nothing counts nothing.
    await db().update(proposals).set({ title: 'Renamed' }).where(eq(proposals.id, ids[20]!));
    await db()
      .delete(proposals)
      .where(inArray(proposals.id, ids.slice(30, 42)));
    await compareAll();
  });

  it('stay exact under concurrent opposite moves (no deadlock)', async () => {
    const ids = await insert(20, 100);
    const rows = await db()
      .select({ id: proposals.id, status: proposals.status })
      .from(proposals)
      .where(inArray(proposals.id, ids));
    await Promise.all(
      rows.map((r) =>
        db()
          .update(proposals)
          .set({ status: r.status === 'ACTIVE' ? 'FINAL' : 'ACTIVE' })
          .where(eq(proposals.id, r.id)),
      ),
    );
    await compareAll();
  });
});
