import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JSONObject } from '@elastosfoundation/did-js-sdk';
import { IdChainLedger, IdTransactionRejected } from './id-chain-ledger';

export interface EidSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Where the ID transactions are kept; a second start on the same directory keeps the DIDs. */
  dataDir: string;
  log?: (line: string) => void;
}

export interface EidSimulator {
  /** Root URL, e.g. `http://127.0.0.1:41234/` (what SimulatedIDChainAdapter and initDidBackend take). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** File the running simulator writes its URL to, so the dev wallet CLI can find it. */
export const ENDPOINT_FILE = 'endpoint.json';

/**
 * Starts the local EID simulator: the SDK's simulated-ID-chain protocol at the root of its own port
 * (`POST /resolve` and `POST /` answer JSON-RPC `did_resolveDID`, `POST /idtx` takes a signed ID
 * transaction, `POST /reset` clears it) backed by a validating ledger persisted under `dataDir`.
 */
export async function startEidSimulator(options: EidSimulatorOptions): Promise<EidSimulator> {
  const ledger = await IdChainLedger.open(options.dataDir);
  const log = options.log ?? (() => {});
  const server = http.createServer((req, res) => {
    handle(req, res, ledger, log).catch((err: unknown) => {
      log(`internal error: ${String(err)}`);
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
      else res.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${urlHost}:${port}/`;
  const endpointFile = path.join(options.dataDir, ENDPOINT_FILE);
  await mkdir(options.dataDir, { recursive: true });
  await writeFile(endpointFile, JSON.stringify({ url, pid: process.pid }));
  log(`EID simulator listening on ${url} (${ledger.size} DIDs in ${options.dataDir})`);
  return {
    url,
    port,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await rm(endpointFile, { force: true });
    },
  };
}

async function handle(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ledger: IdChainLedger,
  log: (line: string) => void,
): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://sim').pathname;
  if (req.method === 'GET' && pathname === '/') {
    send(res, 200, { service: 'eid-simulator', dids: ledger.size });
    return;
  }
  if (req.method !== 'POST') {
    send(res, 405, { error: 'method not allowed' });
    return;
  }
  const body = await readBody(req);
  if (body === null) {
    send(res, 413, { error: 'body too large' });
    return;
  }
  if (pathname === '/idtx') {
    try {
      const tx = await ledger.submit(body);
      log(`idtx ${String((tx.operation.header as JSONObject).operation)} ${tx.did} -> ${tx.txid}`);
      send(res, 202, { txid: tx.txid });
    } catch (err) {
      if (!(err instanceof IdTransactionRejected)) throw err;
      log(`idtx rejected: ${err.message}`);
      send(res, 400, { error: err.message });
    }
    return;
  }
  if (pathname === '/reset') {
    await ledger.reset();
    send(res, 200, {});
    return;
  }
  if (pathname === '/' || pathname === '/resolve') {
    send(res, 200, rpc(body, ledger));
    return;
  }
  send(res, 404, { error: 'not found' });
}

function rpc(body: string, ledger: IdChainLedger): JSONObject {
  let call: JSONObject;
  try {
    call = JSON.parse(body) as JSONObject;
  } catch {
    return { jsonrpc: '2.0', id: null as unknown as string, error: { code: -32700, message: 'parse error' } };
  }
  const id = call.id ?? (null as unknown as string);
  const params = Array.isArray(call.params) ? (call.params[0] as JSONObject | undefined) : undefined;
  const fail = (code: number, message: string): JSONObject => ({
    jsonrpc: '2.0',
    id,
    error: { code, message },
  });
  switch (call.method) {
    case 'did_resolveDID': {
      const did = normalizeDid(params?.did);
      if (!did) return fail(-32602, 'invalid did');
      return { jsonrpc: '2.0', id, result: ledger.resolve(did, params?.all === true) };
    }
    case 'did_resolveCredential':
      // No credential is ever declared on the simulator: every credential is "not found" (not revoked).
      if (typeof params?.id !== 'string') return fail(-32602, 'invalid id');
      return { jsonrpc: '2.0', id, result: { id: params.id, status: 3 } };
    case 'did_listCredentials':
      return { jsonrpc: '2.0', id, result: { did: String(params?.did ?? ''), credentials: [] } };
    default:
      return fail(-32601, 'method not found');
  }
}

function normalizeDid(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const did = value.startsWith('did:elastos:') ? value : `did:elastos:${value}`;
  return /^did:elastos:[1-9A-HJ-NP-Za-km-z]{20,64}$/.test(did) ? did : null;
}

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
