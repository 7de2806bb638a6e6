import {
  DID,
  DIDBackend,
  Logger,
  type DIDAdapter,
  type DIDDocument,
  type JSONObject,
} from '@elastosfoundation/did-js-sdk';
import { DidError } from './did-error';

// The SDK logs warnings (e.g. "JSON-LD context support not enabled") for every credential it parses.
Logger.setLevel(Logger.ERROR);

const UNAVAILABLE = 'EID_RESOLVER_UNAVAILABLE';
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * DIDAdapter over fetch: resolves with JSON-RPC POSTs to `resolverUrl` (the real EID node's
 * `did_resolveDID`, or the simulator, which answers at its root too) and, when `idTransactionUrl` is
 * given (the simulator's `/idtx`), publishes signed ID transactions there.
 */
export class EidRpcAdapter implements DIDAdapter {
  constructor(
    private readonly resolverUrl: string,
    private readonly idTransactionUrl?: string,
  ) {}

  async resolve(request: string): Promise<JSONObject> {
    return (await post(this.resolverUrl, request)) as JSONObject;
  }

  async createIdTransaction(payload: string): Promise<void> {
    if (!this.idTransactionUrl) {
      throw new DidError('did.publish_failed', 'this DID backend has no ID-transaction endpoint');
    }
    await post(this.idTransactionUrl, payload);
  }
}

async function post(url: string, body: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new Error(`${UNAVAILABLE}: ${url} did not answer (${(cause as Error).message})`, { cause });
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${UNAVAILABLE}: ${url} answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new Error(`${UNAVAILABLE}: ${url} answered non-JSON`, { cause });
  }
}

/** The simulator's ID-transaction endpoint, from its root URL (as the SDK's SimulatedIDChainAdapter builds it). */
export function simulatorIdTransactionUrl(simulatorUrl: string): string {
  return new URL('/idtx', simulatorUrl).toString();
}

export interface DidBackendOptions {
  /** `did_resolveDID` JSON-RPC endpoint: the real EID resolver in production, the simulator root in dev. */
  resolverUrl: string;
  /** How long a resolved document is reused, in milliseconds (keep it short: keys can be rotated). */
  cacheTtlMs: number;
}

let current: { resolverUrl: string; cacheTtlMs: number } | null = null;

/**
 * Configures the process-wide SDK `DIDBackend` (a singleton: one resolver per process).
 * Calling it again with the same settings keeps the cache; different settings replace the backend.
 */
export function initDidBackend(options: DidBackendOptions): void {
  new URL(options.resolverUrl); // throws on a malformed URL, before anything changes
  if (
    current &&
    DIDBackend.isInitialized() &&
    current.resolverUrl === options.resolverUrl &&
    current.cacheTtlMs === options.cacheTtlMs
  ) {
    return;
  }
  DIDBackend.initialize(new EidRpcAdapter(options.resolverUrl), 16, 256, options.cacheTtlMs);
  current = { resolverUrl: options.resolverUrl, cacheTtlMs: options.cacheTtlMs };
}

/** Initializes the backend only when nothing is configured yet, or when it points at another resolver. */
export function ensureDidBackend(resolverUrl: string, cacheTtlMs = 5_000): void {
  if (current && DIDBackend.isInitialized() && current.resolverUrl === resolverUrl) return;
  initDidBackend({ resolverUrl, cacheTtlMs });
}

/** True when an SDK error was caused by the resolver not answering (network, HTTP error, non-JSON). */
export function isResolverUnavailable(err: unknown): boolean {
  return errorText(err).includes(UNAVAILABLE);
}

function errorText(err: unknown): string {
  return String(err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : err);
}

function translate(err: unknown, did: string): never {
  if (err instanceof DidError) throw err;
  const text = errorText(err);
  if (text.includes(UNAVAILABLE)) {
    throw new DidError('did.resolver_unavailable', `DID resolver unavailable while resolving ${did}`, {
      cause: err,
    });
  }
  throw new DidError('did.unresolvable', `DID ${did} could not be resolved: ${text.slice(0, 200)}`, {
    cause: err,
  });
}

/**
 * Resolves a DID to its current, valid document through the configured backend.
 * The SDK checks the ID transaction's signature; this also refuses deactivated, expired or
 * non-genuine documents. A "not found" answer is never served from the cache.
 */
export async function resolveDid(did: string): Promise<DIDDocument> {
  if (!DIDBackend.isInitialized()) throw new Error('initDidBackend() must be called before resolveDid()');
  const id = parseDid(did);
  let doc: DIDDocument | null;
  try {
    doc = await DIDBackend.getInstance().resolveDid(id, false);
    if (!doc) doc = await DIDBackend.getInstance().resolveDid(id, true);
  } catch (err) {
    translate(err, did);
  }
  if (!doc) throw new DidError('did.unresolvable', `DID ${did} is not published`);
  if (doc.getMetadata().isDeactivated()) throw new DidError('did.deactivated', `DID ${did} is deactivated`);
  if (doc.isExpired()) throw new DidError('did.unresolvable', `DID ${did} document has expired`);
  if (!doc.isGenuine()) throw new DidError('did.unresolvable', `DID ${did} document is not genuine`);
  return doc;
}

/** Parses `did:elastos:<id>`; anything else is a `did.jwt_malformed`-class input error. */
export function parseDid(did: string): DID {
  if (typeof did !== 'string' || !/^did:elastos:[1-9A-HJ-NP-Za-km-z]{20,64}$/.test(did)) {
    throw new DidError('did.unresolvable', `not an Elastos DID: ${String(did).slice(0, 80)}`);
  }
  const parsed = DID.from(did);
  if (!parsed) throw new DidError('did.unresolvable', `not an Elastos DID: ${did}`);
  return parsed;
}
