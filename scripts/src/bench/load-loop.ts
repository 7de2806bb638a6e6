import net from 'node:net';

export interface LoadResult {
  requests: number;
  errors: number;
  /** Non-2xx answers by status (0 = the connection failed), for the report. */
  statuses: Record<number, number>;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Per kind (when `kinds` names each path's kind): requests, errors and latency quantiles. */
  byKind: Record<string, KindResult>;
}

export interface KindResult {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadOptions {
  /** Base URL of the server: loopback only. */
  baseUrl: string;
  /** Paths to request, taken in turn across all connections. */
  paths: string[];
  headers?: Record<string, string>;
  /** Headers of each path's own request (same order as `paths`), added to `headers`: a different member each. */
  pathHeaders?: (Record<string, string> | undefined)[];
  /** Each path's method (default GET) and JSON body (same order as `paths`): writes in a mixed load. */
  methods?: ('GET' | 'POST' | 'PUT' | 'DELETE')[];
  bodies?: (unknown | undefined)[];
  /** Each path's kind (same order as `paths`), for a per-kind breakdown in `byKind`. */
  kinds?: string[];
  /** More servers (loopback) of the same app: connection i goes to [baseUrl, ...extraBaseUrls][i % n]. */
  extraBaseUrls?: string[];
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

export function assertLoopback(url: URL) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`The load loop only drives a server on this machine, not ${url.hostname}`);
}

const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/**
 * Where a complete HTTP/1.1 response ends in `buf`, and its status; null while more bytes are needed.
 * Handles Content-Length and chunked bodies (the only two framings a keep-alive answer can have).
 */
export function responseEnd(buf: Buffer): { end: number; status: number } | null {
  const headEnd = buf.indexOf(CRLF2);
  if (headEnd < 0) return null;
  const head = buf.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headEnd + 4;
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buf.length >= end ? { end, status } : null;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = buf.indexOf(CRLF, at);
      if (lineEnd < 0) return null;
      const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
      if (!Number.isFinite(size)) throw new Error('bad chunked encoding');
      if (size === 0) {
        const trailerEnd = buf.indexOf(CRLF2, lineEnd);
        if (trailerEnd >= 0) return { end: trailerEnd + 4, status };
        return buf.length >= lineEnd + 4 && buf.indexOf(CRLF, lineEnd + 2) === lineEnd + 2
          ? { end: lineEnd + 4, status }
          : null;
      }
      at = lineEnd + 2 + size + 2;
      if (buf.length < at) return null;
    }
  }
  // No framing (204/304): the head is the whole answer.
  return { end: bodyStart, status };
}

/**
 * A small closed-loop HTTP/1.1 load generator: `concurrency` keep-alive connections, each sending its next
 * request as soon as the previous answer has fully arrived. Requests are encoded once and answers are framed
 * without a full HTTP parser, so the generator costs little CPU next to the server it measures (both share this
 * machine). Bounded in count and time.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const bases = [opts.baseUrl, ...(opts.extraBaseUrls ?? [])].map((u) => new URL(u));
  bases.forEach(assertLoopback);
  const base = bases[0]!;
  const targets = bases.map((b) => ({
    host: b.hostname.replace(/^\[|\]$/g, ''),
    port: Number(b.port || 80),
  }));
  const headerLines = (h: Record<string, string> | undefined) =>
    Object.entries(h ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
  const extra = headerLines(opts.headers);
  const requests = opts.paths.map((p, i) => {
    const body = opts.bodies?.[i] === undefined ? null : Buffer.from(JSON.stringify(opts.bodies[i]), 'utf8');
    const bodyHead = body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : '';
    const head = Buffer.from(
      `${opts.methods?.[i] ?? 'GET'} ${p} HTTP/1.1\r\nHost: ${base.host}\r\n${extra}${headerLines(opts.pathHeaders?.[i])}${bodyHead}Connection: keep-alive\r\n\r\n`,
      'latin1',
    );
    return body ? Buffer.concat([head, body]) : head;
  });
  const kindLatencies = new Map<string, number[]>();
  const kindErrors = new Map<string, number>();
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.maxMs;
  const more = () => issued < opts.maxRequests && performance.now() < deadline;
  const record = (t0: number, status: number, index: number) => {
    const ms = performance.now() - t0;
    latencies.push(ms);
    const kind = opts.kinds?.[index];
    if (kind !== undefined) {
      let list = kindLatencies.get(kind);
      if (!list) kindLatencies.set(kind, (list = []));
      list.push(ms);
    }
    if (status < 200 || status >= 300) {
      errors++;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (kind !== undefined) kindErrors.set(kind, (kindErrors.get(kind) ?? 0) + 1);
    }
  };

  const connection = (n: number) =>
    new Promise<void>((done) => {
      let socket: net.Socket;
      let buf = Buffer.alloc(0);
      let t0 = 0;
      let inFlight = false;
      let index = 0;
      const send = () => {
        if (!more()) {
          socket.destroy();
          return done();
        }
        // The paths go round in order across all connections, so any run of n requests covers n paths (a
        // warm-up of BENCH_WARMUP requests touches each of up to that many distinct paths once).
        index = issued % requests.length;
        const path = requests[index]!;
        issued++;
        inFlight = true;
        buf = Buffer.alloc(0);
        t0 = performance.now();
        socket.write(path);
      };
      const open = () => {
        socket = net.connect({ ...targets[n % targets.length]!, noDelay: true });
        socket.on('connect', send);
        socket.on('data', (chunk) => {
          buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
          const answer = responseEnd(buf);
          if (!answer) return;
          inFlight = false;
          record(t0, answer.status, index);
          send();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          if (inFlight) {
            inFlight = false;
            record(t0, 0, index);
          }
          if (more()) setImmediate(open);
          else done();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: opts.concurrency }, (_, n) => connection(n)));
  const seconds = (performance.now() - started) / 1000;
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
    byKind: Object.fromEntries(
      [...kindLatencies].map(([kind, list]) => {
        list.sort((a, b) => a - b);
        return [
          kind,
          {
            requests: list.length,
            errors: kindErrors.get(kind) ?? 0,
            p50: quantile(list, 0.5),
            p95: quantile(list, 0.95),
            p99: quantile(list, 0.99),
          },
        ];
      }),
    ),
  };
}
