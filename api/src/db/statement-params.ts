import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The values of a statement built once for two uses: placeholders when it is prepared once per connection and run
 * many times, or the values themselves when it must be planned for each call (a LIKE pattern's best plan depends
 * on the word: a prepared generic plan would read the whole trigram index for a word with no trigram in it).
 */
export interface StatementParams {
  v(name: string): SQL | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
}

export type PageValues = Record<string, unknown> & { limit: number; offset: number };

export const placeholders = (): StatementParams => ({
  v: (name) => sql.placeholder(name),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
});

export const inlineValues = (values: PageValues): StatementParams => ({
  v: (name) => sql`${values[name] ?? null}`,
  limit: values.limit,
  offset: values.offset,
});

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement named `name` for this database handle, built and prepared by `prepare` on first use (the driver then
 * parses and plans it once per connection). Names are per shape: the same name must always build the same statement.
 */
export function preparedOnce<T>(db: object, name: string, prepare: () => T): T {
  let byDb = preparedByDb.get(db);
  if (!byDb) preparedByDb.set(db, (byDb = new Map()));
  let statement = byDb.get(name) as T | undefined;
  if (statement === undefined) byDb.set(name, (statement = prepare()));
  return statement;
}
