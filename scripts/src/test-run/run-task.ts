import { spawn } from 'node:child_process';
import readline from 'node:readline';

/** One command of a test stage: a label for the log and the timing table, and what to run. */
export interface Task {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface TaskResult {
  label: string;
  seconds: number;
  ok: boolean;
}

/**
 * Runs a task, each line of its output prefixed with its label (tasks of a stage run side by side, so their lines
 * interleave), and resolves with its wall-clock seconds and whether it exited 0.
 */
export function runTask(task: Task, prefix: boolean): Promise<TaskResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(task.command, task.args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...task.env },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        const lines = readline.createInterface({ input: stream! });
        lines.on('line', (line) => process.stdout.write(`[${task.label}] ${line}\n`));
      }
    }
    const done = (ok: boolean) =>
      resolve({ label: task.label, seconds: (performance.now() - started) / 1000, ok });
    child.on('error', (err) => {
      process.stdout.write(`[${task.label}] could not start: ${err.message}\n`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/**
 * Runs tasks at most `width` at a time, in the order given (put the longest first), and resolves with every
 * result once all have finished: a failure does not stop the others, so one run reports every failing part.
 */
export async function runPool(tasks: Task[], width: number): Promise<TaskResult[]> {
  const results: TaskResult[] = [];
  let next = 0;
  const prefix = tasks.length > 1;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      results.push(await runTask(task, prefix));
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return results;
}
