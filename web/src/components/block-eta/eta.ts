import type { ChainHead } from '@cr/contract/chain.contract';

/** Blocks still to come before `endHeight` is reached (0 once it is). */
export function blocksLeft(endHeight: number, height: number): number {
  return Math.max(0, endHeight - height);
}

/**
 * When block `endHeight` is expected (epoch ms): the head's observation time plus the blocks still to come at
 * the observed average interval. Null while no interval has been observed.
 */
export function etaAt(endHeight: number, head: Pick<ChainHead, 'height' | 'avgBlockMs' | 'observedAt'>) {
  if (!head.avgBlockMs || head.avgBlockMs <= 0) return null;
  const observed = Date.parse(head.observedAt);
  if (Number.isNaN(observed)) return null;
  return observed + (endHeight - head.height) * head.avgBlockMs;
}

export interface DurationUnits {
  day(n: number): string;
  hour(n: number): string;
  minute(n: number): string;
  second(n: number): string;
  join(parts: string[]): string;
}

/**
 * A duration in the two largest useful units: "2 d 4 h", "3 h 20 min", "12 min", "45 s" (the words come from
 * `units`, so both languages share the rule). Minutes are rounded up, so "1 min" never hides 59 seconds.
 */
export function formatDuration(ms: number, units: DurationUnits): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return units.second(s);
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return units.minute(minutes);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return units.join(hours ? [units.day(days), units.hour(hours)] : [units.day(days)]);
  return units.join(mins ? [units.hour(hours), units.minute(mins)] : [units.hour(hours)]);
}

/** The term a block height falls in, and the election that precedes the term's end (spec §9). */
export interface TermWindow {
  /** 1-based term number counted from `firstTermStart`. */
  term: number;
  start: number;
  /** First block of the next term. */
  end: number;
  /** The election runs in [electionStart, end). */
  electionStart: number;
}

/** Council term of `termBlocks` (262,800 ≈ one year) with its election `electionBlocks` (21,900) before the end. */
export function termWindow(
  height: number,
  firstTermStart: number,
  termBlocks = 262_800,
  electionBlocks = 21_900,
): TermWindow {
  const index = Math.max(0, Math.floor((height - firstTermStart) / termBlocks));
  const start = firstTermStart + index * termBlocks;
  const end = start + termBlocks;
  return { term: index + 1, start, end, electionStart: end - electionBlocks };
}
