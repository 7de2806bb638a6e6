import { ProposalStatus as ChainStatus, nameOf } from '@cr/contracts-abi/governance-enums';
import type { AppDeps } from '../../app-deps';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import { getChainHead, getCursor } from '@cr/core/chain/chain-index.repo';
import type { TreasuryOverview } from '@cr/contract/treasury.contract';
import { answerCacheOf } from '../../http/response-cache';
import { listTerms } from '../council';
import { readBudgetCap } from '../../chain/budget-cap-reader';
import { readTreasuryState, treasuryUnavailable } from './treasury-chain';
import { treasuryFigures } from './treasury-figures';
import * as repo from './treasury.repo';

/**
 * The treasury page's answer. The contract is read at the height the `treasury` event stream is indexed to, so
 * the balance and the events it sums agree; one answer per indexed height is computed per process (and kept at
 * most LIST_CACHE_TTL_MS), so a crowd opening the page costs one round of RPC reads per block, not one each.
 */
export async function treasuryOverview(deps: AppDeps): Promise<TreasuryOverview> {
  const address = deps.config.TREASURY_ADDRESS;
  if (!address) throw treasuryUnavailable();
  const cursor = await getCursor(deps.database.db, 'treasury');
  const indexed =
    cursor && cursor.address.toLowerCase() === address.toLowerCase() ? cursor.blockNumber : null;
  const ttl = deps.config.LIST_CACHE_TTL_MS;
  if (ttl === 0 || indexed === null) return compute(deps, address, indexed);
  const body = await answerCacheOf(deps).answer(`treasury|${address}|${indexed}`, ttl, async () =>
    JSON.stringify(await compute(deps, address, indexed)),
  );
  return JSON.parse(body) as TreasuryOverview;
}

async function compute(deps: AppDeps, address: string, indexed: number | null): Promise<TreasuryOverview> {
  const db = deps.database.db;
  const [read, cap] = await Promise.all([
    readTreasuryState(deps, indexed ?? 'latest'),
    // At the head, not the indexed height: the cap is what a registration asked for now meets, which make-proposal
    // reads at the head too (the indexed height lags it, and the cap moves with the balance and `committed`).
    readBudgetCap(deps, db).catch(() => {
      throw treasuryUnavailable();
    }),
  ]);
  // The cap a registration signed now meets: the contract's rule, less what the site's outbox will reserve first
  // (the same reading make-proposal refuses by).
  const state = { ...read, capWei: cap.capWei };
  const events = indexed === null ? [] : await repo.treasuryMoneyEvents(db, indexed);
  const draftHashes = [
    ...new Set(
      events
        .map((e) => e.args.draftHash)
        .filter(Boolean)
        .map((h) => String(h).toLowerCase()),
    ),
  ];
  const chainId = deps.config.CHAIN_ID ?? null;
  const [proposals, changes, terms, head] = await Promise.all([
    repo.proposalsByDraftHash(db, draftHashes),
    indexed === null ? [] : repo.statusChanges(db, draftHashes, indexed),
    listTerms(db),
    chainId ? getChainHead(db, chainId) : undefined,
  ]);
  // The chain's own status of each budget's proposal (the last StatusChanged wins).
  const chainStatuses = new Map<string, ProposalStatus>();
  for (const c of changes) {
    const to = nameOf(ChainStatus, Number(c.args.to));
    if (to !== 'NONE') chainStatuses.set(String(c.args.draftHash).toLowerCase(), to);
  }
  return treasuryFigures({
    chainId,
    address,
    state,
    events,
    proposals,
    chainStatuses,
    terms,
    avgBlockMs: head?.avgBlockMs ?? null,
    historyIndexed: indexed !== null,
  });
}
