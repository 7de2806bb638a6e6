import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cr/core/net/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Starts the real api (`api/src/main-api.ts`) as a child process for a benchmark, and waits until it is live. */
export async function startApiProcess(
  env: Record<string, string>,
  cpuProfileDir?: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-bench-'));
  // A CPU profile of the api (written when it stops): where a request's time goes in Node.
  const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', path.join(root, 'api/src/main-api.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        DEV_TOOLS: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
        // The bench measures the e-mail search itself, not its per-member limit.
        EMAIL_SEARCH_LIMIT: '0',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the api did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}
