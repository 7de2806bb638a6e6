import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

/** Newest modification time of any file under `dir` (skipping node_modules and dist). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** True when web/dist is missing or older than any source of web/ or the shared api contract. */
export function webBuildIsStale(repoRoot: string): boolean {
  const index = path.join(repoRoot, 'web/dist/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return (
    newestMtime(path.join(repoRoot, 'web')) > built ||
    newestMtime(path.join(repoRoot, 'contract/src')) > built
  );
}

/** Runs `vite build` for web/ (the app and its server render, about 10 s); rejects with vite's output on failure. */
export function buildWeb(repoRoot: string): Promise<void> {
  const vite = path.join(repoRoot, 'node_modules/.bin/vite');
  return new Promise((resolve, reject) => {
    const child = spawn(vite, ['build', '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, 'web'),
      // Production even when started from a test runner (vitest sets NODE_ENV=test, which makes a dev bundle).
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the web app failed:\n${out}`)),
    );
  });
}
