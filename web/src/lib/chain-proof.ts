import { STORAGE_KEYS } from './storage-keys';

/**
 * Integrity checks in the browser: hash the text the page shows, read the hash recorded on chain through a
 * JSON-RPC node (this site's read-only proxy, or the reader's own), and compare. No ethers here: the one event
 * topic is a constant (its test pins it, and api/test/rpc-proxy.int.test.ts pins the same value to ethers' id()),
 * and the log data is decoded by hand (static ABI words).
 */

/** keccak256("VoteCast(bytes32,bytes32,uint8,bytes32,uint64,uint8)") — Governance.sol's VoteCast. */
export const VOTE_CAST_TOPIC = '0x9d7d26ac61c79c75b16a742e8dd7a90cb12b04e6d6b0d8cb12363b676ab62341';

/**
 * The topics of the events whose recorded values the badges compare (keccak256 of each signature; pinned by the
 * unit test and, against the compiled ABIs, by api/test/rpc-proxy.int.test.ts).
 */
export const TOPICS = {
  /** Governance ProposalRegistered(bytes32 indexed draftHash, ProposalKind, uint32 indexed term, bytes32 indexed proposer, …) */
  ProposalRegistered: '0x2351cab5cb6c7b7ce30af3fbfcce7fb19b7fb900a6ccbb2d54c76ba260e63cc7',
  VoteCast: VOTE_CAST_TOPIC,
  /** Governance Concluded(bytes32 indexed draftHash, ProposalStatus outcome, bytes32 summaryHash) */
  Concluded: '0x22c12d49f932cd6b40b55fc6460c1a6dbe4bb2fa25e6a3c77fc1d99cc58341fb',
  /** Treasury PaymentRequested(bytes32 indexed draftHash, uint256 indexed stage, uint256 amountWei, bytes32 messageHash, uint64 nonce) */
  PaymentRequested: '0xf6da20b96d9037fccfa503a24ab336a5451e485bef11e2b7928cb0c81207194a',
  /** Treasury PaymentReviewed(bytes32 indexed draftHash, uint256 indexed stage, bool approved, bytes32 opinionHash, uint64 nonce) */
  PaymentReviewed: '0x76c0f88b34bcb9ef3dcb094a4c1d0448309bdae98f6950771e7eaffac8f66306',
  /** Treasury Withdrawn(bytes32 indexed draftHash, address indexed recipient, uint256 amountWei, uint256 fromStage, uint256 toStage) */
  Withdrawn: '0xf7df28786d8d49895250334fa8582daeb147e7840983f80569f72140f0aa34bd',
} as const;
export type ChainEvent = keyof typeof TOPICS;
/** Which contract emits each event. */
export const EVENT_CONTRACT: Record<ChainEvent, 'Governance' | 'Treasury'> = {
  ProposalRegistered: 'Governance',
  VoteCast: 'Governance',
  Concluded: 'Governance',
  PaymentRequested: 'Treasury',
  PaymentReviewed: 'Treasury',
  Withdrawn: 'Treasury',
};

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
 * verified: the chain holds the value computed from what the page shows; mismatch: it holds another, or the
 * transaction carries no such event; unavailable: the chain could not be read (or does not know the transaction).
 */
