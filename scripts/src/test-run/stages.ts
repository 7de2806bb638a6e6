import { cpuBetween, loopSeconds, readCpu } from './cpu-use';
import { evidenceBlock } from './evidence';
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
  /** The machine's busy share over the stage (other work on the machine included). */
  machineBusyShare: number;
  tasks: TaskResult[];
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (n: number | undefined, width = 8) => (n === undefined ? '' : n.toFixed(0)).padStart(width);
const sum = (ns: Array<number | undefined>) => ns.reduce<number>((total, n) => total + (n ?? 0), 0);

/**
 * The timing table printed at the end of every run: each stage's wall-clock seconds, the CPU seconds its tasks used
 * and how busy the machine was (near 100 % means the stage was bound by the cores; well below, by waits); and for
 * each task when it started (seconds into the stage), how long it ran and its CPU seconds.
 */
export function timingTable(
  results: StageResult[],
  extra: Array<{ name: string; seconds: number }>,
  host?: { before: number; after: number },
): string {
  const rows = [
    '',
    'Where the time went',
    `${pad('stage / task', 40)}${'start'.padStart(8)}${'seconds'.padStart(8)}${'CPU s'.padStart(8)}${'busy'.padStart(8)}`,
  ];
  for (const e of extra) rows.push(`${pad(e.name, 40)}${''.padStart(8)}${num(e.seconds)}`);
  for (const stage of results) {
    const busy = `${(stage.machineBusyShare * 100).toFixed(0)} %`;
    const cpu = sum(stage.tasks.map((t) => t.cpuSeconds));
    rows.push(`${pad(stage.name, 40)}${''.padStart(8)}${num(stage.seconds)}${num(cpu)}${busy.padStart(8)}`);
    for (const t of [...stage.tasks].sort((a, b) => a.startedAt - b.startedAt)) {
      const mark = t.stopped ? ' (stopped)' : t.ok ? '' : ' (FAILED)';
      rows.push(`${pad(`  ${t.label}${mark}`, 40)}${num(t.startedAt)}${num(t.seconds)}${num(t.cpuSeconds)}`);
    }
  }
  const total = sum([...extra, ...results].map((r) => r.seconds));
  const cpuTotal = sum(results.flatMap((r) => r.tasks.map((t) => t.cpuSeconds)));
  rows.push(`${pad('total', 40)}${''.padStart(8)}${num(total)}${num(cpuTotal)}`);
  if (host)
    rows.push(
      `host speed: 5·10^8 additions took ${host.before.toFixed(2)} s at the start and ${host.after.toFixed(2)} s ` +
        'at the end (scripts/src/test-run/cpu-use.ts)',
    );
  return rows.join('\n');
}

/**
 * Runs the stages one after another (each stage's tasks side by side), stops after the first stage with a failure,
 * prints the timing table, and exits non-zero when anything failed. `extra` rows (CI's install) head the table.
 */
export async function runStages(stages: Stage[], extra: Array<{ name: string; seconds: number }> = []) {
  const results: StageResult[] = [];
  const hostBefore = loopSeconds();
  let failed: string[] = [];
  for (const stage of stages) {
    console.log(`\n=== ${stage.name} ===`);
    const started = performance.now();
    const cpuBefore = readCpu();
    const tasks = await runPool(stage.tasks, stage.width, started);
    const { machineBusyShare } = cpuBetween(cpuBefore, readCpu());
    results.push({
      name: stage.name,
      seconds: (performance.now() - started) / 1000,
      machineBusyShare,
      tasks,
    });
    const names = new Set(tasks.map((t) => t.label));
    failed = [
      ...tasks.filter((t) => !t.ok).map((t) => t.label),
      ...stage.tasks.filter((t) => !names.has(t.label)).map((t) => `${t.label} (not run)`),
    ];
    if (failed.length) break;
  }
  console.log(timingTable(results, extra, { before: hostBefore, after: loopSeconds() }));
  const evidence = evidenceBlock();
  if (evidence) console.log(evidence);
  if (failed.length) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
