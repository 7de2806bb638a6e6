/**
 * Confirm: watches a sent tx (relayed or wallet-sent) until it is CONFIRMATIONS blocks deep, then `chained` with the
 * block number, or `failed` with the decoded revert reason. "Not yet" is a NotYetError, so BullMQ's retry with
 * backoff does the polling. While waiting it detects a dropped tx (not in the node, nonce still free: the same
 * bytes are re-broadcast) and a replaced one (nonce consumed by another tx: a relayed action is signed again, a
 * wallet-sent one fails).
 */
import type { MinedReceipt } from './head-tracker';
import { NotYetError } from '@cr/core/queues/queue-backoff';
import { CONFIRM_BACKOFF, CONFIRM_QUEUE } from '@cr/core/queues/confirm-queue';
import { getChainAction, UNSIGNED } from '@cr/core/chain/chain-action.repo';
import { confirmationsAt } from '@cr/core/chain/chain-status';
import { enqueueChainAction } from '@cr/core/chain/chain-outbox';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { failedCallsOf } from '@cr/contracts-abi/relay-batch';
import { isAlreadyKnown, isNonceTooLow } from './chain-client';
import { isUnderpriced } from './held-nonce';
import { startQueueWorker, type QueueRunnerOptions } from './queue-runner';
import { revertDataOf } from '@cr/core/chain/revert-reason';
import { failAction, recordProgress, transition, type WorkerContext } from './worker-context';

/**
 * One look at the action; "not yet" goes back to BullMQ's backoff. With a head tracker the block confirmer
 * (block-confirmer.ts) chains actions as their blocks come, so this job is the watchdog behind it: enqueued
 * CONFIRM_WATCHDOG_MS after the send, it finds most actions done already, and does the full checks (receipt by
 * RPC, dropped → re-broadcast, replaced → sign again) for the rest.
 */
export async function processConfirm(ctx: WorkerContext, actionId: string): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  await confirmOnce(ctx, row, fullCheckDue);
}

/**
 * The full checks run always without a tracker; with one, for a tx sent more than JUST_SENT_MS ago (a re-run
 * after a crash, a dispatcher re-enqueue, a wallet tx, or a watchdog run) — a tx just sent is looked up in the
 * blocks' receipts as they come.
 */
function fullCheckDue(row: ChainActionRow): boolean {
  return !row.sentAt || Date.now() - row.sentAt.getTime() > JUST_SENT_MS;
}
const JUST_SENT_MS = 10_000;

async function confirmOnce(
  ctx: WorkerContext,
  row: ChainActionRow | undefined,
  fullDue: (row: ChainActionRow) => boolean,
): Promise<void> {
  if (!row || row.status !== 'chaining' || !row.txHash) return;
  const full = !ctx.heads || fullDue(row);
  let receipt: MinedReceipt | null = ctx.heads?.receipt(row.txHash) ?? null;
  if (!receipt && (full || row.blockNumber != null)) receipt = await receiptByRpc(ctx, row.txHash);
  if (!receipt) {
    // Recorded as mined but without a receipt now: its block was dropped by a reorg, so check at once.
    if (full || row.blockNumber != null) return notMinedYet(ctx, row);
    throw new NotYetError('pending');
  }

  const seen = ctx.heads?.tip();
  const tip = seen == null ? await ctx.provider.getBlockNumber() : Math.max(seen, receipt.blockNumber);
  const confirmations = confirmationsAt(receipt.blockNumber, tip);
  if (confirmations < ctx.confirmations) {
    if (row.blockNumber !== receipt.blockNumber || row.confirmations !== confirmations)
      await recordProgress(ctx, row.id, 'chaining', {
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        confirmations,
        lastError: null,
      });
    throw new NotYetError(`${confirmations}/${ctx.confirmations} confirmations`);
  }
  // The receipt's block must still be the canonical one (a reorg shallower than CONFIRMATIONS moves it).
  const canonical = ctx.heads
    ? await ctx.heads.blockHash(receipt.blockNumber)
    : ((await ctx.provider.getBlock(receipt.blockNumber))?.hash ?? null);
  if (canonical !== receipt.blockHash) {
    ctx.heads?.forget(row.txHash);
    throw new NotYetError('block replaced by a reorg');
  }

  ctx.onStage?.(row.id, 'confirmed');
  if (succeeded(row, receipt)) {
    await transition(ctx, row.id, 'chaining', 'chained', {
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      confirmations,
      rawTx: null,
      lastError: null,
      finishedAt: new Date(),
    });
    return;
  }
  await failReverted(ctx, row, receipt, confirmations);
}

