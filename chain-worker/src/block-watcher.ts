/**
 * The block watcher: one instance at a time (a Redis leader lock, renewed; others stand by). Each tick it
 *  1. re-reads the hashes of the last stored blocks and, on a mismatch (a reorg up to CONFIRMATIONS deep and a
 *     little more), deletes the blocks and events from the fork point and rewinds the cursors;
 *  2. records new block headers, the height and the observed average block interval (chain_head) and publishes
 *     `chain:height` to the `chain` room;
 *  3. indexes the configured contracts' events idempotently by (block, log index), moving each stream's cursor in
 *     the same transaction as its events;
 *  4. asks the window closers which finalize calls are due and enqueues them as chain actions.
 * What the plugins' hooks answer (onEvents, onReorg, the closers) runs once their transaction committed
 * (ctx.runEffects, the api's after-commit mechanism); no plugin publishes or queues by itself.
 */
import { Interface, type InterfaceAbi } from 'ethers';
import type { Redis } from 'ioredis';
import type { Db } from '@cr/core/db/db-client';
import {
  deleteBlocksFrom,
  deleteEventsFrom,
  getCursor,
  insertEvents,
  pruneBlocksBelow,
  recentBlocks,
  rewindCursors,
  saveBlocks,
  saveChainHead,
  saveCursor,
  type BlockHeader,
  type NewChainEvent,
} from '@cr/core/chain/chain-index.repo';
import { CHAIN_HEIGHT_EVENT, CHAIN_ROOM, type ChainHeightUpdate } from '@cr/core/chain/chain-action-events';
import { publishAfterCommit, type AfterCommit } from '@cr/core/effects/after-commit';
import { enqueueChainAction, FINALIZE_KIND_SUFFIX, recordChainAction } from '@cr/core/chain/chain-outbox';
import { averageBlockMs } from './block-interval';
import { decodeLog } from './decode-log';
import { createLeaderLock } from './leader-lock';
import { findForkBlock, firstBrokenLink } from './reorg-detect';
import type { WindowCloser } from './window-closers';
import type { WorkerContext } from './worker-context';

/** A contract whose events are indexed under `stream` (e.g. `governance`), from its deployment block. */
export interface IndexedContract {
  stream: string;
  address: string;
  abi: InterfaceAbi | Interface;
  fromBlock: number;
}

export interface BlockWatcherOptions {
  redis: Redis;
  lockKey: string;
  intervalMs: number;
  /** A dead leader's lock expires after this long (renewed every third of it). */
  lockTtlMs?: number;
  contracts?: IndexedContract[];
  closers?: WindowCloser[];
  /**
   * In the transaction that stores a batch of events (domain projections, e.g. proposal status from events); what
   * it answers runs once that transaction committed.
   */
  onEvents?: (events: NewChainEvent[], tx: Db) => Promise<AfterCommit | void>;
  /** In the transaction that deletes everything from `fromBlock` after a reorg; its answer runs after commit. */
  onReorg?: (fromBlock: number, tx: Db) => Promise<AfterCommit | void>;
}

const HEADER_WINDOW = 256; // headers kept for reorg checks and the interval average
const INTERVAL_WINDOW = 100; // blocks averaged for the ETA interval
const MAX_HEADERS_PER_TICK = 200;
/** Blocks per getLogs call (nodes cap the range; `npm run reindex` reads in the same steps). */
export const MAX_LOG_RANGE = 2_000;

export interface BlockWatcher {
  isLeader(): boolean;
  /** Runs one tick now (tests, and the first tick after taking the lock). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startBlockWatcher(ctx: WorkerContext, opts: BlockWatcherOptions): BlockWatcher {
  const ttl = opts.lockTtlMs ?? Math.max(5_000, opts.intervalMs * 5);
  const lock = createLeaderLock(opts.redis, opts.lockKey, ttl);
  const reorgDepth = Math.max(4, ctx.confirmations + 2);
  const contracts = (opts.contracts ?? []).map((c) => ({
    ...c,
    iface: c.abi instanceof Interface ? c.abi : new Interface(c.abi),
  }));
  let leader = false;
  let stopped = false;
  let lastPublished = -1;
  let ticking: Promise<void> = Promise.resolve();

  const holdLock = async () => {
    try {
      const was = leader;
      leader = await lock.hold();
      if (leader !== was)
        ctx.logger.info({ leader }, leader ? 'block watcher took the lock' : 'block watcher lost the lock');
    } catch (err) {
      leader = false;
      ctx.logger.warn({ err }, 'block watcher lock check failed');
    }
  };

  async function handleReorg(): Promise<void> {
    const stored = await recentBlocks(ctx.db, reorgDepth);
    if (stored.length === 0) return;
    const nodeHashes = new Map<number, string | undefined>();
    await Promise.all(
      stored.map(async (b) =>
        nodeHashes.set(b.number, (await ctx.provider.getBlock(b.number))?.hash ?? undefined),
      ),
    );
    const fork = findForkBlock(stored, nodeHashes);
    if (fork === null) return;
    const before = stored.find((b) => b.number === fork - 1) ?? null;
    ctx.logger.warn({ fromBlock: fork }, 'reorg: re-indexing from the fork block');
    const effects = await ctx.db.transaction(async (tx) => {
      await deleteEventsFrom(tx, fork);
      await deleteBlocksFrom(tx, fork);
      await rewindCursors(tx, fork, before?.hash ?? null);
      return opts.onReorg ? await opts.onReorg(fork, tx) : undefined;
    });
    await ctx.runEffects(effects);
  }

  /** Records headers up to the tip; returns the highest recorded header (what indexing may go up to). */
  async function recordHeaders(tip: number): Promise<BlockHeader | undefined> {
    const [last] = await recentBlocks(ctx.db, 1);
    const from = last ? last.number + 1 : Math.max(0, tip - INTERVAL_WINDOW);
    const to = Math.min(tip, from + MAX_HEADERS_PER_TICK - 1);
    if (from > to) return last;
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const blocks = await Promise.all(numbers.map((n) => ctx.provider.getBlock(n)));
    const headers: BlockHeader[] = [];
    for (const b of blocks) {
      if (!b?.hash) break; // the node is behind what it just reported: take what we have
      headers.push({ number: b.number, hash: b.hash, parentHash: b.parentHash, timestamp: b.timestamp });
    }
    const broken = firstBrokenLink(last, headers);
    const good = broken === null ? headers : headers.filter((h) => h.number < broken);
    if (good.length > 0) {
      await saveBlocks(ctx.db, good);
      await pruneBlocksBelow(ctx.db, good[good.length - 1]!.number - HEADER_WINDOW);
    }
    return good[good.length - 1] ?? last;
  }

