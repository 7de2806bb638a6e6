// The chain worker's own `/metrics` (issue 50), read from the worker started as `npm run start:worker` starts it: a
// separate process with METRICS_PORT, METRICS_HOST and METRICS_TOKEN. After one relayed action is chained it shows
// the queue depth, the chain head and the watcher's lag, the relayer's balance and nonces, and the actions by
// status; only with the token (a missing or wrong one: 401), and nothing but `/metrics` on that port.
//
// PostgreSQL pass only (TEST_DATABASE=postgres): the worker is a separate process, which needs a database server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchAfterCommit } from '@cr/core/chain/chain-outbox';
import { freePort } from '@cr/core/net/free-port';
import { openChainQueues, type ChainQueues } from '@cr/core/queues/chain-queues';
import { testConfig } from '../../api/test/test-config';
import { nodeEntryArgs } from '../../scripts/src/cluster/node-entry';
import { RELAYER_KEY, startWorkerTestEnv, testWorkerEnv, type WorkerTestEnv } from './test-worker-env';
import { metricSample, metricSamples } from '@cr/core/metrics/exposition-samples';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
const relayer = new Wallet(RELAYER_KEY!).address.toLowerCase();

describe.runIf(testConfig.TEST_DATABASE === 'postgres')('the worker’s metrics port', () => {
  let env: WorkerTestEnv;
  let queues: ChainQueues;
  let child: ChildProcess | null = null;
  let out = '';
  let url: string;

  beforeAll(async () => {
    env = await startWorkerTestEnv();
    const port = await freePort();
    const workerEnv = {
      ...testWorkerEnv(env.anvil.rpcUrl, testConfig.REDIS_URL, {
        DATABASE_URL: env.databaseUrl!,
        QUEUE_PREFIX: env.config.QUEUE_PREFIX,
        LOG_LEVEL: 'info',
      }),
      METRICS_PORT: String(port),
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
    };
    child = spawn(process.execPath, await nodeEntryArgs('chain-worker/src/main-worker.ts'), {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...workerEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const served = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the worker did not serve its metrics:\n${out}`)),
        60_000,
      );
      const onData = (c: Buffer) => {
        out = (out + c.toString()).slice(-8000);
        const line = out
          .split('\n')
          .slice(0, -1)
          .find((l) => l.includes('"msg":"metrics served"'));
        if (line) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      child!.once('exit', (code) => reject(new Error(`the worker exited (${code}):\n${out}`)));
    });
    url = served;
    queues = openChainQueues(env.redis, env.config.QUEUE_PREFIX);
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await queues?.close();
    await env?.stop();
  });

  const read = (headers: Record<string, string> = {}) => fetch(url, { headers });

  it('answers only the bearer token, on /metrics only', async () => {
    expect(url).toBe(`http://127.0.0.1:${new URL(url).port}/metrics`);
    const none = await read();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await read({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await read({ authorization: TOKEN })).status).toBe(401);
    const ok = await read({ authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    expect((await fetch(url.replace('/metrics', '/api/health/live'))).status).toBe(404);
  });

  it('shows the queues, the chain head and lag, the relayer and the actions after one relayed action', async () => {
    const action = await env.relay(`metrics-${randomBytes(4).toString('hex')}`, { enqueue: false });
    const dispatched = await dispatchAfterCommit(queues, action);
    expect(dispatched.enqueued).toBe(true);
    await env.waitForStatus(action.id, ['chained'], 60_000);

    // The gauges are read when scraped, a shared reading at most every few seconds: wait for one after the chain.
    let text: string;
    const deadline = Date.now() + 30_000;
    for (;;) {
      text = await (await read({ authorization: `Bearer ${TOKEN}` })).text();
      const chained = metricSamples(text, 'cr_chain_actions').find((s) => s.labels.status === 'chained');
      if (chained?.value === 1) break;
      if (Date.now() > deadline) throw new Error(`no chained action in /metrics:\n${text.slice(0, 2000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const head = await env.provider.getBlockNumber();

    // Queue depth per queue and state: the submit queue is there, with nothing waiting now.
    const submitQueue = metricSamples(text, 'cr_queue_jobs').filter((s) =>
      s.labels.queue?.includes('submit'),
    );
    expect(submitQueue.map((s) => s.labels.state).sort()).toEqual(['active', 'delayed', 'failed', 'waiting']);
    expect(submitQueue.find((s) => s.labels.state === 'waiting')!.value).toBe(0);
    expect(metricSamples(text, 'cr_queue_oldest_waiting_seconds').length).toBeGreaterThan(0);

    // The chain head as the node and the watcher see it, and the lag between them.
    const nodeHead = metricSample(text, 'cr_chain_head_block', { source: 'node' });
    expect(nodeHead).toBeGreaterThan(0);
    expect(nodeHead).toBeLessThanOrEqual(head);
    expect(metricSample(text, 'cr_chain_head_block', { source: 'watcher' })).toBeGreaterThan(0);
    const lag = metricSample(text, 'cr_chain_head_lag_blocks');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(20);
    expect(metricSample(text, 'cr_ops_read_ok', { part: 'chain' })).toBe(1);

    // The relayer: its balance (anvil's 10,000) and its nonces, one transaction sent.
    const balance = metricSample(text, 'cr_relayer_balance_ela', { address: relayer });
    expect(balance).toBeGreaterThan(9_000);
    expect(balance).toBeLessThanOrEqual(10_000);
    const nonce = await env.provider.getTransactionCount(relayer, 'pending');
    expect(metricSample(text, 'cr_relayer_nonce', { address: relayer, kind: 'pending' })).toBe(nonce);
    expect(
      metricSample(text, 'cr_relayer_nonce', { address: relayer, kind: 'latest' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metricSample(text, 'cr_ops_read_ok', { part: 'relayers' })).toBe(1);
  });
});
