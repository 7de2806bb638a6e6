/**
 * Track: for a transaction the member's wallet sent itself (esctransaction, e.g. locking a veto stake). The
 * wallet's answer is just a hash and unsigned, so nothing is believed until the node shows the tx: its chain id,
 * sender, target, calldata and value must equal what the member was asked to send. Then it is confirmed like a
 * relayed one (confirm queue).
 */
import { NotYetError } from '@cr/core/queues/queue-backoff';
import { TRACK_BACKOFF, TRACK_QUEUE } from '@cr/core/queues/track-queue';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { enqueueChainAction } from '@cr/core/chain/chain-outbox';
import { startQueueWorker, type QueueRunnerOptions } from './queue-runner';
import { txMismatches } from '@cr/core/chain/tx-match';
import { failAction, transition, type WorkerContext } from './worker-context';

export async function processTrack(ctx: WorkerContext, actionId: string): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  if (!row || row.mode !== 'track') return;
  if (row.status === 'chaining') {
    await enqueueChainAction(ctx.queues, row);
    return;
  }
  if (row.status !== 'unchain' || !row.txHash || !row.fromAddress) return;

  const tx = await ctx.provider.getTransaction(row.txHash);
  if (!tx) {
    if (Date.now() - row.createdAt.getTime() > ctx.trackTimeoutMs) {
      await failAction(
        ctx,
        row.id,
        'unchain',
        'chain.not_found',
        `No transaction ${row.txHash} reached the chain within ${Math.round(ctx.trackTimeoutMs / 60_000)} min; send it again from the wallet.`,
      );
      return;
    }
    throw new NotYetError('wallet tx not seen yet');
  }
  const problems = txMismatches(
    { chainId: row.chainId, from: row.fromAddress, to: row.toAddress, data: row.data, value: row.value },
    { chainId: tx.chainId, from: tx.from, to: tx.to, data: tx.data, value: tx.value },
  );
  if (problems.length > 0) {
    await failAction(
      ctx,
      row.id,
      'unchain',
      'chain.mismatch',
      `The wallet's transaction is not the one requested: ${problems.join('; ')}.`,
    );
    return;
  }
  const seen = await transition(ctx, row.id, 'unchain', 'chaining', {
    nonce: tx.nonce,
    sentAt: new Date(),
    lastError: null,
  });
  if (seen) await enqueueChainAction(ctx.queues, seen);
}

async function onTrackExhausted(ctx: WorkerContext, actionId: string): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  if (row?.status === 'unchain' && Date.now() - row.createdAt.getTime() > ctx.trackTimeoutMs)
    await failAction(
      ctx,
      actionId,
      'unchain',
      'chain.not_found',
      'The wallet’s transaction never reached the chain.',
    );
}

export function initTrackWorker(
  ctx: WorkerContext,
  opts: Pick<QueueRunnerOptions, 'connection' | 'prefix' | 'concurrency' | 'lockMs'> & { retryMaxMs: number },
) {
  return startQueueWorker(ctx, {
    ...opts,
    queueName: TRACK_QUEUE,
    backoff: { ...TRACK_BACKOFF, capMs: Math.min(TRACK_BACKOFF.capMs, opts.retryMaxMs) },
    process: (id) => processTrack(ctx, id),
    onExhausted: (id) => onTrackExhausted(ctx, id),
  });
}
