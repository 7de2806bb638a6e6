import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsStatus } from '@cr/contract/ops-status.contract';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import { Queue } from 'bullmq';
import { startMetricsServer } from '../src/metrics/metrics-endpoint';
import { readOpsStatus } from '@cr/core/metrics/ops-status';
import { makeUser } from './factories';
import {
  detail,
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type ProposalEnv,
} from './proposal-harness';
import { startTestApi } from './test-api';
import { requestWallet, walletsFor } from './wallet-harness';
import { metricSample, metricSamples } from '@cr/core/metrics/exposition-samples';

/**
 * Operations (issue 50): after one relayed council vote on a real chain (anvil), with the real api, Redis, database
 * and an in-process chain worker, `/metrics` shows the vote's route latency, the actions by status, the chain head,
 * the queues and the relayer's nonce; the admin status route answers the same figures to admins only; and the
 * request id of the wallet's callback is on the outbox row, on the action's jobs and on the worker's log lines.
 */
let env: ProposalEnv;
const workerLines: string[] = [];

beforeAll(async () => {
  env = await startProposalEnv({
    votingPeriodBlocks: 60,
    blockTime: 0,
    workerLog: (line) => workerLines.push(line),
  });
}, 180_000);
afterAll(async () => {
  await env?.stop();
});

