import { getChainHead } from '../../chain/chain-index.repo';
import type { Db } from '../../db/db-client';
import type { GovernanceStateRow } from '../../db/schema/council.schema';
import { getGovernanceState } from '../council/council.repo';
import type { ChainClock } from './proposal-rules';

/** The chain as the block watcher last saw it (height, observed interval): the basis of every window and ETA. */
export async function readChainClock(db: Db, chainId: number | undefined): Promise<ChainClock> {
  const head = chainId ? await getChainHead(db, chainId) : undefined;
  return {
    height: head?.height ?? null,
    avgBlockMs: head?.avgBlockMs ?? null,
    observedAt: head?.observedAt ?? null,
  };
}

const LIST_CONTEXT_TTL_MS = 1_000;
const listContexts = new WeakMap<Db, { at: number; value: Promise<ListContext> }>();

export interface ListContext {
  clock: ChainClock;
  gov: GovernanceStateRow | undefined;
}

/**
 * The chain clock and governance parameters for list pages, shared by the requests of one second in this process
 * (a list's windows and ETAs may be a second old; the detail page reads them fresh).
 */
export function listContext(db: Db, chainId: number | undefined): Promise<ListContext> {
  const hit = listContexts.get(db);
  if (hit && Date.now() - hit.at < LIST_CONTEXT_TTL_MS) return hit.value;
  const value = Promise.all([readChainClock(db, chainId), getGovernanceState(db)]).then(([clock, gov]) => ({
    clock,
    gov,
  }));
  value.catch(() => listContexts.delete(db));
  listContexts.set(db, { at: Date.now(), value });
  return value;
}
