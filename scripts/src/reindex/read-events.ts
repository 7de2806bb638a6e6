import { Interface, type JsonRpcProvider } from 'ethers';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import { MAX_LOG_RANGE, type IndexedContract } from '@cr/chain-worker/block-watcher';
import { decodeLog } from '@cr/chain-worker/decode-log';

/** Every event of the contracts from their deployment block to `toBlock`, decoded as the watcher stores them. */
export async function readEvents(
  provider: JsonRpcProvider,
  contracts: IndexedContract[],
  toBlock: number,
  onProgress?: (stream: string, upTo: number) => void,
): Promise<NewChainEvent[]> {
  const events: NewChainEvent[] = [];
  for (const c of contracts) {
    const iface = c.abi instanceof Interface ? c.abi : new Interface(c.abi);
    for (let from = c.fromBlock; from <= toBlock; from += MAX_LOG_RANGE) {
      const to = Math.min(toBlock, from + MAX_LOG_RANGE - 1);
      const logs = await provider.getLogs({ address: c.address, fromBlock: from, toBlock: to });
      for (const log of logs) events.push(...decodeLog(c.stream, iface, log));
      onProgress?.(c.stream, to);
    }
  }
  // Chain order across the three contracts: a term is seated before a registration reads it, a vote after its
  // member, whatever stream each came from.
  return events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}

/** The events in consecutive block ranges of `MAX_LOG_RANGE`, the batches the watcher projects at most at once. */
export function inBatches(events: NewChainEvent[]): NewChainEvent[][] {
  const batches: NewChainEvent[][] = [];
  let current: NewChainEvent[] = [];
  let end = -1;
  for (const e of events) {
    if (e.blockNumber > end) {
      if (current.length > 0) batches.push(current);
      current = [];
      end = e.blockNumber + MAX_LOG_RANGE - 1;
    }
    current.push(e);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
