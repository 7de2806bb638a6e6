/**
 * Confirm: watches a sent tx (relayed or wallet-sent) until it is CONFIRMATIONS blocks deep, then `chained` with the
 * block number, or `failed` with the decoded revert reason. "Not yet" is a NotYetError, so BullMQ's retry with
 * backoff does the polling. While waiting it detects a dropped tx (not in the node, nonce still free: the same
 * bytes are re-broadcast) and a replaced one (nonce consumed by another tx: a relayed action is signed again, a
 * wallet-sent one fails).
 */
import type { MinedReceipt } from './head-tracker';
import { NotYetError } from '@cr/api/queues/queue-backoff';
import { CONFIRM_BACKOFF, CONFIRM_QUEUE } from '@cr/api/queues/confirm-queue';
import { getChainAction } from '@cr/api/chain/chain-action.repo';
import { confirmationsAt } from '@cr/api/chain/chain-status';
import { enqueueChainAction } from '@cr/api/chain/chain-outbox';
import type { ChainActionRow } from '@cr/api/db/schema/chain.schema';
import { isAlreadyKnown, isNonceTooLow } from './chain-client';
import { sendRaw } from './submit-worker';
import { startQueueWorker, type QueueRunnerOptions } from './queue-runner';
import { revertDataOf } from '@cr/api/chain/revert-reason';
import { failAction, recordProgress, transition, type WorkerContext } from './worker-context';

/** Every this many blocks waited in one job, the full checks run again (receipt by RPC, dropped, replaced). */
const FULL_CHECK_EVERY = 4;

/**
 * With a head tracker (the normal case) one job waits block by block, up to CONFIRM_WAIT_MS, and is woken by each
 * new block; without one (or after that wait) "not yet" goes back to BullMQ's backoff.
 */
export async function processConfirm(ctx: WorkerContext, actionId: string): Promise<void> {
  const heads = ctx.heads;
  const deadline = Date.now() + ctx.confirmWaitMs;
  // Read once per job: every write below is conditional on the status (`WHERE status = 'chaining'`), so a row that
  // moved meanwhile is never overwritten; a replaced/re-signed row ends the job (confirmOnce re-reads before those).
  const row = await getChainAction(ctx.db, actionId);
  if (!row || row.status !== 'chaining' || !row.txHash) return;
  for (let round = 0; ; round++) {
    try {
      await confirmOnce(ctx, round === 0 ? row : await rowForRound(ctx, row, round), (r) =>
        fullCheckDue(r, round),
      );
      return;
    } catch (err) {
      if (!(err instanceof NotYetError) || !heads) throw err;
      const left = deadline - Date.now();
      if (left <= 0 || !(await heads.nextBlock(left))) throw err; // back to BullMQ's backoff
    }
  }
}

/**
 * The full checks (receipt by RPC; dropped or replaced) run always without a tracker; with one, every FULL_CHECK_EVERY blocks, and at
 * once for a tx sent more than JUST_SENT_MS ago (a re-run after a crash, a dispatcher re-enqueue, a wallet tx); a
 * tx just sent is looked up in the blocks' receipts as they come.
 */
function fullCheckDue(row: ChainActionRow, round: number): boolean {
  if (round === 0) return !row.sentAt || Date.now() - row.sentAt.getTime() > JUST_SENT_MS;
  return round % FULL_CHECK_EVERY === 0;
}
const JUST_SENT_MS = 10_000;

/** The row as of round 0, re-read only before a full check (which may re-sign, so it needs the current row). */
async function rowForRound(
  ctx: WorkerContext,
  first: ChainActionRow,
  round: number,
): Promise<ChainActionRow | undefined> {
  return fullCheckDue(first, round) ? getChainAction(ctx.db, first.id) : first;
}

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
    if (full) return notMinedYet(ctx, row);
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
  if (receipt.status === 1) {
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
  const reason = await revertReason(ctx, row, receipt);
  await transition(ctx, row.id, 'chaining', 'failed', {
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    confirmations,
    rawTx: null,
    lastError: null,
    failureType: 'chain.reverted',
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

/** No receipt yet: pending, dropped (re-broadcast), or replaced (its nonce went to another tx). */
async function notMinedYet(ctx: WorkerContext, row: ChainActionRow): Promise<never> {
  const pending = await ctx.provider.getTransaction(row.txHash!);
  if (pending) throw new NotYetError('pending');
  const from = row.fromAddress ?? ctx.relayerAddress;
  const mined = await ctx.provider.getTransactionCount(from, 'latest');
  if (row.nonce != null && mined > row.nonce) {
    // The nonce is used. Check the receipt once more: it may have been mined between the two calls.
    if (await ctx.provider.getTransactionReceipt(row.txHash!)) throw new NotYetError('just mined');
    await replaced(ctx, row);
    throw new NotYetError('replaced');
  }
  if (row.mode === 'relay' && row.rawTx) {
    try {
      await sendRaw(ctx, row.rawTx);
      ctx.logger.info({ actionId: row.id, txHash: row.txHash }, 're-broadcast a dropped transaction');
    } catch (err) {
      if (!isAlreadyKnown(err) && !isNonceTooLow(err)) throw err;
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
    nonce: null,
    txHash: null,
    rawTx: null,
    blockNumber: null,
    blockHash: null,
    confirmations: 0,
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
