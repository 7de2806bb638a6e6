import type { Db } from '@cr/core/db/db-client';
import { getChainHead } from '@cr/core/chain/chain-index.repo';

/** The chain's height and pace as last observed: what every window, ETA and deadline is computed from. */
export interface ChainClock {
  height: number | null;
  /** Observed average block interval, ms (null until known). */
  avgBlockMs: number | null;
  /** When `height` was observed. */
  observedAt: Date | null;
}

/** Estimated time of block `target` from the observed interval (never a fixed 2 minutes); null when unknown. */
export function etaOf(target: number, clock: ChainClock): Date | null {
  if (clock.height === null || clock.avgBlockMs === null || !clock.observedAt) return null;
  return new Date(clock.observedAt.getTime() + (target - clock.height) * clock.avgBlockMs);
}

/** The chain as the block watcher last saw it (height, observed interval): the basis of every window and ETA. */
export async function readChainClock(db: Db, chainId: number | undefined): Promise<ChainClock> {
  const head = chainId ? await getChainHead(db, chainId) : undefined;
  return {
    height: head?.height ?? null,
    avgBlockMs: head?.avgBlockMs ?? null,
    observedAt: head?.observedAt ?? null,
  };
}
