import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The values of a statement prepared once per connection and run many times: its placeholders. */
export interface StatementParams {
  v(name: string): SQL | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/**
 * `OFFSET 0` for a subquery that PostgreSQL must run as written, for each row of a lateral join, instead of pulling
 * it up into a join whose order it then chooses. (drizzle types a subquery's offset as a number or a placeholder,
 * and leaves a plain 0 out.)
 */
export const NOT_PULLED_UP = sql`0` as unknown as Placeholder;

export type PageValues = Record<string, unknown> & { limit: number; offset: number };

export const placeholders = (): StatementParams => ({
  v: (name) => sql.placeholder(name),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
});

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/** For a database handle, the handle whose connections plan prepared statements once (openPostgres). */
const genericPlanDbOf = new WeakMap<object, object>();

/**
 * Statements prepared through `db` with `{ plan: 'generic' }` run on `genericDb`, whose connections say
 * `plan_cache_mode=force_generic_plan`. PostgreSQL plans a prepared statement again at every execution ("custom
 * plans") unless its generic plan looks as cheap, which a page's `LIMIT $n OFFSET $m` never does: the proposal list
 * was planned on every call (1.1 ms of planning next to 1.4 ms of running one page).
 */
export function runGenericPlansOn(db: object, genericDb: object): void {
  genericPlanDbOf.set(db, genericDb);
}

export interface PrepareOptions {
  /**
   * 'generic': planned once per connection, for a statement whose best plan does not depend on its values (lookups
   * by key, lists whose ordered index is the plan whatever the page). 'custom' (the default): planned at each
   * execution with its values (the main pool's connections say `plan_cache_mode=force_custom_plan`), so only the
   * statement's building in Node and its parsing are saved: a search, whose best plan depends on its word. A
   * generic plan takes an unknown LIMIT as a tenth of the rows: a page that joins a person by key must say so
   * (personByKey, a lateral join), or the generic plan hashes every member (suggestion page: 4.2 ms instead of
   * 1.4 ms).
   */
  plan?: 'generic' | 'custom';
}

/**
 * The statement named `name` for this database handle, built and prepared by `prepare` on first use (the driver then
 * parses it once per connection). `prepare` builds it on the handle it is given: for a generic plan the handle whose
 * connections plan once (runGenericPlansOn), else `db` itself (a transaction's statements stay in it). Names are per
 * shape: the same name must always build the same statement.
 */
export function preparedOnce<D extends object, T>(
  db: D,
  name: string,
  prepare: (db: D) => T,
  options: PrepareOptions = {},
): T {
  let byDb = preparedByDb.get(db);
  if (!byDb) preparedByDb.set(db, (byDb = new Map()));
  let statement = byDb.get(name) as T | undefined;
  if (statement === undefined) {
    const on = options.plan === 'generic' ? ((genericPlanDbOf.get(db) as D | undefined) ?? db) : db;
    byDb.set(name, (statement = prepare(on)));
  }
  return statement;
}
