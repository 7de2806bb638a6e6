/**
 * The block confirmer: ONE loop per worker (with a head tracker) that, on every new block, takes all `chaining`
 * actions in one query, looks each tx up in the receipts of the recent blocks (head-tracker.ts, no RPC per
 * action) and moves every action that became CONFIRMATIONS deep to `chained` in one statement and one transaction,
 * with the progress ("in block N, 1/2") of the others written the same way. Replaces hundreds of confirm jobs
 * each waiting on the next block and each writing its own transaction.
 *
 * It is only the fast path. Whatever it does not see in the cache (a tx mined before this process started and
 * older than the tracker's window, a dropped or replaced tx, a reorged one) is left to the confirm job, which still
 * runs for every sent action (delayed by CONFIRM_WATCHDOG_MS) and does the full checks as before. Every write is
 * conditional on the row still being `chaining`, so the two paths (and several workers) never move an action twice.
 */
import { confirmationsAt } from '@cr/core/chain/chain-status';
import { confirmJobOptions } from '@cr/core/queues/confirm-queue';
import {
  getChainAction,
  listChainingActions,
  transitionChainActions,
  updateChainActionsFields,
} from '@cr/core/chain/chain-action.repo';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import type { HeadTracker, MinedReceipt } from './head-tracker';
import { failReverted, succeeded } from './confirm-worker';
import { mergeEffects, type AfterCommit } from '@cr/core/effects/after-commit';
import { publish, type WorkerContext } from './worker-context';

/** Open actions looked at per pass; more are seen on the next block (oldest first). */
const PASS_LIMIT = 5_000;
/** Blocks back from the tip in which the tracker has surely loaded the receipts (its first poll loads 16). */
const KEEP_BLOCKS_SEEN = 16;

export interface BlockConfirmer {
  stop(): Promise<void>;
}

interface Group {
  receipt: MinedReceipt;
  confirmations: number;
  ids: string[];
}

export function startBlockConfirmer(ctx: WorkerContext, heads: HeadTracker): BlockConfirmer {
  let stopped = false;
  let lastTip: number | null = null;
  let failing = false;

  async function pass(): Promise<void> {
    const tip = heads.tip();
    if (tip === null) return;
    const rows = await listChainingActions(ctx.db, PASS_LIMIT);
    const chained = new Map<string, Group>();
    const progress = new Map<string, Group>();
    const reverted: { id: string; receipt: MinedReceipt; confirmations: number }[] = [];
    const lost: string[] = [];
    for (const row of rows) {
      if (!row.txHash) continue;
      const receipt = heads.receipt(row.txHash);
      if (!receipt) {
        // Recorded in a block the tracker has loaded since, without it: dropped by a reorg. Its watchdog runs now
        // (re-broadcast of the same bytes) instead of CONFIRM_WATCHDOG_MS after the send.
        if (row.blockNumber != null && row.blockNumber > tip - KEEP_BLOCKS_SEEN && !woken.has(row.id))
          lost.push(row.id);
        continue;
      }
      const confirmations = confirmationsAt(receipt.blockNumber, Math.max(tip, receipt.blockNumber));
      const key = `${receipt.blockHash}:${confirmations}`;
      if (confirmations < ctx.confirmations) {
        if (row.blockNumber === receipt.blockNumber && row.confirmations === confirmations) continue;
        addTo(progress, key, receipt, confirmations, row.id);
        continue;
      }
      // The receipt's block must still be the canonical one (one eth_getBlockByNumber per height, shared).
      if ((await heads.blockHash(receipt.blockNumber)) !== receipt.blockHash) {
        heads.forget(row.txHash);
        continue;
      }
      if (succeeded(row, receipt)) addTo(chained, key, receipt, confirmations, row.id);
      else reverted.push({ id: row.id, receipt, confirmations });
    }
    if (chained.size > 0 || progress.size > 0) await writeBlocks(chained, progress);
    for (const id of lost) {
      woken.add(id);
      await wakeWatchdog(id);
    }
    for (const r of reverted) {
      // Rare: the reason is read by replaying the call, per action.
      const row = await getChainAction(ctx.db, r.id);
      if (row?.status === 'chaining') {
        ctx.onStage?.(r.id, 'confirmed');
        await failReverted(ctx, row, r.receipt, r.confirmations);
      }
    }
  }

  /** One transaction for the whole pass; the listener runs for each moved row inside it, the pushes and
   * what the listener answered after it. */
  async function writeBlocks(chained: Map<string, Group>, progress: Map<string, Group>): Promise<void> {
    for (const g of chained.values()) for (const id of g.ids) ctx.onStage?.(id, 'confirmed');
    const changed = await ctx.db.transaction(async (tx) => {
      const out: ChainActionRow[] = [];
      for (const g of chained.values())
        out.push(
          ...(await transitionChainActions(tx, g.ids, 'chaining', 'chained', {
            blockNumber: g.receipt.blockNumber,
            blockHash: g.receipt.blockHash,
            confirmations: g.confirmations,
            rawTx: null,
            lastError: null,
            finishedAt: new Date(),
          })),
        );
      for (const g of progress.values())
        out.push(
          ...(await updateChainActionsFields(tx, g.ids, 'chaining', {
            blockNumber: g.receipt.blockNumber,
            blockHash: g.receipt.blockHash,
            confirmations: g.confirmations,
            lastError: null,
          })),
        );
      const effects: (AfterCommit | void)[] = [];
      if (ctx.onActionChanged) for (const row of out) effects.push(await ctx.onActionChanged(row, tx));
      return { out, effects: mergeEffects(...effects) };
    });
    // Pushed all at once (one round trip's worth of Redis writes), not one await per action.
    await Promise.all(changed.out.map((row) => publish(ctx, row)));
    await ctx.runEffects(changed.effects);
  }

  /** Ids whose watchdog was woken once by this process (it then polls on its own). */
  const woken = new Set<string>();
  async function wakeWatchdog(id: string): Promise<void> {
    const job = await ctx.queues.confirm.getJob(id);
    if (!job) await ctx.queues.confirm.add('confirm', { actionId: id }, confirmJobOptions(id));
    else if (await job.isDelayed()) await job.promote();
  }

  const running = (async () => {
    while (!stopped) {
      const tip = heads.tip();
      // A pass per new tip; a pass slower than a block simply covers the blocks that came meanwhile.
      if (tip === null || tip === lastTip) {
        await heads.nextBlock(5_000);
        continue;
      }
      lastTip = tip;
      try {
        await pass();
        if (failing) ctx.logger.info({}, 'block confirmer works again');
        failing = false;
      } catch (err) {
        if (!failing) ctx.logger.warn({ err }, 'block confirmer pass failed; the next block retries');
        failing = true;
        lastTip = null; // retry on the next block even if the tip stays
        await heads.nextBlock(1_000);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}

function addTo(
  groups: Map<string, Group>,
  key: string,
  receipt: MinedReceipt,
  confirmations: number,
  id: string,
) {
  const g = groups.get(key);
  if (g) g.ids.push(id);
  else groups.set(key, { receipt, confirmations, ids: [id] });
}
