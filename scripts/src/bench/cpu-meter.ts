// Where a request's CPU time goes: the api's process, PostgreSQL's processes, and the load generator itself,
// read from /proc (Linux) before and after a scenario. Issue 15 asks for the share of each request spent in the
// database vs in Node before choosing what to speed up; req/s alone cannot tell the two apart on a shared machine.
import fs from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux architecture Node runs on). */
const TICKS_PER_S = 100;

export interface CpuSample {
  apiMs: number;
  dbMs: number;
  benchMs: number;
}

/** utime + stime of one process in ms, or null once it is gone. */
export function processCpuMs(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  return cpuMsOfStat(stat);
}

/** utime + stime (fields 14 and 15) of a /proc/<pid>/stat line; the command name may hold spaces and parens. */
export function cpuMsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** The CPU time of each process named `postgres` (the server and each connection's backend), by pid. */
export function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres')
        byPid.set(Number(entry), cpuMsOfStat(stat));
    } catch {
      // the process ended while being read
    }
  }
  return byPid;
}

/**
 * What PostgreSQL's processes spent between two readings: each backend alive at the end, less what it had at the
 * start (a new one from zero). A backend that ended between them (a pool closing an idle connection) is not
 * counted, so the figure is a lower bound when connections churn.
 */
export function postgresSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Whether this machine can be metered (Linux's /proc). */
export const canMeterCpu = () => fs.existsSync('/proc/self/stat');

/** Starts a meter; `stop()` gives the CPU ms each side spent since, per request. */
export function startCpuMeter(apiPid: number | undefined) {
  const api0 = apiPid ? processCpuMs(apiPid) : null;
  const db0 = postgresCpuMs();
  const bench0 = process.cpuUsage();
  return (requests: number): CpuSample | null => {
    const api1 = apiPid ? processCpuMs(apiPid) : null;
    if (api0 === null || api1 === null || requests <= 0) return null;
    const bench = process.cpuUsage(bench0);
    return {
      apiMs: (api1 - api0) / requests,
      dbMs: postgresSpentMs(db0, postgresCpuMs()) / requests,
      benchMs: (bench.user + bench.system) / 1000 / requests,
    };
  };
}
