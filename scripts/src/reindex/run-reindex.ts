import type { JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import { bumpGeneration } from '@cr/core/cache/cache-generation';
import { insertEvents, saveCursor, type NewChainEvent } from '@cr/core/chain/chain-index.repo';
import type { Db } from '@cr/core/db/db-client';
import type { GovernanceAddresses } from '@cr/contracts-abi/deploy';
import { governancePlugins } from '@cr/chain-worker/governance-plugins';
import { keepMilestoneTexts } from './keep-milestones';
import { inBatches, readEvents } from './read-events';
import { countBy, diffStates, type ReindexReport } from './reindex-report';
import { readKept, resetProjections, restoreStamps, skipReplayedMails } from './reindex-reset.repo';
import { readProjectedState } from './reindex-state.repo';

export interface ReindexOptions {
  db: Db;
  provider: JsonRpcProvider;
  chainId: number;
  addresses: GovernanceAddresses;
  fromBlock: number;
  dryRun?: boolean;
  /** The apis' Redis: their cached proposal answers are renewed after the commit (none with PGlite: api stopped). */
  redis?: Redis | null;
  /** Asked just before committing: false (the watcher lock was lost) rolls everything back. */
  stillLocked?: () => Promise<boolean>;
  progress?: (line: string) => void;
}

class DryRun extends Error {
  constructor(readonly report: ReindexReport) {
    super('dry run');
  }
}

/**
 * Rebuilds the chain index from the chain alone: reads every event of the contracts from their deployment block to
 * the head, then in ONE transaction resets the projected state, stores the events and projects them batch by batch
 * through the block watcher's own plugins (chain-worker/src/governance-plugins.ts), and moves the cursors to the
 * head. Readers see the old index until the commit; a failure anywhere leaves it untouched.
 */
export async function reindex(opts: ReindexOptions): Promise<ReindexReport> {
  const actual = BigInt((await opts.provider.send('eth_chainId', [])) as string);
  if (actual !== BigInt(opts.chainId))
    throw new Error(`the node at CHAIN_RPC_URL is chain ${actual}, but CHAIN_ID is ${opts.chainId}`);
  // No mail queue and no event bus: the replay pushes nothing live and queues no e-mail (see skipReplayedMails).
  const plugins = governancePlugins(opts.addresses, opts.fromBlock, { chainId: opts.chainId });
  const contracts = plugins.indexedContracts!;
  const head = await opts.provider.getBlock('latest');
  if (!head?.hash) throw new Error('the node returned no head block');
  const events = await readEvents(opts.provider, contracts, head.number, (stream, upTo) =>
    opts.progress?.(`read ${stream} up to block ${upTo} of ${head.number}`),
  );
  opts.progress?.(`read ${events.length} events; rebuilding in one transaction`);
  let report: ReindexReport;
  try {
    report = await opts.db.transaction(async (tx) => {
      const before = await readProjectedState(tx);
      const kept = await readKept(tx);
      await resetProjections(tx);
      // Stored before projected, batch by batch as the watcher does: the projection reads earlier events back
      // (the number of veto stakes, the previous secretary general).
      for (const batch of inBatches(events)) {
        await insertEvents(tx, batch);
        // What the projection answers (live events, e-mail) is dropped: a replay announces nothing.
        await plugins.onEvents!(batch, tx);
      }
      for (const c of contracts)
        await saveCursor(tx, {
          stream: c.stream,
          address: c.address,
          blockNumber: head.number,
          blockHash: head.hash,
        });
      await keepMilestoneTexts(tx, kept.milestones);
      const skippedMails = await skipReplayedMails(tx);
      const after = await readProjectedState(tx);
      const differences = diffStates(before, after);
      const changed = new Set(differences.filter((d) => d.table === 'proposals').map((d) => d.key));
      await restoreStamps(tx, kept, changed);
      const report = buildReport(opts, head.number, events, after, skippedMails, differences);
      if (opts.dryRun) throw new DryRun(report);
      if (opts.stillLocked && !(await opts.stillLocked()))
        throw new Error('lost the block watcher lock during the rebuild: rolled back, nothing changed');
      return report;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.report;
    throw err;
  }
  // The apis cache proposal answers per generation; the rebuild published no live update that would renew them.
  if (opts.redis) await bumpGeneration(opts.redis, 'proposals');
  return report;
}

function buildReport(
  opts: ReindexOptions,
  toBlock: number,
  events: NewChainEvent[],
  after: Awaited<ReturnType<typeof readProjectedState>>,
  skippedMails: number,
  differences: ReindexReport['differences'],
): ReindexReport {
  const votes = events.filter((e) => e.stream === 'governance' && e.name === 'VoteCast');
  const perMember = countBy(votes, (e) => `${String(e.args.draftHash)}:${String(e.args.memberId)}`);
  const chained = [...after.proposal_votes!.values()].filter((v) => v.chainedNonce !== null);
  const seated = [...after.council_members!.values()].filter((m) => m.seated);
  return {
    chainId: opts.chainId,
    fromBlock: opts.fromBlock,
    toBlock,
    dryRun: !!opts.dryRun,
    eventsByKind: countBy(events, (e) => `${e.stream}:${e.name}`),
    proposalsByStatus: countBy(
      [...after.proposals!.values()].filter((p) => p.registeredHeight !== null),
      (p) => String(p.status),
    ),
    chainedVotes: chained.length,
    changedVotes: Object.values(perMember).filter((n) => n > 1).length,
    seatedMembers: seated.length,
    skippedMails,
    differences,
  };
}
