import { STORAGE_KEYS } from './storage-keys';

/**
 * Integrity checks in the browser: hash the text the page shows, read the hash recorded on chain through a
 * JSON-RPC node (this site's read-only proxy, or the reader's own), and compare. No ethers here: the one event
 * topic is a constant (its test pins it, and api/test/rpc-proxy.int.test.ts pins the same value to ethers' id()),
 * and the log data is decoded by hand (static ABI words).
 */

/** keccak256("VoteCast(bytes32,bytes32,uint8,bytes32,uint64,uint8)") — Governance.sol's VoteCast. */
export const VOTE_CAST_TOPIC = '0x9d7d26ac61c79c75b16a742e8dd7a90cb12b04e6d6b0d8cb12363b676ab62341';

/** The path of this site's public read-only RPC proxy. */
export const RPC_PROXY_PATH = '/api/rpc';

/** The reader's own RPC URL (localStorage), or null. */
export function savedRpcUrl(): string | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.rpcUrl)?.trim();
    return v ? v : null;
  } catch {
    return null;
  }
}

export function saveRpcUrl(url: string | null): void {
  if (url?.trim()) localStorage.setItem(STORAGE_KEYS.rpcUrl, url.trim());
  else localStorage.removeItem(STORAGE_KEYS.rpcUrl);
}

/** Where checks read the chain: the reader's own RPC, else this site's proxy. */
export function rpcUrlForChecks(): string {
  return savedRpcUrl() ?? `${window.location.origin}${RPC_PROXY_PATH}`;
}

/** 0x-prefixed lower-case hex SHA-256 of the UTF-8 text (as contracts-abi textHash). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `0x${Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface ReceiptLog {
  address: string;
  topics: string[];
  data: string;
}
export interface Receipt {
  status?: string | null;
  logs: ReceiptLog[];
}

export interface VoteCastLog {
  draftHash: string;
  memberId: string;
  /** VoteChoice: 0 NONE, 1 YES, 2 NO, 3 ABSTAIN (as Governance.sol). */
  choice: number;
  opinionHash: string;
  nonce: bigint;
  replaced: number;
}

const word = (data: string, i: number) => `0x${data.slice(2 + 64 * i, 2 + 64 * (i + 1))}`;

/** The VoteCast event a governance contract emitted in this receipt, decoded; null when there is none. */
export function findVoteCast(receipt: Receipt, governance: string): VoteCastLog | null {
  const gov = governance.toLowerCase();
  const log = receipt.logs.find(
    (l) =>
      l.address.toLowerCase() === gov &&
      l.topics[0]?.toLowerCase() === VOTE_CAST_TOPIC &&
      l.topics.length === 3 &&
      /^0x[0-9a-fA-F]{256}$/.test(l.data),
  );
  if (!log) return null;
  return {
    draftHash: log.topics[1]!.toLowerCase(),
    memberId: log.topics[2]!.toLowerCase(),
    choice: Number(BigInt(word(log.data, 0))),
    opinionHash: word(log.data, 1).toLowerCase(),
    nonce: BigInt(word(log.data, 2)),
    replaced: Number(BigInt(word(log.data, 3))),
  };
}

/**
 * verified: the chain holds the hash of the text shown; mismatch: it holds another, or the transaction carries no
 * such event; unavailable: the chain could not be read (or does not know the transaction).
 */
export type ProofState = 'verified' | 'mismatch' | 'unavailable';
export interface ProofResult {
  state: ProofState;
  /** SHA-256 of the text shown. */
  shownHash: string;
  /** The hash recorded on chain (null when it could not be read). */
  chainHash: string | null;
  /** Why the check could not tell (unavailable). */
  reason?: 'no_receipt' | 'no_event' | 'rpc';
}

/** One JSON-RPC call; throws on an RPC or HTTP error. */
export async function rpcCall<T>(
  url: string,
  method: string,
  params: unknown[],
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal,
  });
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (!res.ok || body.error) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
  return body.result as T;
}

/** Checks a council vote's reason against the VoteCast event of its transaction. */
export async function checkVoteReason(input: {
  reason: string;
  txHash: string;
  governance: string;
  rpcUrl: string;
  signal?: AbortSignal;
}): Promise<ProofResult> {
  const shownHash = await sha256Hex(input.reason);
  let receipt: Receipt | null;
  try {
    receipt = await rpcCall<Receipt | null>(
      input.rpcUrl,
      'eth_getTransactionReceipt',
      [input.txHash],
      input.signal,
    );
  } catch {
    return { state: 'unavailable', shownHash, chainHash: null, reason: 'rpc' };
  }
  if (!receipt) return { state: 'unavailable', shownHash, chainHash: null, reason: 'no_receipt' };
  const event = findVoteCast(receipt, input.governance);
  // The transaction the site names does not carry this vote: that is a disagreement, not a gap.
  if (!event) return { state: 'mismatch', shownHash, chainHash: null, reason: 'no_event' };
  return {
    state: event.opinionHash === shownHash ? 'verified' : 'mismatch',
    shownHash,
    chainHash: event.opinionHash,
  };
}