export type ProofState = 'verified' | 'mismatch' | 'unavailable';
export interface ProofResult {
  state: ProofState;
  /** The value computed from what the page shows (a SHA-256, or for a withdrawal "amount wei to address"). */
  shownHash: string;
  /** The value recorded on chain (null when it could not be read, or the transaction holds no such event). */
  chainHash: string | null;
  /** Why the check could not tell (unavailable), or that the transaction holds no such event (mismatch). */
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

const hex32 = (n: number | bigint) => `0x${BigInt(n).toString(16).padStart(64, '0')}`;

/**
 * What one badge checks: the event of the contract in the transaction the site names, which of its logs is the
 * item (its indexed topics), the value the chain recorded in it, and the value computed from what the page shows.
 * One mechanism for every kind (vote reason, suggestion text, payment message, review opinion, withdrawal,
 * conclusion summary); the builders below are the only per-kind code.
 */
export interface ProofSpec {
  event: ChainEvent;
  txHash: string;
  /** Expected topics after topic0 (null: any); a log must match every one given. */
  topics?: Array<string | null>;
  /** The value the chain recorded, from a matching log. */
  recorded: (log: ReceiptLog) => string;
  /** The value computed from what the page shows, in the same form. */
  shown: () => Promise<string>;
}

/** The logs of this event emitted by this address and matching the spec's topics. */
export function matchingLogs(receipt: Receipt, spec: ProofSpec, address: string): ReceiptLog[] {
  const addr = address.toLowerCase();
  const topic0 = TOPICS[spec.event];
  return receipt.logs.filter(
    (l) =>
      l.address.toLowerCase() === addr &&
      l.topics[0]?.toLowerCase() === topic0 &&
      /^0x([0-9a-fA-F]{64})*$/.test(l.data) &&
      (spec.topics ?? []).every((t, i) => t === null || l.topics[i + 1]?.toLowerCase() === t.toLowerCase()),
  );
}

/** Reads the receipt of the spec's transaction and compares the recorded value with the shown one. */
export async function checkOnChain(
  spec: ProofSpec,
  input: { address: string; rpcUrl: string; signal?: AbortSignal },
): Promise<ProofResult> {
  const shownHash = await spec.shown();
  let receipt: Receipt | null;
  try {
    receipt = await rpcCall<Receipt | null>(
      input.rpcUrl,
      'eth_getTransactionReceipt',
      [spec.txHash],
      input.signal,
    );
  } catch {
    return { state: 'unavailable', shownHash, chainHash: null, reason: 'rpc' };
  }
  if (!receipt) return { state: 'unavailable', shownHash, chainHash: null, reason: 'no_receipt' };
  const logs = matchingLogs(receipt, spec, input.address);
  // The transaction the site names does not carry this item: that is a disagreement, not a gap.
  if (logs.length === 0) return { state: 'mismatch', shownHash, chainHash: null, reason: 'no_event' };
  const recorded = logs.map((l) => spec.recorded(l));
  const hit = recorded.find((r) => r === shownHash);
  return hit
    ? { state: 'verified', shownHash, chainHash: hit }
    : { state: 'mismatch', shownHash, chainHash: recorded[0]! };
}

/**
 * A council vote's reason: VoteCast.opinionHash (data word 1) = SHA-256 of the reason. The proposal's draft hash
 * and the member pick the log: one transaction may relay several votes (a RelayBatch).
 */
export const voteReasonProof = (
  reason: string,
  txHash: string,
  memberId?: string,
  draftHash?: string | null,
): ProofSpec => ({
  event: 'VoteCast',
  txHash,
  topics: [draftHash ?? null, memberId ?? null],
  recorded: (l) => word(l.data, 1).toLowerCase(),
  shown: () => sha256Hex(reason),
});

/** The text a proposal was registered from: ProposalRegistered's draftHash (topic 1) = SHA-256 of its canonical form. */
export const draftHashProof = (canonicalText: string, txHash: string): ProofSpec => ({
  event: 'ProposalRegistered',
  txHash,
  recorded: (l) => l.topics[1]!.toLowerCase(),
  shown: () => sha256Hex(canonicalText),
});

/** A stage's payment request message: PaymentRequested(draftHash, stage).messageHash (data word 1). */
export const paymentMessageProof = (
  message: string,
  stage: number,
  txHash: string,
  draftHash?: string | null,
): ProofSpec => ({
  event: 'PaymentRequested',
  txHash,
  topics: [draftHash ?? null, hex32(stage)],
  recorded: (l) => word(l.data, 1).toLowerCase(),
  shown: () => sha256Hex(message),
});

/** The secretary general's review opinion: PaymentReviewed(draftHash, stage).opinionHash (data word 1). */
export const reviewOpinionProof = (
  opinion: string,
  stage: number,
  txHash: string,
  draftHash?: string | null,
): ProofSpec => ({
  event: 'PaymentReviewed',
  txHash,
  topics: [draftHash ?? null, hex32(stage)],
  recorded: (l) => word(l.data, 1).toLowerCase(),
  shown: () => sha256Hex(opinion),
});

/** ELA as a decimal string ("12.5") in wei; null when it is not one. */
export function elaToWei(ela: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,18}))?$/.exec(ela.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 10n ** 18n + BigInt((m[2] ?? '').padEnd(18, '0') || '0');
}

/**
 * A withdrawal carries no text: the amount and recipient shown are compared with the Withdrawn event's
 * (recipient topic 2, amountWei data word 0), as "<wei> wei to <address>".
 */
export const withdrawalProof = (
  amountEla: string,
  recipient: string,
  txHash: string,
  draftHash?: string | null,
): ProofSpec => ({
  event: 'Withdrawn',
  txHash,
  topics: [draftHash ?? null],
  recorded: (l) => `${BigInt(word(l.data, 0)).toString()} wei to 0x${l.topics[2]!.slice(-40).toLowerCase()}`,
  shown: () =>
    Promise.resolve(`${elaToWei(amountEla)?.toString() ?? amountEla} wei to ${recipient.toLowerCase()}`),
});

/** The conclusion summary: Concluded(draftHash).summaryHash (data word 1) = SHA-256 of the summary text. */
export const summaryProof = (summary: string, txHash: string, draftHash?: string | null): ProofSpec => ({
  event: 'Concluded',
  txHash,
  topics: [draftHash ?? null],
  recorded: (l) => word(l.data, 1).toLowerCase(),
  shown: () => sha256Hex(summary),
});

/** Checks a council vote's reason against the VoteCast event of its transaction. */
export function checkVoteReason(input: {
  reason: string;
  txHash: string;
  governance: string;
  rpcUrl: string;
  signal?: AbortSignal;
}): Promise<ProofResult> {
  return checkOnChain(voteReasonProof(input.reason, input.txHash), {
    address: input.governance,
    rpcUrl: input.rpcUrl,
    signal: input.signal,
  });
}
