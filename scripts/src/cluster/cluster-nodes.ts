// The processes of a cluster on one machine: api instances (`npm run start:api`) and chain workers
// (`npm run start:worker`) as separate children, each with its output kept for checks (the worker's JSON log says
// when its block watcher takes the lock).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cr/core/net/free-port';
import { nodeEntryArgs } from './node-entry';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ClusterNode {
  name: string;
  kind: 'api' | 'worker';
  /** The api's own address (api nodes). */
  url: string | null;
  port: number | null;
  process: ChildProcess;
  /** Every line it printed since it started (bounded). */
  lines: string[];
  alive(): boolean;
  /** Resolves with the first line (from now, or already printed when `past`) that matches. */
  waitForLine(match: (line: string) => boolean, timeoutMs: number, past?: boolean): Promise<string>;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startNode(opts: {
  kind: 'api' | 'worker';
  name: string;
  env: Record<string, string>;
  /** The api's port (default: a free one). */
  port?: number;
  /** Print each line with the node's name in front. */
  echo?: (line: string) => void;
  startTimeoutMs?: number;
}): Promise<ClusterNode> {
  const port = opts.kind === 'api' ? (opts.port ?? (await freePort())) : null;
  const entry = opts.kind === 'api' ? 'api/src/main-api.ts' : 'chain-worker/src/main-worker.ts';
  // `node <bundle>` (node-entry.ts), no wrapper process: a signal reaches the product process itself.
  const child = spawn(process.execPath, await nodeEntryArgs(entry), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...opts.env,
      ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  const lines: string[] = [];
  const waiters = new Set<(line: string) => void>();
  let partial = '';
  const onData = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 2000) lines.splice(0, 1000);
      opts.echo?.(line);
      for (const w of [...waiters]) w(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const alive = () => child.exitCode === null && child.signalCode === null;

  const node: ClusterNode = {
    name: opts.name,
    kind: opts.kind,
    url: port ? `http://127.0.0.1:${port}` : null,
    port,
    process: child,
    lines,
    alive,
    waitForLine(match, timeoutMs, past = false) {
      if (past) {
        const seen = lines.find(match);
        if (seen) return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const done = (err: Error | null, line?: string) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          child.off('exit', onExit);
          if (err) reject(err);
          else resolve(line!);
        };
        const waiter = (line: string) => {
          if (match(line)) done(null, line);
        };
        const onExit = () =>
          done(
            new Error(
              `${opts.name} exited (${child.exitCode ?? child.signalCode}):\n${lines.slice(-20).join('\n')}`,
            ),
          );
        const timer = setTimeout(
          () =>
            done(
              new Error(
                `${opts.name}: no matching line within ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`,
              ),
            ),
          timeoutMs,
        );
        waiters.add(waiter);
        child.once('exit', onExit);
      });
    },
    async kill(signal) {
      if (!alive()) return;
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };

  const timeoutMs = opts.startTimeoutMs ?? 90_000;
  if (opts.kind === 'worker') {
    await node.waitForLine((l) => l.includes('"msg":"chain worker started"'), timeoutMs, true);
  } else {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!alive()) throw new Error(`${opts.name} exited:\n${lines.slice(-20).join('\n')}`);
      try {
        if ((await fetch(`${node.url}/api/health/live`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await node.stop();
        throw new Error(`${opts.name} did not start within ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return node;
}

/** True for a worker's log line saying its block watcher took the leader lock. */
export const tookLock = (line: string) => line.includes('block watcher took the lock');
