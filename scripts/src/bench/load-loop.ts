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
}

export interface LoadOptions {
  /** Base URL of the server: loopback only. */
  baseUrl: string;
  /** Paths to request, taken in turn across all connections. */
  paths: string[];
  headers?: Record<string, string>;
  /** Headers of each path's own request (same order as `paths`), added to `headers`: a different member each. */
  pathHeaders?: (Record<string, string> | undefined)[];
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
  const base = new URL(opts.baseUrl);
  assertLoopback(base);
  const host = base.hostname.replace(/^\[|\]$/g, '');
  const port = Number(base.port || 80);
  const headerLines = (h: Record<string, string> | undefined) =>
    Object.entries(h ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
  const extra = headerLines(opts.headers);
  const requests = opts.paths.map((p, i) =>
    Buffer.from(
      `GET ${p} HTTP/1.1\r\nHost: ${base.host}\r\n${extra}${headerLines(opts.pathHeaders?.[i])}Connection: keep-alive\r\n\r\n`,
      'latin1',
    ),
  );
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.maxMs;
  const more = () => issued < opts.maxRequests && performance.now() < deadline;
  const record = (t0: number, status: number) => {
    latencies.push(performance.now() - t0);
    if (status < 200 || status >= 300) {
      errors++;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };

  const connection = () =>
    new Promise<void>((done) => {
      let socket: net.Socket;
      let buf = Buffer.alloc(0);
      let t0 = 0;
      let inFlight = false;
      const send = () => {
        if (!more()) {
          socket.destroy();
          return done();
        }
        // The paths go round in order across all connections, so any run of n requests covers n paths (a
        // warm-up of BENCH_WARMUP requests touches each of up to that many distinct paths once).
        const path = requests[issued % requests.length]!;
        issued++;
        inFlight = true;
        buf = Buffer.alloc(0);
        t0 = performance.now();
        socket.write(path);
      };
      const open = () => {
        socket = net.connect({ host, port, noDelay: true });
        socket.on('connect', send);
        socket.on('data', (chunk) => {
          buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
          const answer = responseEnd(buf);
          if (!answer) return;
          inFlight = false;
          record(t0, answer.status);
          send();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          if (inFlight) {
            inFlight = false;
            record(t0, 0);
          }
          if (more()) setImmediate(open);
          else done();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: opts.concurrency }, () => connection()));
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
  };
}
