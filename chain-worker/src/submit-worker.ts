/**
 * Submit: signs a relayed action's call with the relayer key and broadcasts it.
 *
 * Exactly once: the nonce is taken from `chain_nonces` and the signed tx, its hash and nonce are written on the row
 * in ONE transaction before anything is broadcast (sign-batcher.ts: the submits waiting at that step share it). A
 * worker that dies after that point is replaced by one that re-broadcasts the very same bytes (the node answers
 * "already known", "nonce too low" with our receipt, or accepts it), so a second, different tx for the action is
 * never made. Only when the node proves the nonce was consumed by some other tx (ours can then never be mined) is
 * a new one signed. Reverts found by gas estimation fail the action before a nonce is spent.
 */
import { toQuantity } from 'ethers';
import { NotYetError } from '@cr/core/queues/queue-backoff';
import { SUBMIT_BACKOFF, SUBMIT_QUEUE } from '@cr/core/queues/submit-queue';
import { getChainAction, UNSIGNED, type ReadyRelayAction } from '@cr/core/chain/chain-action.repo';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { enqueueChainAction } from '@cr/core/chain/chain-outbox';
import { isAlreadyKnown, isConnectivityError, isNonceTooLow, shortError } from './chain-client';
import { startQueueWorker, type QueueRunnerOptions } from './queue-runner';
import { revertDataOf } from '@cr/core/chain/revert-reason';
import { signAction, type PreparedCall } from './sign-batcher';
import { batchCallGas } from '@cr/contracts-abi/relay-batch';
import { failAction, transition, type WorkerContext } from './worker-context';

/** Gas limit = estimate × 1.25: headroom for state that changes between estimate and inclusion. */
const GAS_HEADROOM_PCT = 125n;

export async function processSubmit(ctx: WorkerContext, actionId: string): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  if (!row || row.mode !== 'relay') return;
  if (row.status === 'chaining') {
    // Signed, sent and watched by the pump: nothing left for its job. (Read from the row first: an action sent
    // again after a reorg or a replaced nonce is `unchain` once more, and then its job goes on.)
    if (ctx.submitPump?.finished(actionId)) return;
    // Signed (and maybe sent) before a crash or a failed broadcast: send the same bytes again, then watch it.
    if (row.rawTx && row.blockNumber == null) await broadcast(ctx, row);
    await enqueueChainAction(ctx.queues, row, ctx.confirmWatchdogMs);
    return;
  }
  if (row.status !== 'unchain') return;
  if (ctx.submitPump && !row.rawTx && !row.dependsOnId && !row.lastError) {
    // Ready: the pump takes it with the others that are (submit-pump.ts); its outcome is this job's.
    const outcome = await ctx.submitPump.take(actionId);
    if (outcome?.done) return;
    if (outcome) throw outcome.error;
  }
  ctx.onStage?.(actionId, 'picked');
  if (row.dependsOnId && !(await dependencyReady(ctx, row))) return;

  let signed: ChainActionRow | undefined;
  if (!row.rawTx) {
    const call = await prepareCall(ctx, row);
    if (!call) return;
    ctx.onStage?.(actionId, 'estimated');
    signed = await signAction(ctx, row.id, call);
  } else {
    // Signed by an older worker that recorded the tx before moving the action on: the same bytes go out.
    signed = await transition(ctx, row.id, 'unchain', 'chaining', { sentAt: new Date(), lastError: null });
  }
  if (!signed) return;
  await broadcast(ctx, signed);
  ctx.onStage?.(actionId, 'sent');
  await enqueueChainAction(ctx.queues, signed, ctx.confirmWatchdogMs);
}

/** False when the action cannot go yet or was failed because its dependency failed. */
async function dependencyReady(ctx: WorkerContext, row: ChainActionRow): Promise<boolean> {
  const dep = await getChainAction(ctx.db, row.dependsOnId!);
  if (dep?.status === 'chained') return true;
  if (!dep || dep.status === 'failed') {
    await failAction(
      ctx,
      row.id,
      'unchain',
      'chain.dependency_failed',
      'The action it builds on failed on chain.',
    );
    return false;
  }
  throw new NotYetError(`waiting for ${dep.id} to be chained`);
}

