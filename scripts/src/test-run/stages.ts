import { cpuBetween, readCpu } from './cpu-use';
import { runPool, type Task, type TaskResult } from './run-task';

export interface Stage {
  name: string;
  tasks: Task[];
  /** How many of its tasks run at once (the machine has two cores). */
  width: number;
}

interface StageResult {
  name: string;
  seconds: number;
  /** CPU seconds the stage's processes used, and the machine's busy share over the stage (other work included). */
  cpuSeconds: number;
  machineBusyShare: number;
  tasks: TaskResult[];
}

const pad = (s: string, n: number) => s.padEnd(n);
const secs = (n: number) => n.toFixed(0).padStart(7);

/**
 * The timing table printed at the end of every run: each stage's wall-clock seconds, and each task's; for a stage
 * also the CPU seconds its processes used and how busy the machine was (near 100 % means the stage was bound by
 * the cores; well below, by waits).
 */
export function timingTable(results: StageResult[], extra: Array<{ name: string; seconds: number }>): string {
  const rows = [
    '',
    'Where the time went',
    `${pad('stage / task', 44)}${'seconds'.padStart(7)}${'CPU s'.padStart(8)}${'machine busy'.padStart(14)}`,
  ];
  for (const e of extra) rows.push(`${pad(e.name, 44)}${secs(e.seconds)}`);
  for (const stage of results) {
    const busy = `${(stage.machineBusyShare * 100).toFixed(0)} %`;
    rows.push(`${pad(stage.name, 44)}${secs(stage.seconds)}${secs(stage.cpuSeconds)}${busy.padStart(14)}`);
    for (const t of stage.tasks)
      rows.push(`${pad(`  ${t.label}${t.ok ? '' : ' (FAILED)'}`, 44)}${secs(t.seconds)}`);
  }
  const total = [...extra, ...results].reduce((sum, r) => sum + r.seconds, 0);
  const cpuTotal = results.reduce((sum, r) => sum + r.cpuSeconds, 0);
  rows.push(`${pad('total', 44)}${secs(total)}${secs(cpuTotal)}`);
  return rows.join('\n');
}

/**
 * Runs the stages one after another (each stage's tasks side by side), stops after the first stage with a failure,
 * prints the timing table, and exits non-zero when anything failed. `extra` rows (CI's install) head the table.
 */
export async function runStages(stages: Stage[], extra: Array<{ name: string; seconds: number }> = []) {
  const results: StageResult[] = [];
  let failed: string[] = [];
  for (const stage of stages) {
    console.log(`\n=== ${stage.name} ===`);
    const started = performance.now();
    const cpuBefore = readCpu();
    const tasks = await runPool(stage.tasks, stage.width);
    const cpu = cpuBetween(cpuBefore, readCpu());
    results.push({ name: stage.name, seconds: (performance.now() - started) / 1000, ...cpu, tasks });
    failed = tasks.filter((t) => !t.ok).map((t) => t.label);
    if (failed.length) break;
  }
  console.log(timingTable(results, extra));
  if (failed.length) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
