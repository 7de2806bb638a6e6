import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { startChild } from './child-process';
import { freePort, waitForPort } from '@cr/core/net/free-port';

export class RedisMissingError extends Error {
  constructor() {
    super(
      'No Redis: set REDIS_URL to a running Redis, or install redis-server (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: `brew install redis`).',
    );
    this.name = 'RedisMissingError';
  }
}

function findRedisServer(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Redis for the all-in-one process: REDIS_URL when given (it must answer), else a redis-server from PATH
 * started as a child on a free port, with its append-only data under dataDir so a restart keeps the queues.
 */
export async function provideRedis(opts: { redisUrl?: string; dataDir: string }) {
  if (opts.redisUrl) {
    const probe = await connectRedis(opts.redisUrl);
    probe.disconnect();
    return { url: opts.redisUrl, stop: async () => undefined, started: false };
  }
  const binary = findRedisServer();
  if (!binary) throw new RedisMissingError();
  const dir = path.join(opts.dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = startChild(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--protected-mode',
      'yes',
    ],
    { name: 'redis' },
  );
  try {
    await waitForPort(port);
  } catch (err) {
    await child.stop();
    throw new Error(`redis-server did not start: ${child.output() || (err as Error).message}`, {
      cause: err,
    });
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.stop(), started: true };
}
