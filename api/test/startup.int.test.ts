import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

describe('contract indexing never silently starts at block 0', () => {
  const contracts = {
    CHAIN_RPC_URL: 'http://127.0.0.1:1',
    CHAIN_ID: '31337',
    RELAYER_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
    COUNCIL_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    GOVERNANCE_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    TREASURY_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  };

  it('npm start refuses configured contracts without CONTRACTS_FROM_BLOCK before starting anything', () => {
    const r = runApi(
      { ...contracts, DATA_DIR: '/tmp/cr-start-no-from-block', PORT: '0', LOG_LEVEL: 'silent' },
      'scripts/src/start.ts',
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('CONTRACTS_FROM_BLOCK: required with the contract addresses');
    expect(r.stderr).not.toContain('abab');
    expect(r.stdout).not.toContain('redis-server started');
  });

  it('start:worker refuses them before opening the database or Redis', () => {
    const r = runApi(
      {
        ...contracts,
        // Neither answers: the refusal must come first.
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
        REDIS_URL: 'redis://127.0.0.1:1',
        LOG_LEVEL: 'silent',
      },
      'chain-worker/src/main-worker.ts',
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('CONTRACTS_FROM_BLOCK: required with the contract addresses');
    expect(r.stderr).not.toMatch(/PostgreSQL|Redis/);
  });
});

/** `npm start` (scripts/src/start.ts) in its own process group, as a terminal runs it. */
function startInTerminal(env: Record<string, string>) {
  const child = spawn(tsx, ['scripts/src/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.splice(0)) w();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', () => onData(Buffer.from('')));
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    /** Resolves with the first match in the output so far or to come; rejects when the process exits first. */
    waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        // A stack that never says so fails with what it printed, not with a bare test timeout.
        const timer = setTimeout(
          () => reject(new Error(`no ${pattern} within 150 s; npm start printed:\n${output.slice(-4000)}`)),
          150_000,
        );
        const check = () => {
          const m = output.match(pattern);
          if (m) {
            clearTimeout(timer);
            return resolve(m);
          }
          if (child.exitCode !== null) {
            clearTimeout(timer);
            return reject(new Error(`npm start exited:\n${output}`));
          }
          waiters.push(check);
        };
        check();
      });
    },
    /** Ctrl-C: SIGINT to the whole group; resolves once no process of the group is left. */
    async interrupt(): Promise<void> {
      process.kill(-child.pid!, 'SIGINT');
      await new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
      );
      // Children (redis-server, anvil and its watchdog) leave on their own after the stack stops them.
      while (groupAlive()) await new Promise((r) => setTimeout(r, 100));
    },
    kill: () => groupAlive() && process.kill(-child.pid!, 'SIGKILL'),
  };
}

describe('npm start', () => {
  it('comes up, indexes the dev contracts from their deployment block (fresh and on restart), and Ctrl-C leaves no process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-start-'));
    try {
      for (const round of ['fresh', 'restart']) {
        // CR_DEMO=0: the demo DAO (scripts/src/demo) has its own test; here it would only load the two cores.
        const run = startInTerminal({
          DATA_DIR: dataDir,
          PORT: '0',
          WEB_DIST_DIR: '',
          LOG_LEVEL: 'info',
          CR_DEMO: '0',
        });
        try {
          const [, url] = await run.waitFor(/Cyber Republic is running: (\S+)/);
          const ready = (await (await fetch(`${url}/api/health/ready`)).json()) as { data: { ok: boolean } };
          expect(ready.data.ok, round).toBe(true);
          const [line] = await run.waitFor(/\{[^\n]*"indexing the governance contracts[^\n]*\}/);
          const { deployBlock } = JSON.parse(
            fs.readFileSync(path.join(dataDir, 'chain/deployment.json'), 'utf8'),
          ) as { deployBlock: number };
          expect(deployBlock, round).toBeGreaterThan(0);
          expect((JSON.parse(line) as { fromBlock: number }).fromBlock, round).toBe(deployBlock);
          await run.interrupt();
        } finally {
          run.kill();
        }
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