/** Times an action whose whole batch reverted is sent again before it fails with the reason of its own call. */
const BATCH_RESENDS = 3;

/** The action's call went through: its transaction succeeded and, in a batch, its own call did not revert. */
export function succeeded(row: Pick<ChainActionRow, 'batchIndex'>, receipt: MinedReceipt): boolean {
  return receipt.status === 1 && (row.batchIndex == null || !receipt.failedCalls.has(row.batchIndex));
}

/**
 * A call that reverted, deep enough: `failed` with the reason, from the batch's `CallFailed` event for a call in a
 * batch, else decoded by replaying the call.
 */
export async function failReverted(
  ctx: WorkerContext,
  row: ChainActionRow,
  receipt: MinedReceipt,
  confirmations: number,
): Promise<void> {
  if (row.batchIndex != null && receipt.status !== 1 && row.attempts < BATCH_RESENDS) {
    // The batch transaction itself reverted (it had too little gas for all its calls): no call of it happened,
    // so each action is signed and sent again, with the next batch.
    const again = await transition(ctx, row.id, 'chaining', 'unchain', {
      ...UNSIGNED,
      lastError: `the batch transaction reverted as a whole in block ${receipt.blockNumber}; sending again`,
    });
    if (again) await enqueueChainAction(ctx.queues, again);
    return;
  }
  const batchRevert = row.batchIndex == null ? undefined : receipt.failedCalls.get(row.batchIndex);
  const reason =
    batchRevert === undefined
      ? await revertReason(ctx, row, receipt)
      : batchRevert === '0x'
        ? 'it ran out of gas'
        : ctx.decodeRevert(batchRevert).reason;
  await transition(ctx, row.id, 'chaining', 'failed', {
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    confirmations,
    rawTx: null,
    lastError: null,
    // Out of gas is no rule of the contract: a retry with a new estimate can succeed (chain-status.ts).
    failureType: batchRevert === '0x' ? 'chain.out_of_gas' : 'chain.reverted',
    failureReason: `The transaction reverted in block ${receipt.blockNumber}: ${reason}`,
    finishedAt: new Date(),
  });
}

async function receiptByRpc(ctx: WorkerContext, txHash: string): Promise<MinedReceipt | null> {
  const r = await ctx.provider.getTransactionReceipt(txHash);
  if (!r) return null;
  return {
    hash: r.hash,
    blockNumber: r.blockNumber,
    blockHash: r.blockHash,
    status: r.status ?? 0,
    from: r.from,
    gasUsed: r.gasUsed,
    failedCalls: r.to ? failedCallsOf(r.logs, r.to) : new Map(),
  };
}

/** Replays the call at the block it was mined in to get the revert data, then decodes it. */
async function revertReason(ctx: WorkerContext, row: ChainActionRow, receipt: MinedReceipt): Promise<string> {
  try {
    await ctx.provider.call({
      from: receipt.from,
      to: row.toAddress,
      data: row.data,
      value: BigInt(row.value),
      blockTag: receipt.blockNumber,
    });
  } catch (err) {
    const revert = revertDataOf(err);
    if (revert.isRevert) return ctx.decodeRevert(revert.data).reason;
  }
  const tx = await ctx.provider.getTransaction(receipt.hash);
  if (tx && receipt.gasUsed >= tx.gasLimit) return 'it ran out of gas';
  return 'reverted (the reason could not be reproduced)';
}

