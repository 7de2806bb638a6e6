import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { taskListSchema } from '@cr/contract/task.contract';
import { tasks } from '@cr/core/db/schema';
import { listTasks, type TaskFilter } from '../src/modules/task/task-list.repo';
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
const TYPES = ['TASK', 'EVENT', 'PROJECT'];
const CATEGORIES = ['GENERAL', 'DEVELOPER', 'SOCIAL'];
const STATUSES = ['CREATED', 'PENDING', 'APPROVED', 'ASSIGNED', 'SUCCESS'];
const WORDS = ['wallet', 'Bridge', '钱包', 'audit'];
/** Searched besides WORDS: one Han character (no pair to look up), a pair across a name's words, none found. */
const MORE_WORDS = ['包', '包 j', '区块链钱包'];

/** The truth, counted and ordered the slow way, for comparison. */
async function expected(f: TaskFilter) {
  const where: SQL[] = [];
  if (f.publicOnly) where.push(eq(tasks.isPrivate, false), ne(tasks.status, 'PENDING'));
  if (f.type) where.push(eq(tasks.type, f.type));
  else if (f.notType) where.push(ne(tasks.type, f.notType));
  if (f.category) where.push(eq(tasks.category, f.category));
  if (f.status) where.push(eq(tasks.status, f.status));
  if (f.q) {
    const w = `%${f.q.toLowerCase()}%`;
    where.push(sql`(lower(${tasks.name}) like ${w} or lower(${tasks.description}) like ${w})`);
  }
  const rows = await db()
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(...where))
    .orderBy(sql`${tasks.createdAt} desc, ${tasks.id} desc`);
  return { ids: rows.slice(f.offset, f.offset + f.limit).map((r) => r.id), total: rows.length };
}

async function compareAll() {
  const filters: TaskFilter[] = [];
  for (const publicOnly of [true, false])
    for (const type of [undefined, ...TYPES])
      for (const category of [undefined, CATEGORIES[1]])
        for (const status of [undefined, 'APPROVED'])
          for (const q of [undefined, ...WORDS, ...MORE_WORDS])
            for (const offset of [0, 7, 500])
              filters.push({
                publicOnly,
                type,
                notType: type ? undefined : 'PROJECT',
                category,
                status,
                q,
                limit: 7,
                offset,
              });
  for (const f of filters) {
    const got = await listTasks(db(), f);
    const want = await expected(f);
    expect({ f, ids: got.rows.map((r) => r.task.id), total: got.total }).toEqual({ f, ...want });
  }
}

describe('task list pages and totals', () => {
  it('equal a full count and sort for every filter shape, through creations, moves, privacy changes and deletions', async () => {
    const { user } = await makeUser(db());
    const { user: other } = await makeUser(db());
    const made = [];
    for (let i = 0; i < 60; i++) {
      made.push({
        name: `${WORDS[i % 4]} job ${i}`,
        description: i % 3 ? `Help with the ${WORDS[(i + 1) % 4]} site.` : 'Plain text.',
        type: TYPES[i % 3]!,
        category: CATEGORIES[i % 3]!,
        status: STATUSES[i % 5]!,
        isPrivate: i % 7 === 0,
        candidateLimit: 1,
        ownerId: i % 2 ? user.id : other.id,
        createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 60_000),
      });
    }
    const ids = (await db().insert(tasks).values(made).returning({ id: tasks.id })).map((r) => r.id);
    await compareAll();

    // Moves between statuses, types and privacy, one by one and many at once, then deletions.
    await db().update(tasks).set({ status: 'APPROVED' }).where(eq(tasks.id, ids[1]!));
    await db()
      .update(tasks)
      .set({ isPrivate: true, category: 'SOCIAL' })
      .where(inArray(tasks.id, ids.slice(10, 20)));
    await db()
      .update(tasks)
      .set({ type: 'EVENT' })
      .where(inArray(tasks.id, ids.slice(20, 25)));
    await db().update(tasks).set({ name: 'renamed wallet' }).where(eq(tasks.id, ids[30]!));
    await db()
      .delete(tasks)
      .where(inArray(tasks.id, ids.slice(40, 50)));
    await compareAll();
  });

  it('keeps the counts exact under concurrent opposite moves (no deadlock)', async () => {
    const { user } = await makeUser(db());
    const rows = await db()
      .insert(tasks)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          name: `swap ${i}`,
          description: 'x',
          type: 'TASK',
          category: 'GENERAL',
          status: i % 2 ? 'APPROVED' : 'ASSIGNED',
          candidateLimit: 1,
          ownerId: user.id,
        })),
      )
      .returning({ id: tasks.id, status: tasks.status });
    await Promise.all(
      rows.map((r) =>
        db()
          .update(tasks)
          .set({ status: r.status === 'APPROVED' ? 'ASSIGNED' : 'APPROVED' })
          .where(eq(tasks.id, r.id)),
      ),
    );
    await compareAll();
  });

  it('answers the api with the same totals', async () => {
    const res = await t.call('GET', '/task?q=wallet');
    expect(res.status).toBe(200);
    const list = taskListSchema.parse(res.body.data);
    const want = await expected({ publicOnly: true, notType: 'PROJECT', q: 'wallet', limit: 12, offset: 0 });
    expect(list.total).toBe(want.total);
    expect(list.list.map((x) => x._id)).toEqual(want.ids.slice(0, list.pageSize));
  });
});
