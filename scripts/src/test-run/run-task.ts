import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { collectEvidence } from './evidence';

/** One command of a test run: a label for the log and the timing table, and what to run. */
export interface Task {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Labels of tasks that must have passed before this one starts (the browser suite needs the build). */
  after?: string[];
  /** A check: when it fails, the run stops at once (running tasks are ended, nothing more starts). */
  gate?: boolean;
}

export interface TaskResult {
  label: string;
  /** Seconds from the run's start to this task's start, and its own wall-clock seconds. */
  startedAt: number;
  seconds: number;
  /** CPU seconds its whole process tree used (user + system), when the platform tells. */
  cpuSeconds: number | undefined;
  ok: boolean;
  /** Ended because another task's failure stopped the run. */
  stopped?: boolean;
}

// The task runs under sh, which then reports its children's CPU (cutime + cstime, fields 16 and 17 of
// /proc/<sh>/stat, in clock ticks: everything the task's tree used, once reaped) on file descriptor 3.
const CPU_WRAPPER = [
  '"$@"',
  'rc=$?',
  'if [ -r /proc/$$/stat ]; then echo "cpu $(cut -d" " -f16,17 /proc/$$/stat)" >&3; fi',
  'exit $rc',
].join('; ');
const TICKS_PER_SECOND = 100; // USER_HZ

/**
 * Runs a task, each line of its output prefixed with its label (tasks run side by side, so their lines interleave),
 * and resolves with its timing, its CPU and whether it exited 0. `running` holds the child while it runs, so a
 * failed gate can end it (its whole process group).
 */
export function runTask(task: Task, origin: number, running: Set<ChildProcess>): Promise<TaskResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', CPU_WRAPPER, 'sh', task.command, ...task.args], {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...task.env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true, // its own process group, ended as one
    });
    running.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      const lines = readline.createInterface({ input: stream! });
      lines.on('line', (line) => {
        process.stdout.write(`[${task.label}] ${line}\n`);
        collectEvidence(task.label, line);
      });
    }
    let cpuSeconds: number | undefined;
    readline.createInterface({ input: child.stdio[3] as NodeJS.ReadableStream }).on('line', (line) => {
      const [, user, system] = line.split(' ');
      cpuSeconds = (Number(user) + Number(system)) / TICKS_PER_SECOND;
    });
    const done = (ok: boolean) => {
      running.delete(child);
      resolve({
        label: task.label,
        startedAt: (started - origin) / 1000,
        seconds: (performance.now() - started) / 1000,
        cpuSeconds,
        ok,
      });
    };
    child.on('error', (err) => {
      process.stdout.write(`[${task.label}] could not start: ${err.message}\n`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** Ends a running task's whole process group (vitest and its workers, Chromium, the stacks it started). */
function endGroup(child: ChildProcess) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch (err) {
    // ESRCH: the group has just ended by itself.
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/**
 * Runs tasks at most `width` at a time. A free slot takes the first task in the list whose `after` tasks have
 * passed (so list them by priority: the long pole's prerequisites first). A failing test suite does not stop the
 * others, so one run reports every failing part; a failing gate (a check) stops the run at once. Tasks whose
 * prerequisites failed are not run.
 */
export async function runPool(
  tasks: Task[],
  width: number,
  origin = performance.now(),
): Promise<TaskResult[]> {
  const results: TaskResult[] = [];
  const running = new Set<ChildProcess>();
  const waiting = [...tasks];
  const passed = new Set<string>();
  const finished = new Set<string>();
  let stopped = false;
  const sleepers: Array<() => void> = [];
  const wakeAll = () => sleepers.splice(0).forEach((wake) => wake());

  // A prerequisite that is not among these tasks ran in an earlier stage (which passed, or this one would not run).
  const inPool = new Set(tasks.map((t) => t.label));
  const ready = (t: Task) => (t.after ?? []).every((label) => !inPool.has(label) || passed.has(label));
  const blocked = (t: Task) => (t.after ?? []).some((label) => finished.has(label) && !passed.has(label));

  const slot = async () => {
    for (;;) {
      if (stopped) return;
      // Drop tasks that can never run: a prerequisite failed.
      for (let i = waiting.length - 1; i >= 0; i--) if (blocked(waiting[i]!)) waiting.splice(i, 1);
      const index = waiting.findIndex(ready);
      if (index < 0) {
        if (!waiting.length) return;
        // Wait for a running task to finish (it may unblock one).
        await new Promise<void>((resolve) => sleepers.push(resolve));
        continue;
      }
      const task = waiting.splice(index, 1)[0]!;
      const result = await runTask(task, origin, running);
      if (stopped && !result.ok) result.stopped = true;
      results.push(result);
      finished.add(task.label);
      if (result.ok) passed.add(task.label);
      else if (task.gate && !stopped) {
        stopped = true;
        process.stdout.write(`\n${task.label} failed: stopping the run.\n`);
        for (const child of running) endGroup(child);
      }
      wakeAll();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, slot));
  return results;
}