/**
 * No receipt yet: pending (and, for a relayed one held at the relayer's next nonce, cancelled: held-nonce.ts),
 * dropped (re-broadcast), or replaced (its nonce went to another tx). A node may still list a replaced tx as
 * pending (anvil keeps it in its pool), so the nonce decides, not the node's answer for the hash.
 */
async function notMinedYet(ctx: WorkerContext, row: ChainActionRow): Promise<never> {
  const pending = await ctx.provider.getTransaction(row.txHash!);
  const from = row.fromAddress ?? ctx.relayerAddress;
  const mined = await ctx.provider.getTransactionCount(from, 'latest');
  if (row.nonce != null && mined > row.nonce) {
    // The nonce is used. Check the receipt once more: it may have been mined between the two calls.
    if (await ctx.provider.getTransactionReceipt(row.txHash!)) throw new NotYetError('just mined');
    await replaced(ctx, row);
    throw new NotYetError('replaced');
  }
  if (pending) {
    if (row.mode === 'relay' && row.nonce === mined && ctx.heldNonces.isHeld(row.sentAt))
      await ctx.heldNonces.cancel(ctx, row.nonce, pending);
    throw new NotYetError('pending');
  }
  if (row.mode === 'relay' && row.rawTx) {
    try {
      await ctx.rawTxSender.send(row.rawTx, row.nonce!);
      ctx.logger.info({ actionId: row.id, txHash: row.txHash }, 're-broadcast a dropped transaction');
    } catch (err) {
      // Underpriced: a cancel of ours holds the nonce in the node's pool; it is `replaced` once mined.
      if (!isAlreadyKnown(err) && !isNonceTooLow(err) && !isUnderpriced(err)) throw err;
    }
  } else if (row.mode === 'track' && Date.now() - row.updatedAt.getTime() > ctx.trackTimeoutMs) {
    await failAction(
      ctx,
      row.id,
      'chaining',
      'chain.dropped',
      'The wallet’s transaction was dropped by the network; send it again.',
    );
    throw new NotYetError('dropped');
  }
  throw new NotYetError('not in the node');
}

async function replaced(ctx: WorkerContext, row: ChainActionRow): Promise<void> {
  if (row.mode === 'track') {
    await failAction(
      ctx,
      row.id,
      'chaining',
      'chain.replaced',
      'The wallet replaced this transaction with another one (same nonce); send the action again.',
    );
    return;
  }
  ctx.logger.warn({ actionId: row.id, nonce: row.nonce }, 'relayed tx replaced; signing it again');
  const again = await transition(ctx, row.id, 'chaining', 'unchain', {
    ...UNSIGNED,
    lastError: `transaction with nonce ${row.nonce} was replaced; sending again`,
  });
  if (again) await enqueueChainAction(ctx.queues, again);
}

async function onConfirmExhausted(ctx: WorkerContext, actionId: string): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  if (row?.status !== 'chaining') return;
  // A tx that is still pending might yet be mined; failing it would be a lie. Leave it open: the dispatcher
  // enqueues a fresh confirm job once it has been idle, and the row's last_error shows why it waits.
  ctx.logger.warn(
    { actionId, txHash: row.txHash },
    'still not confirmed after all polls; the dispatcher will retry',
  );
}

export function initConfirmWorker(
  ctx: WorkerContext,
  opts: Pick<QueueRunnerOptions, 'connection' | 'prefix' | 'concurrency' | 'lockMs'> & { pollMaxMs: number },
) {
  return startQueueWorker(ctx, {
    ...opts,
    queueName: CONFIRM_QUEUE,
    backoff: { ...CONFIRM_BACKOFF, capMs: opts.pollMaxMs },
    process: (id) => processConfirm(ctx, id),
    onExhausted: (id) => onConfirmExhausted(ctx, id),
  });
}
