import type { Queue } from 'bullmq';
import { formatEther, type JsonRpcProvider } from 'ethers';
import type { OpsStatus, QueueStatus, RelayerStatus } from '@cr/contract/ops-status.contract';
import { CHAIN_STATUSES } from '../chain/chain-status';
import type { DbHandle } from '../db/db-client';
import { withTimeout } from '../infra/with-timeout';
import { MAIL_QUEUE } from '../queues/mail-queue';
import { countChainActions, listRelayerNonces, readWatcherHead } from './ops-status.repo';

/** Each part of a reading (database, chain node, Redis) answers within this or is reported missing. */
export const OPS_READ_TIMEOUT_MS = 2_000;
/** Readings within this long of each other share one (a scrape reads every gauge; the page polls too). */
const SHARED_READ_MS = 1_000;

export interface OpsStatusDeps {
  /** Which process answers (`api`, `worker`, `all`). */
  role: string;
  database: DbHandle;
  /** The BullMQ queues to count (the chain queues and the mail queue). */
  queues: Queue[];
  /** The governance chain, when configured. */
  chain: { provider: JsonRpcProvider; chainId: number } | null;
  /** Relayer addresses known to this process (the worker's own); those in chain_nonces are added. */
  relayers?: ReadonlySet<string>;
  /** Open socket.io connections of this instance (null: it serves none, or not yet). */
  sockets?: () => number | null;
}

/** Reads the operators' figures; parts run side by side, each bounded by OPS_READ_TIMEOUT_MS. */
export async function readOpsStatus(deps: OpsStatusDeps, now = Date.now()): Promise<OpsStatus> {
  const problems: string[] = [];
  const part = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await withTimeout(work(), OPS_READ_TIMEOUT_MS, name);
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message}`);
      return null;
    }
  };
  const ageOf = (at: number | null | undefined) => (at ? Math.max(0, (now - at) / 1000) : null);
  const [pingMs, actions, queues, chain, relayers] = await Promise.all([
    part('database', async () => {
      const started = performance.now();
      await deps.database.ping();
      return performance.now() - started;
    }),
    part('chain actions', () => countChainActions(deps.database.db)),
    part('queues', () => Promise.all(deps.queues.map((q) => queueStatus(q, now)))),
    deps.chain ? part('chain', () => chainStatus(deps, now)) : Promise.resolve(null),
    deps.chain ? part('relayers', () => relayerStatus(deps)) : Promise.resolve([]),
  ]);
  const mailQueue = queues?.find((q) => q.name === MAIL_QUEUE);
  return {
    generatedAt: new Date(now).toISOString(),
    instance: {
      role: deps.role,
      uptimeSec: process.uptime(),
      rssBytes: process.memoryUsage.rss(),
      sockets: deps.sockets ? deps.sockets() : null,
    },
    database: { kind: deps.database.kind, pingMs, pools: deps.database.pools() },
    chain,
    relayers: relayers ?? [],
    actions: actions && {
      byStatus: Object.fromEntries(CHAIN_STATUSES.map((s) => [s, actions.byStatus[s] ?? 0])) as Record<
        (typeof CHAIN_STATUSES)[number],
        number
      >,
      oldestOpenSec: ageOf(actions.oldestOpenAt?.getTime()),
    },
    queues: queues ?? [],
    mail: mailQueue
      ? {
          backlog: mailQueue.waiting + mailQueue.active + mailQueue.delayed,
          failed: mailQueue.failed,
          oldestWaitingSec: mailQueue.oldestWaitingSec,
        }
      : null,
    problems,
  };
}

/**
 * A queue's jobs by state, and how long its oldest job ready to run has waited: since it was added (plus its
 * delay), or since its last try started when it is a retry (an upper bound: the backoff is counted as waiting).
 */
async function queueStatus(queue: Queue, now: number): Promise<QueueStatus> {
  const [counts, oldest] = await Promise.all([
    queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
    // The oldest of each list (oldest first: `asc`).
    queue.getJobs(['waiting', 'prioritized'], 0, 0, true),
  ]);
  const since = oldest.map((j) => Math.max(j.timestamp + (j.delay ?? 0), j.processedOn ?? 0));
  const readySince = since.length > 0 ? Math.min(...since) : null;
  return {
    name: queue.name,
    waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    oldestWaitingSec: readySince ? Math.max(0, (now - readySince) / 1000) : null,
  };
}

async function chainStatus(deps: OpsStatusDeps, now: number): Promise<NonNullable<OpsStatus['chain']>> {
  const { provider, chainId } = deps.chain!;
  const [nodeHeight, head] = await Promise.all([
    provider.getBlockNumber(),
    readWatcherHead(deps.database.db, chainId),
  ]);
  return {
    chainId,
    nodeHeight,
    indexedHeight: head?.height ?? null,
    lagBlocks: head ? Math.max(0, nodeHeight - head.height) : null,
    watcherAgeSec: head ? Math.max(0, (now - head.observedAt.getTime()) / 1000) : null,
    avgBlockMs: head?.avgBlockMs ?? null,
  };
}

async function relayerStatus(deps: OpsStatusDeps): Promise<RelayerStatus[]> {
  const { provider, chainId } = deps.chain!;
  const recorded = await listRelayerNonces(deps.database.db, chainId);
  const nonceOf = new Map(recorded.map((r) => [r.address.toLowerCase(), r.nextNonce]));
  const addresses = [
    ...new Set(
      [...(deps.relayers ?? new Set<string>()), ...recorded.map((r) => r.address)].map((a) =>
        a.toLowerCase(),
      ),
    ),
  ];
  return Promise.all(
    addresses.map(async (address) => {
      const [balance, pendingNonce, latestNonce] = await Promise.all([
        provider.getBalance(address),
        provider.getTransactionCount(address, 'pending'),
        provider.getTransactionCount(address, 'latest'),
      ]);
      return {
        address,
        balanceWei: balance.toString(),
        balanceEla: Number(formatEther(balance)),
        pendingNonce,
        latestNonce,
        recordedNonce: nonceOf.get(address) ?? null,
      };
    }),
  );
}

/** `readOpsStatus` shared by the readings asked for within SHARED_READ_MS of each other. */
export function sharedOpsStatus(deps: OpsStatusDeps): () => Promise<OpsStatus> {
  let last: { at: number; reading: Promise<OpsStatus> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > SHARED_READ_MS) last = { at: now, reading: readOpsStatus(deps, now) };
    return last.reading;
  };
}
