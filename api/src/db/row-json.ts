import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';

// A wide row read as its columns costs node-postgres a field description, a type parser and a string per column
// on every execution, and drizzle a mapping step per column: a proposal's detail statement had about a hundred
// columns, and reading them cost more of the api's time than running the statement. A table's row as one JSON
// value is one field, one JSON.parse, and then one pass over the table's columns here.

/** Columns whose values JSON numbers would round (numeric, int8 read as bigint): sent as their exact text. */
const EXACT_AS_TEXT = new Set(['PgNumeric', 'PgNumericNumber', 'PgNumericBigInt', 'PgBigInt64']);
/** Columns PostgreSQL's JSON already holds decoded. */
const DECODED = new Set(['PgJson', 'PgJsonb']);

const columnsOf = new WeakMap<PgTable, [string, PgColumn][]>();
function columns(table: PgTable): [string, PgColumn][] {
  let list = columnsOf.get(table);
  if (!list) columnsOf.set(table, (list = Object.entries(getTableColumns(table))));
  return list;
}

/**
 * The row of `table` in the statement's FROM as one JSON object keyed by column name, or null when `presentWhen`
 * is null (a left join that found nothing). Read it back with `rowFromJson`.
 */
export function rowJson(table: PgTable, presentWhen?: AnyPgColumn): SQL {
  const cols = columns(table).map(([, c]) =>
    EXACT_AS_TEXT.has(c.columnType)
      ? sql`${c}::text as ${sql.identifier(c.name)}`
      : sql`${c} as ${sql.identifier(c.name)}`,
  );
  const row = sql`(select row_to_json(r) from (select ${sql.join(cols, sql`, `)}) r)`;
  return presentWhen ? sql`(case when ${presentWhen} is null then null else ${row} end)` : row;
}

/** The row `rowJson` sent, as drizzle reads it from the table's columns (the same keys and value types). */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns(table)) {
    const value = json[column.name];
    row[key] =
      value === null || value === undefined
        ? null
        : DECODED.has(column.columnType)
          ? value
          : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