  async function publishHead(top: BlockHeader): Promise<void> {
    const recent = await recentBlocks(ctx.db, INTERVAL_WINDOW);
    const avg = averageBlockMs(recent);
    const head = await saveChainHead(ctx.db, {
      chainId: ctx.chainId,
      height: top.number,
      hash: top.hash,
      avgBlockMs: avg,
    });
    if (head.height === lastPublished) return;
    lastPublished = head.height;
    const update: ChainHeightUpdate = {
      chainId: ctx.chainId,
      height: head.height,
      hash: head.hash,
      avgBlockMs: head.avgBlockMs,
      observedAt: head.observedAt.toISOString(),
    };
    await publishAfterCommit(ctx, [{ room: CHAIN_ROOM, event: CHAIN_HEIGHT_EVENT, payload: update }]);
  }

  async function indexStreams(upTo: number): Promise<void> {
    if (contracts.length === 0) return;
    const known = new Map((await recentBlocks(ctx.db, HEADER_WINDOW)).map((b) => [b.number, b.hash]));
    for (const c of contracts) {
      const cursor = await getCursor(ctx.db, c.stream);
      const from = cursor ? cursor.blockNumber + 1 : c.fromBlock;
      const to = Math.min(upTo, from + MAX_LOG_RANGE - 1);
      if (from > to) continue;
      const logs = await ctx.provider.getLogs({ address: c.address, fromBlock: from, toBlock: to });
      if (logs.some((l) => known.has(l.blockNumber) && known.get(l.blockNumber) !== l.blockHash)) {
        ctx.logger.warn({ stream: c.stream }, 'logs from a replaced block; waiting for the reorg check');
        return;
      }
      const events = logs.flatMap((log) => decodeLog(c.stream, c.iface, log));
      const effects = await ctx.db.transaction(async (tx) => {
        await insertEvents(tx, events);
        await saveCursor(tx, {
          stream: c.stream,
          address: c.address,
          blockNumber: to,
          blockHash: known.get(to) ?? null,
        });
        return opts.onEvents && events.length > 0 ? await opts.onEvents(events, tx) : undefined;
      });
      await ctx.runEffects(effects);
    }
  }

  async function closeWindows(height: number): Promise<void> {
    for (const closer of opts.closers ?? []) {
      const { calls, effects } = await closer.closedWindows(height, ctx.db);
      await ctx.runEffects(effects);
      for (const call of calls) {
        const row = await recordChainAction(ctx.db, {
          kind: `${call.subjectType}${FINALIZE_KIND_SUFFIX}`,
          subjectType: call.subjectType,
          subjectId: call.subjectId,
          dedupeKey: call.dedupeKey,
          chainId: ctx.chainId,
          to: call.to,
          data: call.data,
        });
        if (row.status === 'unchain') await enqueueChainAction(ctx.queues, row);
      }
    }
  }

  async function tick(): Promise<void> {
    const tip = await ctx.provider.getBlockNumber();
    await handleReorg();
    const top = await recordHeaders(tip);
    if (!top) return;
    await publishHead(top);
    await indexStreams(top.number);
    await closeWindows(top.number);
  }

  const runTick = () => {
    ticking = ticking.then(async () => {
      if (stopped || !leader) return;
      try {
        await tick();
      } catch (err) {
        ctx.logger.warn({ err }, 'block watcher tick failed; retrying next interval');
      }
    });
    return ticking;
  };

  const lockTimer = setInterval(() => void holdLock(), Math.floor(ttl / 3));
  const tickTimer = setInterval(() => void runTick(), opts.intervalMs);
  void holdLock().then(runTick);

  return {
    isLeader: () => leader,
    tick: async () => {
      await holdLock();
      await runTick();
    },
    async stop() {
      stopped = true;
      clearInterval(lockTimer);
      clearInterval(tickTimer);
      await ticking;
      await lock.release().catch(() => undefined);
      leader = false;
    },
  };
}
