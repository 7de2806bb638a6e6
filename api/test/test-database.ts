import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/db-client';
import { testConfig } from './test-config';

/** A database URL for one test file: a new database on the configured PostgreSQL, or undefined for PGlite. */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (testConfig.TEST_DATABASE !== 'postgres') return { url: undefined, drop: async () => undefined };
  if (!testConfig.DATABASE_URL) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `cr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testConfig.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testConfig.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: testConfig.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
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
