/**
 * Finalize: the call that closes a window (created by the block watcher through a WindowCloser). Anyone may call
 * finalize on chain, so first a dry run: when the contract answers with an "already done" error (configured per
 * contract, e.g. NothingToFinalize) the action is `chained` without a tx of ours; any other refusal fails it with
 * the reason; otherwise it is sent exactly like a relayed action (submit).
 */
import { NotYetError } from '@cr/core/queues/queue-backoff';
import { FINALIZE_BACKOFF, FINALIZE_QUEUE } from '@cr/core/queues/finalize-queue';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { isConnectivityError } from './chain-client';
import { startQueueWorker, type QueueRunnerOptions } from './queue-runner';
import { revertDataOf } from '@cr/core/chain/revert-reason';
import { processSubmit } from './submit-worker';
import { failAction, transition, type WorkerContext } from './worker-context';

export async function processFinalize(ctx: WorkerContext, actionId: string): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  if (!row || row.mode !== 'relay') return;
  if (row.status === 'unchain' && !row.rawTx) {
    try {
      await ctx.provider.call({
        from: ctx.relayerAddress,
        to: row.toAddress,
        data: row.data,
        value: BigInt(row.value),
      });
    } catch (err) {
      const revert = revertDataOf(err);
      if (!revert.isRevert) throw err;
      const decoded = ctx.decodeRevert(revert.data);
      const verdict = ctx.classifyFinalizeRevert(decoded);
      if (verdict === 'wait') throw new NotYetError(`window not closed on chain yet: ${decoded.reason}`);
      if (verdict === 'done') {
        const height = await ctx.provider.getBlockNumber();
        await transition(ctx, row.id, 'unchain', 'chained', {
          blockNumber: height,
          confirmations: 0,
          lastError: `already final on chain (${decoded.reason}); no transaction needed`,
          finishedAt: new Date(),
        });
        return;
      }
      await failAction(
        ctx,
        row.id,
        'unchain',
        'chain.refused',
        `The contract refused the call: ${decoded.reason}`,
      );
      return;
    }
  }
  await processSubmit(ctx, actionId);
}

export function initFinalizeWorker(
  ctx: WorkerContext,
  opts: Pick<QueueRunnerOptions, 'connection' | 'prefix' | 'concurrency' | 'lockMs'> & { retryMaxMs: number },
) {
  return startQueueWorker(ctx, {
    ...opts,
    queueName: FINALIZE_QUEUE,
    backoff: { ...FINALIZE_BACKOFF, capMs: opts.retryMaxMs },
    process: (id) => processFinalize(ctx, id),
    onExhausted: async (id, err) => {
      const row = await getChainAction(ctx.db, id);
      if (
        row?.status === 'unchain' &&
        !row.rawTx &&
        !isConnectivityError(err) &&
        !(err instanceof NotYetError)
      )
        await failAction(
          ctx,
          id,
          'unchain',
          'chain.unreachable',
          `Could not send the finalize call: ${String(err)}`,
        );
    },
  });
}
