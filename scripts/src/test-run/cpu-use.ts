import { readFileSync } from 'node:fs';
import os from 'node:os';

/** A reading of CPU time: this run's finished children, and the whole machine (Linux /proc; zeros elsewhere). */
export interface CpuReading {
  /** Seconds of CPU used by the children this process has waited for (and by theirs, once reaped). */
  children: number;
  /** The machine's busy and total clock ticks since boot, over every core. */
  machineBusy: number;
  machineTotal: number;
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the suites run on

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function readCpu(): CpuReading {
  const self = readOr('/proc/self/stat');
  // Fields after the command's closing parenthesis: state is field 3, cutime and cstime are fields 16 and 17.
  const fields = self ? self.slice(self.lastIndexOf(')') + 2).split(' ') : [];
  const children = fields.length > 14 ? (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND : 0;
  const cpuLine = readOr('/proc/stat')?.split('\n')[0] ?? '';
  const ticks = cpuLine.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { children, machineBusy: total - idle, machineTotal: total };
}

/** Between two readings: the CPU seconds this run's children used, and how busy the machine's cores were. */
export function cpuBetween(before: CpuReading, after: CpuReading) {
  const total = after.machineTotal - before.machineTotal;
  return {
    cpuSeconds: after.children - before.children,
    machineBusyShare: total > 0 ? (after.machineBusy - before.machineBusy) / total : 0,
  };
}

export const cores = () => os.availableParallelism();
