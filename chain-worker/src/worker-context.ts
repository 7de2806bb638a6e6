import type { FeeData, JsonRpcProvider, Wallet } from 'ethers';
import type { Db } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import {
  transitionChainAction,
  updateChainActionFields,
  type ChainActionFields,
} from '@cr/core/chain/chain-action.repo';
import {
  mergeEffects,
  publishChainActionAfterCommit,
  runAfterCommit,
  type AfterCommit,
  type EffectDeps,
} from '@cr/core/effects/after-commit';
import { applyPermanentRefusal, type RefusalHandlers } from '@cr/core/chain/chain-refusal';
import type { ChainStatus } from '@cr/core/chain/chain-status';
import type { ChainQueues } from '@cr/core/queues/chain-queues';
import type { EventBus } from '@cr/core/realtime/event-bus';
import type { DecodedRevert, RevertDecoder } from '@cr/core/chain/revert-reason';
import type { Metrics } from '@cr/core/metrics/metrics-registry';

export type FinalizeRevertVerdict = 'done' | 'wait' | 'refused';
import type { WorkerLogger } from './worker-logger';
import { shortError } from './chain-client';
import type { HeadTracker } from './head-tracker';
import type { RawTxSender } from './raw-tx-sender';

/**
 * Called in the same database transaction as every status change of an action, so the domain record's chain
 * status (e.g. a vote's) moves with the outbox row. Later issues register one per subject type. What it answers
 * (live events, e-mail...) the worker runs once that transaction committed (`runEffects`); nothing when it
 * answers nothing.
 */
export type ChainActionListener = (action: ChainActionRow, tx: Db) => Promise<AfterCommit | void>;

/** What the pump did with an action: finished (sent and watched, or failed for good), or met `error`. */
export type PumpOutcome = { done: true } | { done: false; error: unknown };

export interface SubmitPump {
  /**
   * For the submit job of `id`: the pump's outcome for it, or undefined when the pump does not hold it after its
   * next round (not ready for the pump, or another process signed it first): the job then goes its own way.
   */
  take(id: string): Promise<PumpOutcome | undefined>;
  /** True when the pump finished `id` lately: sent and watched, if its row is still `chaining`. */
  finished(id: string): boolean;
  stop(): Promise<void>;
}

/** A relayed transaction's fees as sent: a held nonce's cancel pays half more (held-nonce.ts). */
export interface PaidFees {
  type: number;
  maxPriorityFeePerGas: bigint | null;
  maxFeePerGas: bigint | null;
  gasPrice: bigint | null;
}

/** Cancels a relayed transaction the node holds at the relayer's next nonce (RELAY_HELD_MS; held-nonce.ts). */
export interface HeldNonceCanceller {
  /** True once a transaction sent at `sentAt` has waited long enough to count as held. */
  isHeld(sentAt: Date | null): boolean;
  /** Sends the cancel for `nonce`, whose pending transaction is `pending`. */
  cancel(ctx: WorkerContext, nonce: number, pending: PaidFees & { hash: string }): Promise<void>;
}

/** What every processor reaches; built once by the worker registry. */
export interface WorkerContext {
  db: Db;
  provider: JsonRpcProvider;
  /** The relayer's signed transactions go to the node through it: in nonce order, one request at a time. */
  rawTxSender: RawTxSender;
  /** Cancels a relayed transaction the node holds at the relayer's next nonce (RELAY_HELD_MS). */
  heldNonces: HeldNonceCanceller;
  relayer: Wallet;
  relayerAddress: string;
  chainId: number;
  confirmations: number;
  queues: ChainQueues;
  events: EventBus;
  logger: WorkerLogger;
  decodeRevert: RevertDecoder;
  /** Fee data, at most about a block old (shared by concurrent submits). */
  feeData: () => Promise<FeeData>;
  /**
   * The node's pending tx count of the relayer, up to a second old. Only a lower bound for the nonce manager, which
   * takes the greater of it and its own counter, so a stale value is safe.
   */
  nodePendingNonce: () => Promise<number>;
  /** What a finalize dry run's revert means: already done by someone (no tx needed), too early, or refused. */
  classifyFinalizeRevert: (revert: DecodedRevert) => FinalizeRevertVerdict;
  trackTimeoutMs: number;
  /** Where relayed calls go in batches (RELAY_BATCH_ADDRESS); absent: one transaction per action. */
  relayBatch?: { address: string; maxCalls: number; maxGas: bigint };
  /** New blocks and their receipts, polled once for the whole worker (absent: confirm polls per action). */
  heads?: HeadTracker;
  /**
   * Delay of the confirm job after a send: with a block confirmer running (heads present) it is the watchdog behind
   * it (CONFIRM_WATCHDOG_MS); 0 without one (the job polls at once).
   */
  confirmWatchdogMs: number;
  onActionChanged?: ChainActionListener;
  /**
   * The per-kind "on permanent refusal" hooks (core/src/chain/chain-refusal.ts): run in the transaction that fails
   * an action for good; their notices are announced and mailed after commit (`runEffects`).
   */
  refusals?: { handlers: RefusalHandlers };
  /**
   * What the plugins' hooks answered, run once their transaction committed: the api's one after-commit mechanism
   * (core/src/effects/after-commit.ts: chain jobs, cache renewals, live events, e-mail) on the worker's bus, queues
   * and mail queue (no e-mail without one). A failure is logged, never thrown: the change has committed.
   */
  runEffects: (effects: AfterCommit | void) => Promise<void>;
  /** Takes the ready relayed actions many at a time (SUBMIT_PUMP_BATCH > 0 and this instance runs `submit`). */
  submitPump?: SubmitPump;
  /** Timing probe (the bench's stage timeline): called as an action passes a stage of its pipeline. */
  onStage?: StageProbe;
  /** The process's metrics (cr_chain_action_changes_total), when it exports any. */
  metrics?: Metrics;
}

