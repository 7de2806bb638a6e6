// Figures of `npm run bench:live`: latency histograms that merge across processes, and a process's memory and CPU
// read from /proc (Linux).
import fs from 'node:fs';
import { processCpuMs } from '../cpu-meter';

/** Counts by whole millisecond (0 … 120 s; later ones in the last bucket): exact quantiles, mergeable. */
export interface HistogramData {
  counts: Record<number, number>;
  n: number;
}

export class Histogram {
  private counts = new Map<number, number>();
  private n = 0;
  record(ms: number): void {
    const b = Math.min(120_000, Math.max(0, Math.round(ms)));
    this.counts.set(b, (this.counts.get(b) ?? 0) + 1);
    this.n++;
  }
  merge(d: HistogramData): void {
    for (const [k, c] of Object.entries(d.counts))
      this.counts.set(Number(k), (this.counts.get(Number(k)) ?? 0) + c);
    this.n += d.n;
  }
  data(): HistogramData {
    return { counts: Object.fromEntries(this.counts), n: this.n };
  }
  get count(): number {
    return this.n;
  }
  /** The smallest bucket at or below which a share `q` of the values lie; null when empty. */
  quantile(q: number): number | null {
    if (this.n === 0) return null;
    const rank = Math.max(1, Math.ceil(q * this.n));
    let seen = 0;
    for (const k of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(k)!;
      if (seen >= rank) return k;
    }
    return null;
  }
}

/** Resident memory of a process in KB (VmRSS), or null once it is gone. */
export function rssKb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** CPU ms (utime + stime) of each named process, read now. */
export function cpuOf(pids: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) out[name] = processCpuMs(pid) ?? NaN;
  return out;
}

export const quantileOf = (sorted: number[], q: number): number | null =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : null;
