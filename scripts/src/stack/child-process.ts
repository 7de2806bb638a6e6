import { spawn, type ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();

// If the parent dies, take the children with it (Ctrl-C, SIGTERM, a crash).
function killAll() {
  for (const child of running) child.kill('SIGTERM');
}
process.once('exit', killAll);

export interface Child {
  process: ChildProcess;
  /** The last lines it printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a child process whose output is kept (not printed) and which is stopped with the parent. */
export function startChild(command: string, args: string[], opts: { cwd?: string; name: string }): Child {
  const child = spawn(command, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 50) lines.splice(0, lines.length - 50);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  return {
    process: child,
    output: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
