import http from 'node:http';
import https from 'node:https';
import {
  JsonRpcProvider,
  Network,
  Wallet,
  isError,
  makeError,
  type JsonRpcApiProviderOptions,
  type JsonRpcPayload,
  type JsonRpcResult,
} from 'ethers';

/**
 * JSON-RPC over Node's http with kept-alive connections: ethers' FetchRequest encodes each request body and decodes
 * each response with its JavaScript UTF-8 coder, character by character, which on the relayer's one thread cost
 * more than the rest of a call (a block's receipts, a batch transaction's bytes); Node's fetch was slower still per
 * request. Same contract as ethers' `_send`: the parsed responses, in an array; a non-2xx answer is a SERVER_ERROR
 * as ethers makes it; a node that cannot be reached rejects with the socket's error (ECONNREFUSED, …) and a slow
 * one with "timeout" (isConnectivityError reads both).
 */
class HttpJsonRpcProvider extends JsonRpcProvider {
  private readonly url: URL;
  private readonly agent: http.Agent;

  constructor(
    rpcUrl: string,
    private readonly timeoutMs: number,
    network: Network,
    options: JsonRpcApiProviderOptions,
  ) {
    super(rpcUrl, network, options);
    this.url = new URL(rpcUrl);
    this.agent =
      this.url.protocol === 'https:'
        ? new https.Agent({ keepAlive: true })
        : new http.Agent({ keepAlive: true });
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const { status, statusText, text } = await this.post(JSON.stringify(payload));
    if (status < 200 || status > 299)
      throw makeError(`server response ${status} ${statusText}`, 'SERVER_ERROR', {
        request: undefined,
        response: undefined,
        info: { status, body: text.slice(0, 500) },
      } as never);
    const body = JSON.parse(text) as JsonRpcResult | JsonRpcResult[];
    return Array.isArray(body) ? body : [body];
  }

  private post(body: string): Promise<{ status: number; statusText: string; text: string }> {
    const send = this.url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              statusText: res.statusMessage ?? '',
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`timeout after ${this.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  override destroy(): void {
    super.destroy();
    this.agent.destroy();
  }
}

/**
 * The JSON-RPC provider the worker uses. `cacheTimeout: -1` turns off ethers' 250 ms result cache, which otherwise
 * hands back a stale `eth_getTransactionCount` on a fast node (toolchain.md item 16); the static network skips
 * chain-id detection so a node that is down makes calls fail fast instead of hanging in detection. `batchMax` > 1:
 * calls made within 10 ms of each other go as one JSON-RPC batch of at most that many (one HTTP request; each
 * call still gets its own answer or error).
 */
export function createChainProvider(
  rpcUrl: string,
  chainId: number,
  { timeoutMs = 10_000, batchMax = 1 }: { timeoutMs?: number; batchMax?: number } = {},
): JsonRpcProvider {
  return new HttpJsonRpcProvider(rpcUrl, timeoutMs, Network.from(chainId), {
    cacheTimeout: -1,
    staticNetwork: Network.from(chainId),
    batchMaxCount: batchMax,
    batchStallTime: 10,
    pollingInterval: 500,
  });
}

export function createRelayer(privateKey: string, provider: JsonRpcProvider): Wallet {
  return new Wallet(privateKey, provider);
}

/** All text an ethers / JSON-RPC error carries (the node's own message is nested). */
export function rpcErrorText(err: unknown): string {
  const parts: string[] = [];
  const e = err as {
    message?: string;
    shortMessage?: string;
    info?: { error?: { message?: string } };
    error?: { message?: string };
  };
  for (const m of [e?.shortMessage, e?.message, e?.info?.error?.message, e?.error?.message])
    if (m) parts.push(m);
  return parts.join(' | ');
}

/** The node already has this exact tx (re-broadcast after a crash). */
export function isAlreadyKnown(err: unknown): boolean {
  return /already known|already imported|known transaction|already exists|AlreadyKnown/i.test(
    rpcErrorText(err),
  );
}

/** The node says the nonce is already used (by this tx, mined, or by another one). */
export function isNonceTooLow(err: unknown): boolean {
  return (
    isError(err, 'NONCE_EXPIRED') || /nonce too low|nonce has already been used/i.test(rpcErrorText(err))
  );
}

export function isInsufficientFunds(err: unknown): boolean {
  return isError(err, 'INSUFFICIENT_FUNDS') || /insufficient funds/i.test(rpcErrorText(err));
}

/** The node could not be reached (down, restarting, network): wait and try again, never fail the action for it. */
export function isConnectivityError(err: unknown): boolean {
  return /ECONNREFUSED|fetch failed|ETIMEDOUT|timeout|ECONNRESET|socket hang up|EHOSTUNREACH|ENOTFOUND/i.test(
    rpcErrorText(err),
  );
}

/** One line for `last_error`: what went wrong talking to the node, without stack or request dumps. */
export function shortError(err: unknown): string {
  if (isInsufficientFunds(err)) return 'the relayer account has too little balance to pay for gas';
  const e = err as { shortMessage?: string; message?: string; code?: string };
  const text = e?.shortMessage ?? e?.message ?? String(err);
  if (isConnectivityError(err)) return 'the chain node is unreachable';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Shares one in-flight or recent answer of `load` for `ttlMs` (fee data and the node's pending nonce, read by every
 * submit). A failed load is not kept.
 */
export function memoizeFor<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    const value = load();
    const entry = { at: Date.now(), value };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };
}
