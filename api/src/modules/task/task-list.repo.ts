import { and, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import {
  placeholders,
  preparedOnce,
  type PageValues,
  type StatementParams,
} from '@cr/core/db/statement-params';
import { personByKey } from '@cr/core/db/person-columns';
import { taskCounts, tasks } from '@cr/core/db/schema';
import { likeSearch, likeValues } from '@cr/core/db/like-search';
import { escapeLike } from '@cr/core/db/text-search';
import { summaryColumns, type TaskSummaryRow } from './task.repo';

export interface TaskFilter {
  type?: string;
  /** Without `type`: exclude this type (the task list leaves projects to their own list). */
  notType?: string;
  category?: string;
  status?: string;
  q?: string;
  /** Public list: private tasks and tasks awaiting approval are left out. */
  publicOnly: boolean;
  limit: number;
  offset: number;
}

/**
 * Which filters a page has; `q`: a search word, with Han pairs (`han`) or not. The word itself is a value, the
 * statement planned at each call with it (see `run`).
 */
type Shape = Pick<TaskFilter, 'publicOnly'> & {
  [K in 'type' | 'notType' | 'category' | 'status']: boolean;
} & {
  q: false | 'word' | 'han';
};

/** The filter on any table with these four columns: the tasks themselves, or their counts. */
function conditions(shape: Shape, t: typeof tasks | typeof taskCounts, p: StatementParams): SQL[] {
  const where: SQL[] = [];
  // Written out, not bound: a generic plan only proves the public indexes' predicate (`is_private = false and
  // status <> 'PENDING'`) from constants, and reads the whole table otherwise.
  if (shape.publicOnly) where.push(sql`${t.isPrivate} = false`, sql`${t.status} <> 'PENDING'`);
  if (shape.type) where.push(eq(t.type, p.v('type')));
  else if (shape.notType) where.push(ne(t.type, p.v('notType')));
  if (shape.category) where.push(eq(t.category, p.v('category')));
  if (shape.status) where.push(eq(t.status, p.v('status')));
  return where;
}

/**
 * The page statement of a filter shape (prepared once per connection where it can be: planning it cost as much as
 * running it; see `run`). The page's ids are chosen first, so the owner join and the candidate counts run for the page's rows only, never for the
 * rows OFFSET skips. The total: without a search word, summed from task_counts (a few rows, kept exact by a
 * trigger) instead of counting thousands of index entries; with one, counted from the same matches the page is
 * cut from (a CTE read twice is computed once), so each match is checked once.
 */
function pageQuery(db: Db, shape: Shape, p: StatementParams) {
  const order = (t: { createdAt: SQL.Aliased | AnyColumn; id: SQL.Aliased | AnyColumn }) => [
    desc(t.createdAt),
    desc(t.id),
  ];
  const where = conditions(shape, tasks, p);
  // The owner by key for each page row (personByKey), so a generic plan reads it as a custom one does.
  const owner = personByKey(db, tasks.ownerId, 'owner');
  const columns = {
    ...summaryColumns,
    owner: {
      id: owner.id,
      username: owner.username,
      firstName: owner.firstName,
      lastName: owner.lastName,
      avatar: owner.avatar,
    },
  };
  if (shape.q) {
    const pairs = shape.q === 'han' ? p.v('pairs') : null;
    where.push(likeSearch(tasks.searchText, p.v('pattern'), pairs));
    const matches = db.$with('matches').as(
      db
        .select({ id: tasks.id, createdAt: tasks.createdAt })
        .from(tasks)
        .where(and(...where)),
    );
    const page = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(...order(matches))
      .limit(p.limit)
      .offset(p.offset)
      .as('page');
    return db
      .with(matches)
      .select({ ...columns, total: sql<number>`(select count(*)::int from ${matches})` })
      .from(page)
      .innerJoin(tasks, eq(tasks.id, page.id))
      .innerJoinLateral(owner, sql`true`)
      .orderBy(...order(tasks));
  }
  const page = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order(tasks))
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  const counted = conditions(shape, taskCounts, p);
  const total = sql<number>`(select coalesce(sum(${taskCounts.n}), 0)::int from ${taskCounts}${
    counted.length ? sql` where ${and(...counted)}` : sql``
  })`;
  return db
    .select({ ...columns, total })
    .from(page)
    .innerJoin(tasks, eq(tasks.id, page.id))
    .innerJoinLateral(owner, sql`true`)
    .orderBy(...order(tasks));
}

/**
 * Every shape runs as a statement prepared once per connection and planned at each call with its values (custom
 * plans): on generic ones the varied task filters cost more in PostgreSQL (2.2 against 1.9 ms a page), and a LIKE
 * pattern's best plan depends on its word.
 */
function run(db: Db, shape: Shape, values: PageValues) {
  const name = `task_list_${Object.entries(shape)
    .map(([k, v]) => (v === true ? k : v ? `${k}_${v}` : ''))
    .filter(Boolean)
    .join('_')}`;
  return preparedOnce(db, name, () => pageQuery(db, shape, placeholders()).prepare(name)).execute(values);
}

/** One page of tasks, newest first, with the total, in one round trip (a page past the end counts apart). */
export async function listTasks(db: Db, f: TaskFilter): Promise<{ rows: TaskSummaryRow[]; total: number }> {
  const search = f.q ? likeValues(f.q.toLowerCase(), escapeLike) : null;
  const shape: Shape = {
    publicOnly: f.publicOnly,
    type: !!f.type,
    notType: !f.type && !!f.notType,
    category: !!f.category,
    status: !!f.status,
    q: search ? (search.pairs ? 'han' : 'word') : false,
  };
  const values = {
    ...search,
    type: f.type,
    notType: f.notType,
    category: f.category,
    status: f.status,
    limit: f.limit,
    offset: f.offset,
  };
  const found = await run(db, shape, values);
  const rows = found.map(({ task, owner, approvedCount, candidateCount }) => ({
    task,
    owner,
    approvedCount,
    candidateCount,
  }));
  if (found.length) return { rows, total: found[0]!.total };
  if (f.offset === 0) return { rows, total: 0 };
  const again = await run(db, shape, { ...values, offset: 0, limit: 1 });
  return { rows, total: again[0]?.total ?? 0 };
}
