import type { OpsStatus } from '@cr/contract/ops-status.contract';
import type { Metrics } from './metrics-registry';

/**
 * The operators' figures as Prometheus gauges, read when scraped: one shared reading (ops-status.ts) per scrape,
 * each part bounded by its timeout. A part that could not be read leaves its gauges out of that scrape (no stale
 * value) and `cr_ops_read_ok{part}` at 0, so an alert can tell "unknown" from "fine".
 */
export function registerOpsGauges(metrics: Metrics, read: () => Promise<OpsStatus>): void {
  const g = metrics.gaugeOnScrape.bind(metrics);
  g(
    'cr_ops_read_ok',
    'Whether a part of the operators reading answered in time (1) or not (0)',
    ['part'],
    async (set) => {
      const s = await read();
      const failed = new Set(s.problems.map((p) => p.slice(0, p.indexOf(':'))));
      for (const part of ['database', 'chain actions', 'queues', 'chain', 'relayers'])
        set({ part }, failed.has(part) ? 0 : 1);
    },
  );
  g(
    'cr_db_ping_seconds',
    'Seconds a `select 1` took (PGlite: its one connection, queries in turn)',
    ['kind'],
    async (set) => {
      const s = await read();
      if (s.database.pingMs !== null) set({ kind: s.database.kind }, s.database.pingMs / 1000);
    },
  );
  g(
    'cr_db_pool_connections',
    'PostgreSQL connection pools of this process: max, total (open), idle, waiting (queries queued for one)',
    ['pool', 'state'],
    async (set) => {
      for (const p of (await read()).database.pools)
        for (const state of ['max', 'total', 'idle', 'waiting'] as const)
          set({ pool: p.name, state }, p[state]);
    },
  );
  g('cr_socket_connections', 'Open socket.io connections of this api instance', [], async (set) => {
    const s = await read();
    if (s.instance.sockets !== null) set({}, s.instance.sockets);
  });
  g(
    'cr_queue_jobs',
    'BullMQ jobs per queue and state (waiting, active, delayed, failed)',
    ['queue', 'state'],
    async (set) => {
      for (const q of (await read()).queues)
        for (const state of ['waiting', 'active', 'delayed', 'failed'] as const)
          set({ queue: q.name, state }, q[state]);
    },
  );
  g(
    'cr_queue_oldest_waiting_seconds',
    'Seconds the oldest job ready to run has waited for a worker, per queue (0: none waiting)',
    ['queue'],
    async (set) => {
      for (const q of (await read()).queues) set({ queue: q.name }, q.oldestWaitingSec ?? 0);
    },
  );
  g(
    'cr_mail_backlog',
    'E-mails queued and not yet sent (waiting, sending, waiting for a retry)',
    [],
    async (set) => {
      const mail = (await read()).mail;
      if (mail) set({}, mail.backlog);
    },
  );
  g(
    'cr_chain_actions',
    'Chain actions (the outbox) by status: unchain, chaining, chained, failed',
    ['status'],
    async (set) => {
      const actions = (await read()).actions;
      if (actions) for (const [status, n] of Object.entries(actions.byStatus)) set({ status }, n);
    },
  );
  g(
    'cr_chain_action_oldest_open_seconds',
    'Age of the oldest chain action still unchain or chaining (0: none open)',
    [],
    async (set) => {
      const actions = (await read()).actions;
      if (actions) set({}, actions.oldestOpenSec ?? 0);
    },
  );
  g(
    'cr_chain_head_block',
    "Block heights: the node (source=node) and the block watcher's stored head (source=watcher)",
    ['source'],
    async (set) => {
      const chain = (await read()).chain;
      if (chain?.nodeHeight != null) set({ source: 'node' }, chain.nodeHeight);
      if (chain?.indexedHeight != null) set({ source: 'watcher' }, chain.indexedHeight);
    },
  );
  g('cr_chain_head_lag_blocks', 'Blocks the block watcher is behind the node', [], async (set) => {
    const chain = (await read()).chain;
    if (chain?.lagBlocks != null) set({}, chain.lagBlocks);
  });
  g(
    'cr_chain_watcher_age_seconds',
    'Seconds since the block watcher last stored the head',
    [],
    async (set) => {
      const chain = (await read()).chain;
      if (chain?.watcherAgeSec != null) set({}, chain.watcherAgeSec);
    },
  );
  g('cr_relayer_balance_ela', 'Balance of each relayer address, ELA', ['address'], async (set) => {
    for (const r of (await read()).relayers)
      if (r.balanceEla !== null) set({ address: r.address }, r.balanceEla);
  });
  g(
    'cr_relayer_nonce',
    "Nonces of each relayer: the node's pending and latest counts, and the next one the worker records",
    ['address', 'kind'],
    async (set) => {
      for (const r of (await read()).relayers) {
        if (r.pendingNonce !== null) set({ address: r.address, kind: 'pending' }, r.pendingNonce);
        if (r.latestNonce !== null) set({ address: r.address, kind: 'latest' }, r.latestNonce);
        if (r.recordedNonce !== null) set({ address: r.address, kind: 'recorded' }, r.recordedNonce);
      }
    },
  );
}
