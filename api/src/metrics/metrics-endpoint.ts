import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** Where the metrics are asked for: the api's own port, or the separate METRICS_PORT. */
export type MetricsDoor = 'main' | 'metrics-port';

export interface MetricsAccessConfig {
  NODE_ENV?: string;
  METRICS_TOKEN?: string;
}

/**
 * Who may read `/metrics` (deny by default):
 * - with METRICS_TOKEN set, only a request with `Authorization: Bearer <token>`, on either door;
 * - without it, the separate METRICS_PORT is open (the operator exposes it only to Prometheus), and the api's own
 *   port answers only outside production (a development machine, the tests); in production it answers 404.
 */
export function metricsAccess(
  config: MetricsAccessConfig,
  door: MetricsDoor,
  authorization: string | undefined,
): 'allow' | 'unauthorized' | 'hidden' {
  if (config.METRICS_TOKEN)
    return bearerMatches(authorization, config.METRICS_TOKEN) ? 'allow' : 'unauthorized';
  if (door === 'metrics-port') return 'allow';
  return config.NODE_ENV === 'production' ? 'hidden' : 'allow';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Answers a metrics request on a plain Node response (the api's Express response is one). */
export async function answerMetrics(
  registry: Registry,
  config: MetricsAccessConfig,
  door: MetricsDoor,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const access = metricsAccess(config, door, req.headers.authorization);
  res.setHeader('Cache-Control', 'no-store');
  if (access !== 'allow') {
    res.statusCode = access === 'hidden' ? 404 : 401;
    if (access === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(access === 'hidden' ? 'Not found\n' : 'Unauthorized\n');
    return;
  }
  const body = await registry.metrics();
  res.statusCode = 200;
  res.setHeader('Content-Type', registry.contentType);
  res.end(body);
}

export interface MetricsServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** The separate metrics port (METRICS_PORT): `GET /metrics` only, everything else 404. */
export async function startMetricsServer(opts: {
  registry: Registry;
  config: MetricsAccessConfig;
  port: number;
  host: string;
  onError: (err: unknown) => void;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.statusCode = 404;
      res.end('Not found\n');
      return;
    }
    answerMetrics(opts.registry, opts.config, 'metrics-port', req, res).catch((err: unknown) => {
      opts.onError(err);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${opts.host === '0.0.0.0' ? '127.0.0.1' : opts.host}:${port}/metrics`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
