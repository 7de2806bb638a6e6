import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DbHandle } from '@cr/core/db/db-client';
import { testConfig } from './test-config';

const MIGRATIONS_DIR = MIGRATIONS_FOLDER;

/** The template's name: it changes with any migration, so a run never copies a database migrated differently. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return `cr_template_${hash.digest('hex').slice(0, 12)}`;
}

function urlOf(name: string): string {
  const url = new URL(testConfig.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testConfig.DATABASE_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** Any number, the same in every test process: the lock under which one of them builds the template. */
const TEMPLATE_LOCK = 0x63725f74;

let template: Promise<string> | undefined;

/**
 * The migrated, empty database every test file's database is copied from: built once for the run (the first test
 * process to need it builds it under an advisory lock; the others wait, then copy). It is built under another name
 * and renamed when complete, so a run stopped half-way never leaves a half-migrated template. Templates of older
 * migrations are dropped.
 */
function migratedTemplate(): Promise<string> {
  template ??= withAdmin(async (admin) => {
    const name = templateName();
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      await (await openDatabase({ databaseUrl: urlOf(building), pgliteDir: '' })).close();
      await admin.query(`alter database ${building} rename to ${name}`);
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'cr\\_template\\_%' and datname <> $1`,
        [name],
      );
      for (const { datname } of stale.rows) {
        try {
          await admin.query(`drop database if exists ${datname}`);
        } catch {
          // In use by another checkout's run on the same server: it stays, and is dropped by a later run.
        }
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

/**
 * A database URL for one test file: a new database on the configured PostgreSQL, or undefined for PGlite. It is a
 * copy of the migrated template (opening it applies nothing), or empty with `{ empty: true }` (a restore's target).
 */
export async function createTestDatabase(
  opts: { empty?: boolean } = {},
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (testConfig.TEST_DATABASE !== 'postgres') return { url: undefined, drop: async () => undefined };
  if (!testConfig.DATABASE_URL) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `cr_test_${randomBytes(6).toString('hex')}`;
  const from = opts.empty ? '' : ` template ${await migratedTemplate()}`;
  await withAdmin((admin) => admin.query(`create database ${name}${from}`));
  return {
    url: urlOf(name),
    drop: () =>
      withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * A database of its own for the calling test file, migrated, opened before its tests and closed and dropped after
 * them: PostgreSQL's when the run uses it, else PGlite in memory. Call it at the file's top level; the returned
 * function gives the handle inside tests.
 */
export function suiteDatabase(): () => DbHandle {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let database: DbHandle | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase({ databaseUrl: testDb.url, pgliteDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });
  return () => {
    if (!database) throw new Error('suiteDatabase: the database opens in beforeAll');
    return database;
  };
}
