// The backup round trip of docs/operations.md: a seeded database dumped with `pg_dump -Fc`, restored with
// `pg_restore` into an empty database, holds the same rows in every table (compared table by table by a digest of
// all its rows), and the api starts on the restored database without migrating anything new.
//
// PostgreSQL pass only (TEST_DATABASE=postgres).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@cr/core/db/db-client';
import { createTestDatabase } from '../../../api/test/test-database';
import { testConfig } from '../../../api/test/test-config';
import { repoRoot } from '../stack/stack';
import { startNode } from './cluster-nodes';

/** Per table of the public and drizzle schemas: row count and an md5 of all rows in a fixed order. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ s: string; t: string }>(
      `select table_schema s, table_name t from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
    );
    const out: Record<string, string> = {};
    for (const { s, t } of tables.rows) {
      const q = `select count(*)::int n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') h from "${s}"."${t}" x`;
      const r = await c.query<{ n: number; h: string }>(q);
      out[`${s}.${t}`] = `${r.rows[0]!.n}:${r.rows[0]!.h}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

describe.runIf(testConfig.TEST_DATABASE === 'postgres')('backup and restore (pg_dump / pg_restore)', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const d of drops) await d().catch(() => undefined);
  });

  it('restores a seeded database with every row of every table', { timeout: 300_000 }, async () => {
    const source = await createTestDatabase();
    drops.push(source.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-backup-'));
    // Migrated, then seeded the way `npm run seed` does (members, suggestions, comments, likes, proposals, tasks).
    await (await openDatabase({ databaseUrl: source.url, pgliteDir: '' })).close();
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/src/seed/seed.ts',
        ...['--suggestions', '300', '--proposals', '20', '--tasks', '50', '--teams', '10', '--users', '40'],
      ],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: source.url!, DATA_DIR: dataDir }, stdio: 'pipe' },
    );
    const before = await fingerprint(source.url!);
    expect(Number(before['public.suggestions']!.split(':')[0])).toBe(300);

    // The documented commands (docs/operations.md).
    const dump = path.join(dataDir, 'cr.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source.url!]);
    const target = await createTestDatabase({ empty: true });
    drops.push(target.drop);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.url!}`, dump]);

    expect(await fingerprint(target.url!)).toEqual(before);

    // The api runs on the restored database (its migrations are all recorded there: nothing to apply).
    const api = await startNode({
      kind: 'api',
      name: 'api',
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: target.url!,
        REDIS_URL: testConfig.REDIS_URL,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
      },
    });
    try {
      const res = await fetch(`${api.url}/api/suggestion?page=1&results=10`);
      expect(res.status).toBe(200);
    } finally {
      await api.stop();
    }
    const after = await fingerprint(target.url!);
    expect(after['drizzle.__drizzle_migrations']).toBe(before['drizzle.__drizzle_migrations']);
  });
});
