import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadOrCreateAppIdentity, type AppIdentity } from '../src/app-identity';
import { initDidBackend } from '../src/did-backend';
import { startEidSimulator, type EidSimulator } from '../src/eid-simulator/eid-simulator';

export interface ReceivedCallback {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A real local HTTP server standing in for the api's callback route: records, then answers via `handler`. */
export interface CallbackServer {
  url: string;
  received: ReceivedCallback[];
  handler: (cb: ReceivedCallback) => Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
  const cs: CallbackServer = {
    url: '',
    received: [],
    handler: async () => ({ status: 200, body: { code: 1 } }),
    stop: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const cb = { url: req.url ?? '', headers: req.headers, body };
      cs.received.push(cb);
      cs.handler(cb).then(
        ({ status, body: out }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(out));
        },
        (err: unknown) => {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: (err as { type?: string }).type ?? String(err) }));
        },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  cs.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wallet/callback`;
  cs.stop = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return cs;
}

export interface DidHarness {
  dir: string;
  sim: EidSimulator;
  app: AppIdentity;
  callback: CallbackServer;
  walletOpts: { walletDir: string; resolverUrl: string };
  stop(): Promise<void>;
}

/** Simulator on a free port, DID backend on it, a published app DID, a wallet dir and a callback server. */
export async function startDidHarness(): Promise<DidHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'did-int-'));
  const sim = await startEidSimulator({ dataDir: path.join(dir, 'eid') });
  initDidBackend({ resolverUrl: sim.url, cacheTtlMs: 1_000 });
  const app = await loadOrCreateAppIdentity({
    storeDir: path.join(dir, 'app'),
    storepass: 'app-pass',
    publishTo: sim.url,
  });
  const callback = await startCallbackServer();
  return {
    dir,
    sim,
    app,
    callback,
    walletOpts: { walletDir: path.join(dir, 'wallets'), resolverUrl: sim.url },
    async stop() {
      await callback.stop();
      await sim.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const token = (): string => randomBytes(16).toString('base64url');
