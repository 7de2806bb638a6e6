/**
 * What the public RPC proxy (`POST /api/rpc`) lets through: reads only. Every call is checked on its own; a
 * call that is not allowed gets a JSON-RPC error and is never sent to the node.
 */
export const RPC_READ_METHODS = [
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_call',
  'eth_getCode',
  'eth_getBalance',
  'eth_getLogs',
] as const;

export const RPC_MAX_BATCH = 20;
export const RPC_MAX_LOG_RANGE = 5_000;
export const RPC_BODY_LIMIT = '64kb';

/** JSON-RPC 2.0 error codes used by the proxy. */
export const RpcErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Non-standard, as used by public nodes: limit exceeded / unavailable. */
  limited: -32005,
  unavailable: -32003,
} as const;

export type RpcId = string | number | null;
export interface RpcCall {
  jsonrpc: '2.0';
  id: RpcId;
  method: string;
  params: unknown[];
}
export interface RpcError {
  code: number;
  message: string;
}
export interface RpcAnswer {
  jsonrpc: '2.0';
  id: RpcId;
  result?: unknown;
  error?: RpcError;
}

export const rpcError = (id: RpcId, code: number, message: string): RpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

const idOf = (v: unknown): RpcId =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) ? v : null;

/** A call as sent, or the error answer that refuses it (shape or method). */
export function readCall(raw: unknown): RpcCall | RpcAnswer {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return rpcError(null, RpcErrorCode.invalidRequest, 'Invalid request: a JSON-RPC 2.0 call is an object.');
  }
  const o = raw as Record<string, unknown>;
  const id = idOf(o.id);
  if (o.jsonrpc !== '2.0' || typeof o.method !== 'string') {
    return rpcError(
      id,
      RpcErrorCode.invalidRequest,
      'Invalid request: expected { jsonrpc: "2.0", id, method, params }.',
    );
  }
  if (o.params !== undefined && !Array.isArray(o.params)) {
    return rpcError(id, RpcErrorCode.invalidParams, 'Invalid params: params must be an array.');
  }
  if (!(RPC_READ_METHODS as readonly string[]).includes(o.method)) {
    return rpcError(
      id,
      RpcErrorCode.methodNotFound,
      `Method ${o.method.slice(0, 64)} is not available on this read-only proxy. Allowed: ${RPC_READ_METHODS.join(', ')}.`,
    );
  }
  return { jsonrpc: '2.0', id, method: o.method, params: (o.params as unknown[] | undefined) ?? [] };
}

export const isAnswer = (v: RpcCall | RpcAnswer): v is RpcAnswer => !('method' in v);

const TAGS = ['latest', 'pending', 'safe', 'finalized'];

/** A block parameter of eth_getLogs as a number, 'head' for a tag that means the chain head, or null if malformed. */
export function blockParam(v: unknown): number | 'head' | null {
  if (v === undefined || (typeof v === 'string' && TAGS.includes(v))) return 'head';
  if (v === 'earliest') return 0;
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(v)) return Number.parseInt(v, 16);
  return null;
}

/**
 * Checks the filter of an eth_getLogs call: it must name an address and span at most RPC_MAX_LOG_RANGE blocks.
 * `head` is asked only when a bound is a tag. Returns an error message, or null when the filter is fine.
 */
export async function checkLogFilter(params: unknown[], head: () => Promise<number>): Promise<string | null> {
  const filter = params[0];
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) {
    return 'eth_getLogs takes one filter object.';
  }
  const f = filter as Record<string, unknown>;
  const address = f.address;
  const named =
    (typeof address === 'string' && address.length > 0) ||
    (Array.isArray(address) && address.length > 0 && address.every((a) => typeof a === 'string'));
  if (!named) return 'eth_getLogs on this proxy must name an address (or a list of addresses).';
  if (f.blockHash !== undefined) {
    return f.fromBlock === undefined && f.toBlock === undefined
      ? null
      : 'blockHash excludes fromBlock/toBlock.';
  }
  const from = blockParam(f.fromBlock);
  const to = blockParam(f.toBlock);
  if (from === null || to === null) return 'fromBlock/toBlock must be a hex block number or a block tag.';
  const needsHead = from === 'head' || to === 'head';
  const h = needsHead ? await head() : 0;
  const a = from === 'head' ? h : from;
  const b = to === 'head' ? h : to;
  if (b - a + 1 > RPC_MAX_LOG_RANGE) {
    return `eth_getLogs on this proxy spans at most ${RPC_MAX_LOG_RANGE} blocks (asked ${b - a + 1}).`;
  }
  return null;
}
