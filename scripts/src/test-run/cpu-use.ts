import { readFileSync } from 'node:fs';

/** The machine's busy and total clock ticks since boot, over every core (Linux /proc/stat; zeros elsewhere). */
export interface CpuReading {
  machineBusy: number;
  machineTotal: number;
}

export function readCpu(): CpuReading {
  let line = '';
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  } catch (err) {
    // Not Linux: the table leaves the machine's share at 0.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { machineBusy: total - idle, machineTotal: total };
}

/** How busy the machine's cores were between two readings (0 to 1). */
export function cpuBetween(before: CpuReading, after: CpuReading) {
  const total = after.machineTotal - before.machineTotal;
  return { machineBusyShare: total > 0 ? (after.machineBusy - before.machineBusy) / total : 0 };
}

/**
 * How fast the host gives this machine a core right now: the seconds a fixed loop of 5·10^8 additions takes. The same
 * test run on this machine has taken 1,441 s and 2,695 s as the host's load varied, and a fixed loop in Node swung
 * 3.6-fold between such phases, a swing no test change can match; so the table prints it at the start and the end
 * of a run, and a run's seconds are read against it.
 */
export function loopSeconds(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 5e8; i++) sum += i;
  if (sum < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return (performance.now() - started) / 1000;
}
