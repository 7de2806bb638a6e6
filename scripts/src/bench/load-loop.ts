import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  /** Non-2xx answers by status, for the report. */
  statuses: Record<number, number>;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadOptions {
  /** Base URL of the server: loopback only. */
  baseUrl: string;
  /** Paths to request, taken round-robin by each worker. */
  paths: string[];
  headers?: Record<string, string>;
  concurrency: number;
  /** Stop after this many requests... */
  maxRequests: number;
  /** ...or after this long, whichever comes first. */
  maxMs: number;
}

/** Value at quantile q (0..1) of sorted numbers (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

function assertLoopback(url: URL) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`The load loop only drives a server on this machine, not ${url.hostname}`);
}

/**
 * A small closed-loop HTTP load generator: `concurrency` workers, each sending its next request as soon as the
 * previous answer is read, over keep-alive connections. Bounded in count and time.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const base = new URL(opts.baseUrl);
  assertLoopback(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.maxMs;

  const once = (path: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(
        { host: base.hostname, port: base.port, path, agent, headers: opts.headers },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      req.on('error', () => resolve(0));
    });

  const worker = async (w: number) => {
    let i = w;
    while (issued < opts.maxRequests && performance.now() < deadline) {
      issued++;
      const path = opts.paths[i++ % opts.paths.length]!;
      const t0 = performance.now();
      const status = await once(path);
      latencies.push(performance.now() - t0);
      if (status < 200 || status >= 300) {
        errors++;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds,
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
  };
}
