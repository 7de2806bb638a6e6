import http from 'node:http';
import https from 'node:https';
import { until as pollUntil } from '../poll/until';

/**
 * The demo's HTTP side: the running stack's public api, as a browser and a phone would use it. Nothing here
 * touches the database: accounts sign in by QR answered by the stack's dev wallet (`/api/dev/wallet/approve`,
 * dev only and loopback only), and every chain fact comes from the worker relaying what a wallet signed.
 *
 * The demo asks from its own loopback address (127.0.0.2 when the stack is on this machine's IPv4 loopback), so
 * the api's per-address limits (wallet requests, registrations) count it as a visitor of its own rather than
 * spending the quota of the person trying the site from 127.0.0.1.
 */

export interface Envelope<T> {
  code: number;
  data?: T;
  error?: { type: string; message: string; fields?: unknown[] };
}

export class DemoHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly type: string | undefined,
    message: string,
  ) {
    super(`${path}: ${status} ${type ?? ''} ${message}`);
  }
}

export interface DemoClientOptions {
  baseUrl: string;
  /** The local address to ask from (default: 127.0.0.2 for a loopback IPv4 stack, else the system's choice). */
  localAddress?: string | null;
}

export class DemoClient {
  readonly baseUrl: string;
  private localAddress: string | undefined;

  constructor(opts: DemoClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    const host = new URL(this.baseUrl).hostname;
    const loopbackV4 = host === 'localhost' || /^127\./.test(host);
    this.localAddress =
      opts.localAddress === null ? undefined : (opts.localAddress ?? (loopbackV4 ? '127.0.0.2' : undefined));
  }

  private raw(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string }> {
    const url = new URL(`${this.baseUrl}${path}`);
    // `localhost` may resolve to ::1, from which 127.0.0.2 cannot ask: name the IPv4 loopback when we bind.
    if (this.localAddress && url.hostname === 'localhost') url.hostname = '127.0.0.1';
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        {
          method,
          localAddress: this.localAddress,
          headers: {
            Accept: 'application/json',
            ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  /** One api call (`path` under /api); throws DemoHttpError unless the envelope says success. */
  async call<T>(
    path: string,
    init: { method?: string; body?: unknown; token?: string; secret?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (init.token) headers['api-token'] = init.token;
    if (init.secret) headers['x-wallet-secret'] = init.secret;
    let res: { status: number; text: string };
    try {
      res = await this.raw(init.method ?? 'GET', `/api${path}`, init.body, headers);
    } catch (err) {
      // A system without 127.0.0.2 (macOS has only 127.0.0.1): ask from the default address from now on.
      if (this.localAddress && (err as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') {
        this.localAddress = undefined;
        return this.call(path, init);
      }
      throw err;
    }
    let json: Envelope<T>;
    try {
      json = JSON.parse(res.text) as Envelope<T>;
    } catch {
      throw new DemoHttpError(res.status, path, 'not_json', res.text.slice(0, 200));
    }
    if (res.status >= 400 || json.code <= 0)
      throw new DemoHttpError(
        res.status,
        path,
        json.error?.type,
        `${json.error?.message ?? ''}${json.error?.fields ? ` ${JSON.stringify(json.error.fields)}` : ''}`,
      );
    return json.data as T;
  }

  /** Whether the stack answers (GET /api/health). */
  async alive(): Promise<boolean> {
    try {
      await this.raw('GET', '/api/health/live', undefined, {});
      return true;
    } catch {
      return false;
    }
  }
}

/** The demo's poll: `until` (scripts/src/poll/until.ts) with the demo's longer bound (its steps wait on chain windows). */
export const until = <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 90_000) =>
  pollUntil(what, read, ok, timeoutMs, 300);