async function readMetrics(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('one relayed council vote, seen by the operators', () => {
  it('carries the callback’s request id to the outbox row, its jobs and the worker’s log lines; /metrics and /admin/status show the vote', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[0]!, s._id);
    const proposalId = made.result!.proposalId;
    await waitForProposal(
      env,
      proposalId,
      'registration on chain',
      (d) => d.window.votingEndHeight !== null && d.chainStatus === 'chained',
    );

    // The member records the vote on the page, then the wallet answers the QR with our request id.
    const member = env.council[1]!;
    const put = await env.t.call('PUT', `/proposals/${proposalId}/vote`, {
      token: member.token,
      body: { choice: 'yes', reason: 'Reviewed the budget and the milestones; the plan holds.' },
    });
    expect(put.status).toBe(200);
    const req = await requestWallet(env.t, 'vote', member.token, proposalId);
    expect(req.status).toBe(200);
    const prepared = await walletsFor(env.t).prepare(req.body.data!.url, member.name);
    const requestId = `ops-vote-${randomBytes(6).toString('hex')}`;

    // Every job the action gets, while it is on a queue (submit at once; confirm, the watchdog, for 10 s).
    const jobs: { queue: string; data: unknown }[] = [];
    let watching = true;
    const watchJobs = (async () => {
      while (watching) {
        const [row] = await env.t.deps.database.db
          .select({ id: chainActions.id })
          .from(chainActions)
          .where(eq(chainActions.requestId, requestId));
        if (row)
          for (const queue of ['submit', 'confirm'] as const) {
            const job = await env.workers!.queues[queue].getJob(row.id);
            if (job && !jobs.some((j) => j.queue === queue)) jobs.push({ queue, data: job.data });
          }
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    try {
      const callback = await fetch(prepared.callbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json;charset=UTF-8', 'X-Request-Id': requestId },
        body: JSON.stringify(prepared.body),
      });
      expect(callback.status).toBe(200);
      expect(callback.headers.get('x-request-id')).toBe(requestId);
      // The action turns chained at its confirmation; the tally moves when the VoteCast event is indexed.
      await waitForProposal(
        env,
        proposalId,
        'the vote chained and counted',
        (d) =>
          d.votes.some((v) => v.member.did === member.wallet.did && v.chainStatus === 'chained') &&
          d.outcome.tally.support === 1,
      );
      await waitUntil(
        'the confirm job seen',
        async () => (jobs.some((j) => j.queue === 'confirm') ? true : undefined),
        15_000,
      );
    } finally {
      watching = false;
      await watchJobs;
    }

    // The outbox row, its jobs and the worker's lines name the request.
    const [action] = await env.t.deps.database.db
      .select()
      .from(chainActions)
      .where(eq(chainActions.requestId, requestId));
    expect(action).toMatchObject({ status: 'chained', requestId });
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(j.data).toEqual({ actionId: action!.id, requestId });
    const lines = workerLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.actionId === action!.id);
    expect(lines.find((l) => l.msg === 'chain action chaining')).toMatchObject({
      reqId: requestId,
      txHash: action!.txHash,
      nonce: action!.nonce,
    });
    expect(lines.find((l) => l.msg === 'chain action chained')).toMatchObject({
      reqId: requestId,
      txHash: action!.txHash,
      blockNumber: action!.blockNumber,
    });
    expect(lines.every((l) => l.reqId === requestId)).toBe(true);

    // /metrics (open on the api's port outside production).
    const m = await readMetrics(env.t.url);
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const vote = { method: 'PUT', route: '/api/proposals/:id/vote', status: '200', role: 'api' };
    expect(metricSample(m.text, 'cr_http_request_duration_seconds_count', vote)).toBeGreaterThanOrEqual(1);
    expect(metricSample(m.text, 'cr_http_request_duration_seconds_sum', vote)).toBeGreaterThan(0);
    const callbackRoute = { method: 'POST', route: '/api/wallet/callback', status: '200' };
    expect(
      metricSample(m.text, 'cr_http_request_duration_seconds_count', callbackRoute),
    ).toBeGreaterThanOrEqual(1);
    // Bounded labels: no raw URL (ids, query strings) is a route label.
    const routes = new Set(
      metricSamples(m.text, 'cr_http_request_duration_seconds_count').map((x) => x.labels.route),
    );
    for (const r of routes) expect(r).not.toMatch(/[0-9a-f]{8}-|\?|\/\d+(\/|$)/);

    // Registration and vote: chained; nothing failed or open.
    expect(metricSample(m.text, 'cr_chain_actions', { status: 'chained' })).toBe(2);
    expect(metricSample(m.text, 'cr_chain_actions', { status: 'failed' })).toBe(0);
    expect(metricSample(m.text, 'cr_chain_action_oldest_open_seconds')).toBe(0);
    expect(
      metricSample(m.text, 'cr_chain_action_changes_total', { kind: action!.kind, status: 'chained' }),
    ).toBe(1);

    const head = await env.provider.getBlockNumber();
    expect(metricSample(m.text, 'cr_chain_head_block', { source: 'node' })).toBeGreaterThanOrEqual(
      action!.blockNumber!,
    );
    expect(metricSample(m.text, 'cr_chain_head_block', { source: 'node' })).toBeLessThanOrEqual(head);
    expect(metricSample(m.text, 'cr_chain_head_block', { source: 'watcher' })).toBeGreaterThan(0);
    expect(metricSample(m.text, 'cr_chain_head_lag_blocks')).toBeLessThanOrEqual(2);
    expect(metricSample(m.text, 'cr_chain_watcher_age_seconds')).toBeLessThan(30);

    for (const queue of ['chain-submit', 'chain-confirm', 'chain-track', 'chain-finalize', 'mail']) {
      expect(metricSample(m.text, 'cr_queue_jobs', { queue, state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(metricSample(m.text, 'cr_queue_oldest_waiting_seconds', { queue })).toBeLessThan(60);
    }
    expect(metricSample(m.text, 'cr_queue_jobs', { queue: 'chain-submit', state: 'failed' })).toBe(0);
    expect(metricSample(m.text, 'cr_mail_backlog')).toBeGreaterThanOrEqual(0);

    // The relayer: its nonce counts both transactions, and it has gas money.
    const relayer = env.workers!.context.relayerAddress.toLowerCase();
    expect(metricSample(m.text, 'cr_relayer_nonce', { address: relayer, kind: 'pending' })).toBe(
      action!.nonce! + 1,
    );
    expect(metricSample(m.text, 'cr_relayer_nonce', { address: relayer, kind: 'latest' })).toBe(
      action!.nonce! + 1,
    );
    expect(metricSample(m.text, 'cr_relayer_nonce', { address: relayer, kind: 'recorded' })).toBe(
      action!.nonce! + 1,
    );
    expect(metricSample(m.text, 'cr_relayer_balance_ela', { address: relayer })).toBeGreaterThan(0);

    expect(metricSample(m.text, 'cr_socket_connections')).toBe(0);
    expect(metricSample(m.text, 'cr_db_ping_seconds')).toBeGreaterThan(0);
    for (const part of ['database', 'chain actions', 'queues', 'chain', 'relayers'])
      expect(metricSample(m.text, 'cr_ops_read_ok', { part })).toBe(1);

    // The admin status page's route: the same figures, to admins only.
    const admin = await makeUser(env.t.deps.database.db, { role: 'ADMIN' });
    const status = await env.t.call<OpsStatus>('GET', '/admin/status', { token: admin.token });
    expect(status.status).toBe(200);
    const figures = status.body.data!;
    expect(figures.problems).toEqual([]);
    expect(figures.actions?.byStatus).toMatchObject({ chained: 2, failed: 0, unchain: 0, chaining: 0 });
    expect(figures.chain?.nodeHeight).toBeGreaterThanOrEqual(action!.blockNumber!);
    expect(figures.relayers.find((r) => r.address === relayer)?.pendingNonce).toBe(action!.nonce! + 1);
    expect(figures.queues.map((q) => q.name).sort()).toEqual(
      ['chain-confirm', 'chain-finalize', 'chain-submit', 'chain-track', 'mail'].sort(),
    );
    expect(figures.database.kind).toBe(env.t.deps.database.kind);
    const openapi = (await (await fetch(`${env.t.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, { get?: { description?: string } }>;
    };
    expect(openapi.paths['/api/admin/status']?.get?.description).toContain('Permission "GET /admin/status"');
    expect((await env.t.call('GET', '/admin/status', { token: member.token })).status).toBe(403);
    expect((await env.t.call('GET', '/admin/status')).status).toBe(401);
    expect((await detail(env, proposalId)).status).toBe('PROPOSED');
  });
});

describe('queue depth and age', () => {
  it('counts a queue’s jobs by state and ages its oldest waiting job (what ChainQueueAgeOverAMinute reads)', async () => {
    // A queue no worker serves, on this file's private prefix.
    const queue = new Queue('ops-age-check', {
      connection: env.t.deps.redis,
      prefix: env.t.deps.config.QUEUE_PREFIX,
    });
    try {
      await queue.add('a', { n: 1 });
      await new Promise((r) => setTimeout(r, 1_200));
      await queue.add('b', { n: 2 });
      await queue.add('c', { n: 3 }, { delay: 60_000 });
      await queue.add('d', { n: 4 }, { priority: 5 });
      const status = await readOpsStatus({
        role: 'test',
        database: env.t.deps.database,
        queues: [queue],
        chain: null,
      });
      expect(status.problems).toEqual([]);
      const [q] = status.queues;
      expect(q).toMatchObject({ name: 'ops-age-check', waiting: 3, active: 0, delayed: 1, failed: 0 });
      expect(q!.oldestWaitingSec).toBeGreaterThanOrEqual(1.2);
      expect(q!.oldestWaitingSec).toBeLessThan(30);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe('who may read /metrics', () => {
  it('with METRICS_TOKEN, only a bearer of it, on the api’s port and on the metrics port', async () => {
    const token = randomBytes(24).toString('hex');
    const t = await startTestApi({ METRICS_TOKEN: token });
    const port = await startMetricsServer({
      registry: t.deps.metrics.registry,
      config: t.deps.config,
      port: 0,
      host: '127.0.0.1',
      onError: (err) => {
        throw err;
      },
    });
    try {
      const base = port.url.replace(/\/metrics$/, '');
      for (const url of [t.url, base]) {
        expect((await readMetrics(url)).status).toBe(401);
        expect((await readMetrics(url, { authorization: `Bearer ${token}x` })).status).toBe(401);
        const ok = await readMetrics(url, { authorization: `Bearer ${token}` });
        expect(ok.status).toBe(200);
        expect(ok.text).toContain('cr_http_request_duration_seconds');
      }
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await port.stop();
      await t.stop();
    }
  });
});