/** Estimates gas (a revert here fails the action with its reason, no nonce spent) and reads fees and the nonce. */
export async function prepareCall(ctx: WorkerContext, row: ReadyRelayAction): Promise<PreparedCall | null> {
  let gas: bigint;
  try {
    // eth_estimateGas as ethers' estimateGas sends it (a revert is the same CALL_EXCEPTION with its data), without
    // its request normalization, which cost more CPU than the call on the relayer's thread.
    gas = BigInt(
      (await ctx.provider.send('eth_estimateGas', [
        { from: ctx.relayerAddress, to: row.toAddress, data: row.data, value: toQuantity(BigInt(row.value)) },
      ])) as string,
    );
  } catch (err) {
    const revert = revertDataOf(err);
    if (!revert.isRevert) throw err;
    const { reason } = ctx.decodeRevert(revert.data);
    await failAction(ctx, row.id, 'unchain', 'chain.refused', `The contract refused the call: ${reason}`);
    return null;
  }
  const [fees, nodePending] = await Promise.all([ctx.feeData(), ctx.nodePendingNonce()]);
  const gasLimit = (gas * GAS_HEADROOM_PCT) / 100n;
  return { gasLimit, batchGas: batchCallGas(gasLimit, row.data, GAS_HEADROOM_PCT), fees, nodePending };
}

/**
 * Sends the recorded raw tx. Fine when the node already has it or mined it; when the nonce went to another tx,
 * forgets this signature (it can never be mined), moves the action back to `unchain` and asks to be run again,
 * which signs anew.
 */
export async function broadcast(ctx: WorkerContext, row: ChainActionRow): Promise<void> {
  try {
    await ctx.rawTxSender.send(row.rawTx!, row.nonce!);
  } catch (err) {
    if (isAlreadyKnown(err)) return;
    if (!isNonceTooLow(err)) throw err;
    if (await ctx.provider.getTransactionReceipt(row.txHash!)) return; // ours, already mined
    await transition(ctx, row.id, 'chaining', 'unchain', {
      ...UNSIGNED,
      lastError: `nonce ${row.nonce} was used by another transaction; signing again`,
    });
    throw new NotYetError('nonce consumed elsewhere');
  }
}

/** After the last try: a signed tx is `chaining` already (confirm re-sends or proves it lost); else it ends. */
async function onSubmitExhausted(ctx: WorkerContext, actionId: string, lastError: unknown): Promise<void> {
  const row = await getChainAction(ctx.db, actionId);
  if (row?.status === 'chaining') {
    await enqueueChainAction(ctx.queues, row);
    return;
  }
  if (!row || row.status !== 'unchain') return;
  if (lastError instanceof NotYetError || isConnectivityError(lastError)) {
    // Waiting (a node that is down, a dependency not chained yet) is waited out however long it takes: the
    // dispatcher enqueues the idle action again. Only a real error ends it.
    ctx.logger.warn({ actionId }, 'still waiting after all tries; the dispatcher will enqueue it again');
    return;
  }
  await failAction(
    ctx,
    actionId,
    'unchain',
    'chain.unreachable',
    `Could not send the transaction: ${shortError(lastError)}`,
  );
}

export function initSubmitWorker(
  ctx: WorkerContext,
  opts: Pick<QueueRunnerOptions, 'connection' | 'prefix' | 'concurrency' | 'lockMs'> & { retryMaxMs: number },
) {
  return startQueueWorker(ctx, {
    ...opts,
    queueName: SUBMIT_QUEUE,
    backoff: { ...SUBMIT_BACKOFF, capMs: opts.retryMaxMs },
    process: (id) => processSubmit(ctx, id),
    onExhausted: (id, err) => onSubmitExhausted(ctx, id, err),
  });
}
