import { isHexString } from 'ethers';
import { normalizeEscAddress } from '@cr/contract/address';
import type { Db } from '../db/db-client';
import type { ChainActionRow } from '../db/schema/chain.schema';
import type { ChainQueues } from '../queues/chain-queues';
import { confirmJobOptions } from '../queues/confirm-queue';
import { finalizeJobOptions } from '../queues/finalize-queue';
import { submitJobOptions } from '../queues/submit-queue';
import { trackJobOptions } from '../queues/track-queue';
import { currentRequestId } from '../infra/request-scope';
import { insertChainAction } from './chain-action.repo';
import { ChainActionError } from './chain-errors';

/** Kind of the actions the block watcher creates for closed windows; they go through the finalize queue. */
export const FINALIZE_KIND_SUFFIX = '.finalize';

interface CommonInput {
  /** What the call does, e.g. `council.vote` (free text, shown in logs and on the page). */
  kind: string;
  subjectType: string;
  subjectId: string;
  chainId: number;
  /** Contract address and ABI-encoded call. */
  to: string;
  data: string;
  /** Wei as a decimal string or bigint (default 0). */
  value?: string | bigint;
  /** A domain key that makes the action unique; recording it twice returns the first row. */
  dedupeKey?: string;
}

/** The worker sends the call with the relayer key (the contract verifies the member's DID signature in `data`). */
export interface RelayInput extends CommonInput {
  mode?: 'relay';
  /** Send only after this action is chained. */
  dependsOnId?: string;
}

/** The member's wallet sent the tx itself (esctransaction); the worker checks it is exactly what was asked. */
export interface TrackInput extends CommonInput {
  mode: 'track';
  /** The member's address the tx must come from. */
  from: string;
  /** The hash the wallet answered with. */
  txHash: string;
}

export type RecordChainActionInput = RelayInput | TrackInput;

/**
 * Writes the outbox row. Call it with the transaction that stores the signature (or the wallet's answer) it
 * relays, so both commit or neither does; then `dispatchAfterCommit` once the transaction has committed.
 */
export async function recordChainAction(tx: Db, input: RecordChainActionInput): Promise<ChainActionRow> {
  const value = normalizeWei(input.value ?? '0');
  const to = normalizeAddress(input.to, 'to');
  if (!isHexString(input.data) || input.data.length % 2 !== 0)
    throw new ChainActionError('chain.invalid_action', 'data must be 0x-prefixed hex bytes');
  const base = {
    kind: input.kind,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    dedupeKey: input.dedupeKey ?? null,
    chainId: input.chainId,
    toAddress: to,
    data: input.data.toLowerCase(),
    value,
    // The HTTP request (or the work) in hand: its id follows the action into the jobs and the worker's log lines.
    requestId: currentRequestId() ?? null,
  };
  if (input.mode === 'track') {
    if (!isHexString(input.txHash, 32))
      throw new ChainActionError('chain.invalid_action', 'txHash must be a 32-byte 0x hex string');
    return insertChainAction(tx, {
      ...base,
      mode: 'track',
      fromAddress: normalizeAddress(input.from, 'from'),
      txHash: input.txHash.toLowerCase(),
    });
  }
  return insertChainAction(tx, { ...base, mode: 'relay', dependsOnId: input.dependsOnId ?? null });
}

/** The queue an open action belongs in now, or null when it is final. */
export function queueFor(row: ChainActionRow): keyof Omit<ChainQueues, 'close' | 'prefix'> | null {
  if (row.status === 'chaining') return 'confirm';
  if (row.status !== 'unchain') return null;
  if (row.mode === 'track') return 'track';
  return row.kind.endsWith(FINALIZE_KIND_SUFFIX) ? 'finalize' : 'submit';
}

/**
 * Puts the action's job on its queue (jobId = action id, so a second enqueue of the same step is a no-op).
 * `confirmDelayMs`: start a confirm job only after this long (the worker's watchdog behind its block confirmer).
 */
export async function enqueueChainAction(
  queues: ChainQueues,
  row: ChainActionRow,
  confirmDelayMs = 0,
): Promise<string | null> {
  const which = queueFor(row);
  const data = row.requestId ? { actionId: row.id, requestId: row.requestId } : { actionId: row.id };
  switch (which) {
    case 'submit':
      await queues.submit.add('submit', data, submitJobOptions(row.id));
      break;
    case 'confirm':
      await queues.confirm.add('confirm', data, confirmJobOptions(row.id, confirmDelayMs));
      break;
    case 'track':
      await queues.track.add('track', data, trackJobOptions(row.id));
      break;
    case 'finalize':
      await queues.finalize.add('finalize', data, finalizeJobOptions(row.id));
      break;
    case null:
      return null;
  }
  return which;
}

/**
 * After the signature's transaction committed: hands the action to the worker. If Redis is unreachable the
 * action is not lost — it is committed in the outbox and the dispatcher enqueues it within seconds — so this
 * reports the failure instead of throwing (the member's signature did succeed); the caller logs it.
 */
export async function dispatchAfterCommit(
  queues: ChainQueues,
  row: ChainActionRow,
): Promise<{ enqueued: true } | { enqueued: false; error: Error }> {
  try {
    await enqueueChainAction(queues, row);
    return { enqueued: true };
  } catch (err) {
    return { enqueued: false, error: err as Error };
  }
}

function normalizeAddress(address: string, field: string): string {
  const normalized = normalizeEscAddress(address);
  if (!normalized) throw new ChainActionError('chain.invalid_action', `${field} is not an EVM address`);
  return normalized;
}

/** Wei as a canonical decimal string; rejects negatives, fractions and floats. */
export function normalizeWei(value: string | bigint): string {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new ChainActionError('chain.invalid_action', 'value must not be negative');
    return value.toString();
  }
  if (!/^\d+$/.test(value)) throw new ChainActionError('chain.invalid_action', 'value must be whole wei');
  return BigInt(value).toString();
}
