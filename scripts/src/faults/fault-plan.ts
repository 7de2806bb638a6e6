import { seededRandom } from '../seed/seed-text';

/** One fault of the suite, `at` milliseconds after the fault window opens. */
export type Fault =
  /** `graceMs`: the worker runs at least this long after its previous restart before this kill (see planFaults). */
  | { at: number; kind: 'kill'; worker: number; graceMs: number }
  | { at: number; kind: 'redis-restart' }
  | { at: number; kind: 'rpc-outage'; ms: number }
  | { at: number; kind: 'reorg'; depth: number };

export interface FaultPlanOptions {
  windowMs: number;
  workers: number;
  killsPerWorker: number;
  redisRestarts: number;
  rpcOutageMs: number;
  reorgDepth: number;
}

/**
 * The moments of every fault, drawn from a seed (mulberry32): the same seed gives the same plan, so a failing run
 * is replayed with FAULT_SEED. Kills fall anywhere in the window; the Redis restarts each get their own slice of
 * it (two restarts never overlap); the RPC outage and the reorg land in the middle part, while actions flow.
 * A restart takes seconds on a busy machine, so a kill whose moment passed during the previous restart would strike
 * the moment the worker is up, again and again: each kill also has a random grace (0.5–4 s) the worker runs first.
 */
export function planFaults(seed: number, o: FaultPlanOptions): Fault[] {
  const r = seededRandom(seed);
  const within = (from: number, to: number) => Math.round(o.windowMs * (from + r() * (to - from)));
  const faults: Fault[] = [];
  for (let w = 0; w < o.workers; w++)
    for (let k = 0; k < o.killsPerWorker; k++)
      faults.push({
        at: within(0.02, 0.95),
        kind: 'kill',
        worker: w,
        graceMs: Math.round(500 + r() * 3_500),
      });
  const slice = 0.8 / Math.max(1, o.redisRestarts);
  for (let k = 0; k < o.redisRestarts; k++)
    faults.push({ at: within(0.1 + k * slice, 0.1 + (k + 0.8) * slice), kind: 'redis-restart' });
  faults.push({ at: within(0.15, 0.7), kind: 'rpc-outage', ms: o.rpcOutageMs });
  faults.push({ at: within(0.2, 0.85), kind: 'reorg', depth: o.reorgDepth });
  return faults.sort((a, b) => a.at - b.at);
}
