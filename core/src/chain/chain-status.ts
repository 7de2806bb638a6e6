import { statusTable } from '../db/status-table';

/**
 * The on-chain lifecycle of a chain action (architecture.md §3 steps 5–7). The same values are shown on the
 * domain record and on the page; docs/chain-worker.md mirrors this table.
 */
export type ChainStatus =
  /** In the outbox: stored with the signature it relays (or the wallet's tx hash to track), not yet known to be on
   * the node. A relayed row may already hold its signed tx, nonce and hash (recorded before the broadcast). */
  | 'unchain'
  /** Sent (or, for a wallet-sent tx, found and matched): the tx hash is known; waiting for CONFIRMATIONS blocks. */
  | 'chaining'
  /** In a block at least CONFIRMATIONS deep with success; `blockNumber` recorded. Terminal. */
  | 'chained'
  /** Reverted, refused before sending, dropped, or a wallet tx that did not match; `failureReason` is readable.
   * A relayed action whose failure a retry can fix can be retried (back to `unchain`); a permanent refusal cannot. */
  | 'failed';

export const CHAIN_STATUSES = [
  'unchain',
  'chaining',
  'chained',
  'failed',
] as const satisfies readonly ChainStatus[];

/** How the action reaches the chain: the worker sends it with the relayer key, or the member's wallet sent it. */
export type ChainActionMode = 'relay' | 'track';

/**
 * Allowed moves, enforced by `transitionChainAction` (the only writer of `chain_actions.status`).
 * `unchain → chained`: a finalize call the chain already made (no tx of ours). `chaining → unchain`: a relayed tx
 * was replaced and must be signed again. `failed → unchain`: the retry of a relayed action.
 */
export const CHAIN_TRANSITIONS = statusTable<ChainStatus>('chain action', {
  unchain: ['chaining', 'chained', 'failed'],
  chaining: ['chained', 'failed', 'unchain'],
  chained: [],
  failed: ['unchain'],
});

export function canTransition(from: ChainStatus, to: ChainStatus): boolean {
  return CHAIN_TRANSITIONS.can(from, to);
}

export function isTerminal(status: ChainStatus): boolean {
  return CHAIN_TRANSITIONS.next[status].length === 0 || status === 'failed';
}

/**
 * Failures no retry can change (docs/chain-actions.md, "Permanent refusals"): the contract refused the signed call
 * (`chain.refused` at gas estimation, `chain.reverted` in its block) or the action it builds on failed
 * (`chain.dependency_failed`). The signatures are fixed, so sending them again meets the same rule. A failure of
 * any other type (`chain.unreachable`, `chain.dropped`, `chain.out_of_gas`...) can succeed on a retry.
 */
export const PERMANENT_FAILURE_TYPES: ReadonlySet<string> = new Set([
  'chain.refused',
  'chain.reverted',
  'chain.dependency_failed',
]);

/** True when a `failed` action's failure is one no retry can fix (the per-kind refusal hook then runs). */
export function isPermanentFailure(failureType: string | null): boolean {
  return failureType !== null && PERMANENT_FAILURE_TYPES.has(failureType);
}

/**
 * A failed action can be retried only when the worker sends it (a wallet-sent tx must be sent again by the member)
 * and only when its failure is one a retry can fix.
 */
export function canRetry(status: ChainStatus, mode: ChainActionMode, failureType: string | null): boolean {
  return status === 'failed' && mode === 'relay' && !isPermanentFailure(failureType);
}

/** Confirmations of a tx mined in `txBlock` when the tip is `tip` (the tx's own block counts as one). */
export function confirmationsAt(txBlock: number, tip: number): number {
  return tip >= txBlock ? tip - txBlock + 1 : 0;
}
