import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function runApi(env: Record<string, string>, entry = 'api/src/main-api.ts') {
  const result = spawnSync(tsx, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout };
}

describe('start-up with bad configuration', () => {
  it('exits non-zero with one clear line when DATABASE_URL points nowhere', () => {
    const r = runApi({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'silent',
    });
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/nowhere \(DATABASE_URL\): /);
  });

  it('npm start stops before starting anything when DATABASE_URL points nowhere', () => {
    const r = runApi(
      {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
        DATA_DIR: '/tmp/cr-start-bad-db',
        PORT: '0',
      },
      'scripts/src/start.ts',
    );
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/nowhere \(DATABASE_URL\): /);
    expect(r.stdout).not.toContain('redis-server started');
  });

  it('lists every invalid variable without echoing secret values', () => {
    const r = runApi({
      DATABASE_URL: 'mysql://user:hunter2@db/x',
      PORT: 'abc',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('DATABASE_URL');
    expect(r.stderr).toContain('PORT');
    expect(r.stderr).not.toContain('hunter2');
  });
});
