/**
 * The head tracker: one poll of `eth_blockNumber` every HEAD_POLL_MS for the whole worker (instead of one receipt
 * poll per open transaction), and for every new block ONE `eth_getBlockReceipts`, whose receipts are kept by tx
 * hash for a few blocks. Confirm jobs wait on `nextBlock()` and look their receipt up here, so an action is
 * confirmed within one poll interval of its block appearing, at no RPC cost per action. A node without
 * `eth_getBlockReceipts` still gets the block events; confirm then asks for its receipt itself.
 *
 * The cache is only a shortcut: confirm still re-reads the block hash before `chained` (a reorg), and falls back to
 * `eth_getTransactionReceipt` and the dropped/replaced checks regularly.
 */
import type { JsonRpcProvider } from 'ethers';
import { failedCallsOf } from '@cr/contracts-abi/relay-batch';
import type { WorkerLogger } from './worker-logger';

/** The receipt fields the confirm step needs. */
export interface MinedReceipt {
  hash: string;
  blockNumber: number;
  blockHash: string;
  status: number;
  from: string;
  gasUsed: bigint;
  /** For a RelayBatch transaction: the calls that reverted, by position, with their revert data. */
  failedCalls: ReadonlyMap<number, string>;
}

export interface HeadTracker {
  /** The highest block seen, or null before the first successful poll. */
  tip(): number | null;
  /** Receipt of `txHash` from a block seen recently (lower-case hash), if any. */
  receipt(txHash: string): MinedReceipt | undefined;
  /**
   * The node's hash of block `n` now (null: no such block), one `eth_getBlockByNumber` shared by every confirm job
   * asking about `n` until the next new block.
   */
  blockHash(n: number): Promise<string | null>;
  /** Drops a cached receipt (its block was replaced). */
  forget(txHash: string): void;
  /** Resolves true at the next new block, false after `timeoutMs` without one. */
  nextBlock(timeoutMs: number): Promise<boolean>;
  stop(): void;
}

const KEEP_BLOCKS = 64;
const MAX_BLOCKS_PER_POLL = 16;

interface RpcReceipt {
  transactionHash: string;
  blockNumber: string;
  blockHash: string;
  status: string;
  from: string;
  to: string | null;
  gasUsed: string;
  logs: { address: string; topics: string[]; data: string }[];
}

export function startHeadTracker(
  provider: JsonRpcProvider,
  logger: WorkerLogger,
  pollMs: number,
): HeadTracker {
  let tip: number | null = null;
  let stopped = false;
  let withReceipts = true;
  const byHash = new Map<string, MinedReceipt>();
  const hashesOfBlock = new Map<number, string[]>();
  let waiters: ((v: boolean) => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failing = false;
  let hashes = new Map<number, Promise<string | null>>();

  async function loadReceipts(n: number): Promise<void> {
    if (!withReceipts) return;
    let raw: RpcReceipt[] | null;
    try {
      raw = (await provider.send('eth_getBlockReceipts', [`0x${n.toString(16)}`])) as RpcReceipt[] | null;
    } catch (err) {
      if (/not (found|supported|available)|unknown method|does not exist|-32601/i.test(String(err))) {
        withReceipts = false;
        logger.info({}, 'node has no eth_getBlockReceipts: confirming by per-transaction receipts');
        return;
      }
      throw err;
    }
    const hashes: string[] = [];
    for (const r of raw ?? []) {
      const hash = r.transactionHash.toLowerCase();
      hashes.push(hash);
      byHash.set(hash, {
        hash,
        blockNumber: Number(r.blockNumber),
        blockHash: r.blockHash,
        status: Number(r.status),
        from: r.from,
        gasUsed: BigInt(r.gasUsed),
        failedCalls: r.to ? failedCallsOf(r.logs, r.to) : new Map(),
      });
    }
    for (const old of hashesOfBlock.get(n) ?? []) if (!hashes.includes(old)) byHash.delete(old);
    hashesOfBlock.set(n, hashes);
    for (const [b, hs] of hashesOfBlock)
      if (b <= n - KEEP_BLOCKS) {
        for (const h of hs) byHash.delete(h);
        hashesOfBlock.delete(b);
      }
  }

  async function poll(): Promise<void> {
    const now = await provider.getBlockNumber();
    if (tip !== null && now <= tip) {
      if (now < tip) tip = now; // the chain got shorter (a reorg, a restarted node): follow it
      return;
    }
    // The first poll also loads the last few blocks: txs a previous process sent just before it died are found there.
    const from =
      tip === null
        ? Math.max(0, now - MAX_BLOCKS_PER_POLL + 1)
        : Math.max(tip + 1, now - MAX_BLOCKS_PER_POLL + 1);
    for (let n = from; n <= now; n++) await loadReceipts(n);
    tip = now;
    hashes = new Map();
    const ready = waiters;
    waiters = [];
    for (const w of ready) w(true);
  }

  const loop = async () => {
    if (stopped) return;
    try {
      await poll();
      if (failing) logger.info({}, 'head tracker reaches the node again');
      failing = false;
    } catch (err) {
      if (stopped) return; // a poll in flight when the worker stopped (its provider may be gone): not a failure
      if (!failing) logger.warn({ err }, 'head tracker poll failed; retrying');
      failing = true;
    }
    if (!stopped) timer = setTimeout(() => void loop(), failing ? Math.max(pollMs, 1_000) : pollMs);
  };
  void loop();

  return {
    tip: () => tip,
    receipt: (txHash) => byHash.get(txHash.toLowerCase()),
    blockHash(n) {
      let h = hashes.get(n);
      if (!h) {
        const loading = provider.getBlock(n).then((b) => b?.hash ?? null);
        loading.catch(() => hashes.delete(n));
        hashes.set(n, loading);
        h = loading;
      }
      return h;
    },
    forget: (txHash) => void byHash.delete(txHash.toLowerCase()),
    nextBlock(timeoutMs) {
      if (stopped) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const waiter = (v: boolean) => {
          clearTimeout(t);
          resolve(v);
        };
        const t = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      const ready = waiters;
      waiters = [];
      for (const w of ready) w(false);
    },
  };
}
