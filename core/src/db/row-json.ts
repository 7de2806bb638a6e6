import { Column, getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

// A wide row read as its columns costs node-postgres a field description, a type parser and a string per column
// on every execution, and drizzle a mapping step per column: a proposal's detail statement had about a hundred
// columns, and reading them cost more of the api's time than running the statement. Rows as one JSON value are
// one field and one JSON.parse, and then one pass over the selected fields here.

/** Selected fields as drizzle takes them: columns, and SQL whose JSON is the value as it is (no `mapWith`). */
export type JsonFields = Record<string, AnyPgColumn | SQL | SQL.Aliased>;

/** Columns whose values JSON numbers would round (numeric, int8 read as bigint): sent as their exact text. */
const EXACT_AS_TEXT = new Set(['PgNumeric', 'PgNumericNumber', 'PgNumericBigInt', 'PgBigInt64']);
/** Columns PostgreSQL's JSON already holds decoded. */
const DECODED = new Set(['PgJson', 'PgJsonb']);

const fieldListOf = new WeakMap<object, [string, JsonFields[string]][]>();
function fieldList(fields: JsonFields): [string, JsonFields[string]][] {
  let list = fieldListOf.get(fields);
  if (!list) fieldListOf.set(fields, (list = Object.entries(fields)));
  return list;
}

/**
 * `fields` of the statement's current row as one JSON object with the same keys, or null when `presentWhen` is
 * null (a left join that found nothing). Read it back with `fieldsFromJson`. Pass the same `fields` object each
 * time: its key list is kept.
 */
export function fieldsJson(fields: JsonFields, presentWhen?: AnyPgColumn): SQL {
  const list = fieldList(fields);
  const value = (f: JsonFields[string]) =>
    is(f, Column) && EXACT_AS_TEXT.has(f.columnType) ? sql`${f}::text` : sql`${f}`;
  // json_build_object takes at most 100 arguments (50 fields); a wider row is a row of a subquery.
  const row =
    list.length <= 50
      ? sql`json_build_object(${sql.join(
          list.map(([key, f]) => sql`${sql.raw(`'${key.replaceAll("'", "''")}'`)}, ${value(f)}`),
          sql`, `,
        )})`
      : sql`(select row_to_json(r) from (select ${sql.join(
          list.map(([key, f]) => sql`${value(f)} as ${sql.identifier(key)}`),
          sql`, `,
        )}) r)`;
  return presentWhen ? sql`(case when ${presentWhen} is null then null else ${row} end)` : row;
}

/** What `fieldsJson` sent, as drizzle reads the same fields from columns (the same value types). */
export function fieldsFromJson<F extends JsonFields>(
  fields: F,
  json: Record<string, unknown>,
): SelectResultFields<F> {
  const row: Record<string, unknown> = {};
  for (const [key, f] of fieldList(fields)) {
    const value = json[key];
    row[key] =
      value === null || value === undefined
        ? null
        : is(f, Column) && !DECODED.has(f.columnType)
          ? f.mapFromDriverValue(value)
          : value;
  }
  return row as SelectResultFields<F>;
}

const tableFieldsOf = new WeakMap<PgTable, JsonFields>();
const tableFields = (table: PgTable): JsonFields => {
  let fields = tableFieldsOf.get(table);
  if (!fields) tableFieldsOf.set(table, (fields = getTableColumns(table)));
  return fields;
};

/** A table's whole row in the statement as one JSON value (`fieldsJson` of its columns). */
export const rowJson = (table: PgTable, presentWhen?: AnyPgColumn): SQL =>
  fieldsJson(tableFields(table), presentWhen);

/** The row `rowJson` sent, as drizzle reads it from the table's columns. */
export const rowFromJson = <T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] =>
  fieldsFromJson(tableFields(table), json) as T['$inferSelect'];
