import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from '@cr/core/net/free-port';

/**
 * A redis-server child of the test on a free port, without persistence: a restart loses every queued job, which
 * is the harshest case for the outbox dispatcher. Never the system Redis on 6379.
 */
export interface TestRedisServer {
  url: string;
  port: number;
  /** Stops it (SIGKILL: nothing is saved), waits `downMs`, and starts a fresh, empty one on the same port. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestRedisServer(): Promise<TestRedisServer> {
  const port = await freePort();
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(port);
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart(downMs = 0) {
      await kill();
      await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
    stop: kill,
  };
}
