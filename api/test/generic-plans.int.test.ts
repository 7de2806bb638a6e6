import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withServerOption, type DbHandle } from '@cr/core/db/db-client';
import { preparedOnce } from '@cr/core/db/statement-params';
import { suiteDatabase } from './test-database';

// Statements prepared with { plan: 'generic' } are planned once per connection on PostgreSQL; every other statement
// is planned at each call with its values (the searches' best plans depend on the word), prepared or not.
const database = suiteDatabase();

const planMode = (db: DbHandle['db'], name: string, plan: 'generic' | 'custom') =>
  preparedOnce(
    db,
    name,
    (on) =>
      on
        .select({
          mode: sql<string>`current_setting('plan_cache_mode')`,
          n: sql<number>`${sql.placeholder('n')}::int`,
        })
        .from(sql`(select 1) one`)
        .prepare(name),
    { plan },
  ).execute({ n: 1 });

describe('generic plans for prepared statements', () => {
  it('runs a generic-plan statement on connections that plan once, and the rest on connections that plan per call', async () => {
    const [generic] = await planMode(database().db, 'test_plan_generic', 'generic');
    const [custom] = await planMode(database().db, 'test_plan_custom', 'custom');
    const [plain] = await database()
      .db.select({ mode: sql<string>`current_setting('plan_cache_mode')` })
      .from(sql`(select 1) one`);
    const pg = database().kind === 'postgres';
    expect(generic!.mode).toBe(pg ? 'force_generic_plan' : 'auto');
    expect(custom!.mode).toBe(pg ? 'force_custom_plan' : 'auto');
    expect(plain!.mode).toBe(pg ? 'force_custom_plan' : 'auto');
  });

  it('adds the option after the options a connection string already names', () => {
    expect(withServerOption('postgres://u@h:5432/db', '-c a=b')).toBe(
      'postgres://u@h:5432/db?options=-c+a%3Db',
    );
    const both = new URL(
      withServerOption('postgres://u@h/db?options=-c%20search_path%3Dx&sslmode=disable', '-c a=b'),
    );
    expect(both.searchParams.get('options')).toBe('-c search_path=x -c a=b');
    expect(both.searchParams.get('sslmode')).toBe('disable');
  });
});