/** Stages the worker reports to `onStage`, in pipeline order. */
export type PipelineStage = 'picked' | 'estimated' | 'sent' | 'confirmed';
export type StageProbe = (actionId: string, stage: PipelineStage) => void;

/**
 * Moves an action from `from` to `to` (checked against the transition table; only if it is still in `from`),
 * runs the listener in the same transaction, then publishes the change. Returns the new row, or undefined when
 * another process moved it first.
 */
export function transition(
  ctx: WorkerContext,
  id: string,
  from: ChainStatus | readonly ChainStatus[],
  to: ChainStatus,
  fields: ChainActionFields = {},
): Promise<ChainActionRow | undefined> {
  return changeAction(ctx, (tx) => transitionChainAction(tx, id, from, to, fields));
}

/** Records progress of an action that stays in `status` (e.g. confirmations so far), listener and push included. */
export function recordProgress(
  ctx: WorkerContext,
  id: string,
  status: ChainStatus,
  fields: ChainActionFields,
): Promise<ChainActionRow | undefined> {
  return changeAction(ctx, (tx) => updateChainActionFields(tx, id, status, fields));
}

async function changeAction(
  ctx: WorkerContext,
  write: (tx: Db) => Promise<ChainActionRow | undefined>,
): Promise<ChainActionRow | undefined> {
  const { row, effects } = await ctx.db.transaction(async (tx) => {
    const updated = await write(tx);
    if (!updated) return { row: updated, effects: undefined };
    const changed = ctx.onActionChanged ? await ctx.onActionChanged(updated, tx) : undefined;
    // A committed permanent refusal: the record's live updates, the signers' inbox events, then their e-mails.
    const refused =
      updated.status === 'failed' && ctx.refusals
        ? await applyPermanentRefusal(ctx.refusals.handlers, updated, tx)
        : undefined;
    return { row: updated, effects: mergeEffects(changed, refused) };
  });
  if (row) await publish(ctx, row);
  await ctx.runEffects(effects);
  return row;
}

/**
 * The worker's after-commit mechanism (WorkerContext.runEffects): the api's `runAfterCommit`, whose one failure
 * policy logs each lost event or job; what it still throws (mail that would be lost) is logged here, never thrown.
 */
export function workerEffects(deps: EffectDeps): (effects: AfterCommit | void) => Promise<void> {
  return async (effects) => {
    if (!effects) return;
    try {
      await runAfterCommit(deps, effects);
    } catch (err) {
      deps.logger.warn({ err }, 'effects not all delivered after commit (the change itself has committed)');
    }
  };
}

/**
 * A committed change of an action, announced: one log line naming the request that recorded it (`reqId`), the
 * change counted, the row pushed to its rooms. Every path that moves an action (the confirm and submit steps, the
 * sign batcher, the block confirmer) ends here. Publishing is best effort: the row is the truth and the page
 * re-reads it; a lost push is logged, not fatal.
 */
export async function publish(ctx: WorkerContext, row: ChainActionRow): Promise<void> {
  ctx.logger.info(
    {
      reqId: row.requestId ?? undefined,
      actionId: row.id,
      kind: row.kind,
      status: row.status,
      txHash: row.txHash ?? undefined,
      nonce: row.nonce ?? undefined,
      blockNumber: row.blockNumber ?? undefined,
      confirmations: row.confirmations,
      failureType: row.failureType ?? undefined,
    },
    `chain action ${row.status}`,
  );
  ctx.metrics?.chainActionChanges.inc({ kind: row.kind, status: row.status });
  await publishChainActionAfterCommit(ctx, row);
}

/** Marks an open action failed with a stable type and a readable reason. */
export function failAction(ctx: WorkerContext, id: string, from: ChainStatus, type: string, reason: string) {
  return transition(ctx, id, from, 'failed', {
    failureType: type,
    failureReason: reason,
    lastError: null,
    rawTx: null,
    finishedAt: new Date(),
  });
}

/**
 * A step's error, written on the open action as the queue shows it (`last_error`); best effort. Both the queue
 * runner (a job's error) and the submit pump write it; an action with one is then its job's to retry.
 */
export async function recordLastError(ctx: WorkerContext, id: string, err: unknown): Promise<void> {
  await updateChainActionFields(ctx.db, id, ['unchain', 'chaining'], { lastError: shortError(err) }).catch(
    () => undefined,
  );
}
