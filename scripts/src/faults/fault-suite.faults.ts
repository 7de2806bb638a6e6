// FAULT SUITE (`npm run test:faults`, about 5–10 minutes on a busy two-core machine; not part of `npm test`).
//
// 200 relayed actions, all real wallet-signed actions through the api (20 proposal registrations by council
// members, then 180 council votes: 9 members on each proposal), while, at seeded random moments of a fault window:
//   (a) each of the TWO worker processes (`npm run start:worker`) is SIGKILLed 10 times and started again,
//   (b) Redis is restarted twice (a redis-server of the suite, no persistence: every queued job is lost),
//   (c) the RPC refuses connections for 10 s (a TCP proxy between the workers and anvil; the node keeps mining),
//   (d) anvil reorganises its last 2 blocks once (`anvil_reorg`, under CONFIRMATIONS = 4).
// Afterwards the database and the chain must agree: every action chained exactly once (one ProposalRegistered or
// VoteCast event for it, its row `chained` in the block the chain has it in, its vote / proposal projected), none
// lost, none duplicated, none stuck, and the relayer sent exactly 200 transactions. The report prints the counts.
//
// FAULT_SEED replays a run (the same fault moments; the seed is printed first). PostgreSQL only: the workers are
// separate processes (TEST_DATABASE=postgres with DATABASE_URL; `npm run test:faults` sets both).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { parseEnv } from '@cr/core/config/env-parse';
import { chainActions, proposalVotes, proposals } from '@cr/core/db/schema';
import type { VoteChoice } from '@cr/contract/proposal.contract';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import { startProposalEnv, signedSuggestion, type ProposalEnv } from '../../../api/test/proposal-harness';
import { requestWallet } from '../../../api/test/wallet-harness';
import { testConfig } from '../../../api/test/test-config';
import { startTestRedisServer, type TestRedisServer } from '../../../chain-worker/test/test-redis-server';
import { RELAYER_KEY, testWorkerEnv } from '../../../chain-worker/test/test-worker-env';
import { Wallet } from 'ethers';
import { startNode, type ClusterNode } from '../cluster/cluster-nodes';
import { planFaults, type Fault } from './fault-plan';
import { startRefusingProxy, type RefusingProxy } from './refusing-proxy';

const env = parseEnv(
  z.object({
    FAULT_SEED: z.coerce.number().int().min(0).optional(),
    /** Seconds over which the faults (and the stream of actions) are spread. */
    FAULT_WINDOW_S: z.coerce.number().int().min(30).default(150),
  }),
  process.env,
);
const SEED = env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31);
const WINDOW_MS = env.FAULT_WINDOW_S * 1000;
const PROPOSALS = 20;
const VOTERS = 9; // of the 12 seats: 20 registrations + 20 × 9 votes = 200 actions
const ACTIONS = PROPOSALS * (1 + VOTERS);
const WORKERS = 2;
const KILLS_PER_WORKER = 10;
const REDIS_RESTARTS = 2;
const REDIS_DOWN_MS = 2_000;
const RPC_OUTAGE_MS = 10_000;
const REORG_DEPTH = 2;
// Deeper than the reorg, so the replaced blocks hold actions that are mined but not yet `chained`.
const CONFIRMATIONS = 4;
/** How long one step of the stream keeps retrying through the faults before the suite gives up. */
const STEP_DEADLINE_MS = WINDOW_MS + 240_000;
const DRAIN_MS = 300_000;
const CHOICES: VoteChoice[] = ['yes', 'oppose', 'abstain'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

/** Retries `probe` (through refused connections, 5xx, a Redis restart...) until it returns a value. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, deadlineMs = STEP_DEADLINE_MS) {
  const deadline = Date.now() + deadlineMs;
  let last: unknown = null;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what}: gave up (${String(last)})`);
    await sleep(500);
  }
}

/** An action the api accepted: what the chain must then hold exactly once. */
interface Accepted {
  kind: 'register' | 'vote';
  proposalId: string;
  actionId: string;
  /** ProposalRegistered: the draft hash; VoteCast: draft hash, member id and nonce. */
  eventKey: string;
  memberId?: string;
  version?: number;
}

describe.runIf(testConfig.TEST_DATABASE === 'postgres')(
  'fault suite: 200 relayed actions under every fault',
  () => {
    let p: ProposalEnv;
    let redis: TestRedisServer;
    let proxy: RefusingProxy;
    let workerEnv: Record<string, string>;
    const workers: ClusterNode[] = [];
    const suggestions: SuggestionDetail[] = [];

    beforeAll(async () => {
      redis = await startTestRedisServer();
      const prefix = `crfault-${randomBytes(4).toString('hex')}`;
      // The api (in this process) on the suite's Redis; no worker in process: the two workers are children below.
      p = await startProposalEnv({
        votingPeriodBlocks: 10_000,
        blockTime: 0.5,
        inProcessWorkers: false,
        apiEnv: { REDIS_URL: redis.url, QUEUE_PREFIX: prefix },
      });
      proxy = await startRefusingProxy({ host: '127.0.0.1', port: p.anvil.port });
      workerEnv = testWorkerEnv(proxy.url, redis.url, {
        DATABASE_URL: p.t.deps.config.DATABASE_URL!,
        QUEUE_PREFIX: prefix,
        CONFIRMATIONS: String(CONFIRMATIONS),
        COUNCIL_ADDRESS: p.deployment.addresses.council,
        GOVERNANCE_ADDRESS: p.deployment.addresses.governance,
        TREASURY_ADDRESS: p.deployment.addresses.treasury,
        CONTRACTS_FROM_BLOCK: String(p.deployment.deployBlock),
        LOG_LEVEL: 'info',
      });
      // The signed suggestions are not relayed: they are made before the faults start.
      for (let i = 0; i < PROPOSALS; i++)
        suggestions.push(
          await signedSuggestion(p, p.owner, {
            title: `Fault suite ${i}: hardware key support, part ${i + 1}`,
          }),
        );
      for (let w = 0; w < WORKERS; w++) workers.push(await startWorker(w));
    }, 600_000);

    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop()));
      await proxy?.close();
      await p?.stop();
      await redis?.stop();
    });

    /** `npm run start:worker` as a child; tried again when it cannot start (Redis or the RPC is down right now). */
    async function startWorker(w: number): Promise<ClusterNode> {
      return until(
        `start worker-${w + 1}`,
        () => startNode({ kind: 'worker', name: `worker-${w + 1}`, env: workerEnv, startTimeoutMs: 60_000 }),
        120_000,
      );
    }

    const proposalOf = async (suggestionId: string) =>
      (
        await p.t.deps.database.db.select().from(proposals).where(eq(proposals.suggestionId, suggestionId))
      )[0];
    const voteRow = async (proposalId: string, memberId: string) =>
      (
        await p.t.deps.database.db
          .select()
          .from(proposalVotes)
          .where(and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberId, memberId)))
      )[0];

    /** One proposal's part of the stream: a council member makes it (registration relayed), then 9 members vote. */
    async function runLane(i: number, t0: number): Promise<Accepted[]> {
      const laneStart = t0 + i * ((WINDOW_MS * 0.45) / PROPOSALS);
      await sleepUntil(laneStart);
      const s = suggestions[i]!;
      const proposer = p.council[i % p.council.length]!;
      const made = await until(`make proposal ${i}`, async () => {
        const existing = await proposalOf(s._id);
        if (existing?.registerActionId) return existing;
        const req = await requestWallet(p.t, 'make-proposal', proposer.token, s._id);
        if (req.status === 200) await p.approve(req.body.data!.url, proposer.name);
        return undefined; // read back from the database on the next round
      });
      const accepted: Accepted[] = [
        {
          kind: 'register',
          proposalId: made.id,
          actionId: made.registerActionId!,
          eventKey: `register ${made.draftHash}`,
        },
      ];
      // Voting opens once the registration is on chain and indexed (through the faults).
      await until(`proposal ${i} registered`, async () =>
        (await proposalOf(s._id))?.votingEndHeight ? true : undefined,
      );

      const gap = (WINDOW_MS * 0.5) / VOTERS;
      for (let j = 0; j < VOTERS; j++) {
        await sleepUntil(laneStart + (j + 1) * gap);
        const member = p.council[(i + j) % p.council.length]!;
        const choice = CHOICES[(i + j) % CHOICES.length]!;
        const reason = `${member.name} votes ${choice} on proposal ${i}: reviewed the budget and milestones.`;
        // Stored on the page first (retried until the row is there), then posted with the wallet.
        const stored = await until(`vote ${i}/${j} stored`, async () => {
          const res = await p.t.call('PUT', `/proposals/${made.id}/vote`, {
            token: member.token,
            body: { choice, reason },
          });
          if (res.status !== 200) return undefined;
          return (
            await p.t.deps.database.db
              .select()
              .from(proposalVotes)
              .where(and(eq(proposalVotes.proposalId, made.id), eq(proposalVotes.userId, member.user.id)))
          )[0];
        });
        const posted = await until(`vote ${i}/${j} posted`, async () => {
          const row = await voteRow(made.id, stored.memberId);
          if (row?.chainActionId) return row;
          const req = await requestWallet(p.t, 'vote', member.token, made.id);
          if (req.status === 200) await p.approve(req.body.data!.url, member.name);
          return undefined;
        });
        accepted.push({
          kind: 'vote',
          proposalId: made.id,
          actionId: posted.chainActionId!,
          memberId: posted.memberId,
          version: posted.version,
          eventKey: `vote ${made.draftHash} ${posted.memberId} ${posted.version}`,
        });
      }
      return accepted;
    }

    it(
      'ends with every action chained exactly once: none lost, none duplicated, none stuck',
      { timeout: WINDOW_MS + STEP_DEADLINE_MS + DRAIN_MS + 120_000 },
      async () => {
        const plan = planFaults(SEED, {
          windowMs: WINDOW_MS,
          workers: WORKERS,
          killsPerWorker: KILLS_PER_WORKER,
          redisRestarts: REDIS_RESTARTS,
          rpcOutageMs: RPC_OUTAGE_MS,
          reorgDepth: REORG_DEPTH,
        });
        console.log(
          `fault suite: seed ${SEED} (replay: FAULT_SEED=${SEED} npm run test:faults), window ${WINDOW_MS / 1000} s`,
        );
        const stats = {
          kills: workers.map(() => 0),
          restartMs: [] as number[],
          redisRestarts: 0,
          rpcRefusedMs: 0,
          reorg: { depth: 0, replaced: 0, relayedTxs: 0 },
          /** Actions recorded but not yet `chained` when each kind of fault struck (proof the faults hit the flow). */
          inFlight: { kill: [] as number[], redis: [] as number[], rpc: [] as number[] },
        };
        const relayer = new Wallet(RELAYER_KEY).address.toLowerCase();
        const inFlightNow = async () =>
          (
            await p.t.deps.database.db
              .select({ id: chainActions.id })
              .from(chainActions)
              .where(inArray(chainActions.status, ['unchain', 'chaining']))
          ).length;
        /** The relayer's transactions in the last `depth` blocks, and those blocks' hashes. */
        const tipBlocks = async (depth: number) => {
          const tip = await p.provider.getBlockNumber();
          const blocks = await Promise.all(
            Array.from({ length: depth }, (_, k) => p.provider.getBlock(tip - depth + 1 + k, true)),
          );
          const relayed = blocks
            .flatMap((b) => b?.prefetchedTransactions ?? [])
            .filter((tx) => tx.from.toLowerCase() === relayer).length;
          return { heights: blocks.map((b) => b!.number), hashes: blocks.map((b) => b!.hash), relayed };
        };
        const runFault = async (f: Exclude<Fault, { kind: 'kill' }>) => {
          if (f.kind === 'redis-restart') {
            stats.inFlight.redis.push(await inFlightNow());
            await redis.restart(REDIS_DOWN_MS);
            stats.redisRestarts += 1;
          } else if (f.kind === 'rpc-outage') {
            stats.inFlight.rpc.push(await inFlightNow());
            await proxy.refuse(f.ms);
            stats.rpcRefusedMs = proxy.refusedMs;
          } else {
            // A reorg of empty blocks proves nothing (and an empty block re-mined keeps its hash): from the planned
            // moment, wait until the blocks it drops hold relayed transactions. While both workers restart that can
            // take a while (a run found none within 15 s), so up to 2 minutes, checking faster than blocks come.
            let before = await tipBlocks(f.depth);
            for (const giveUp = Date.now() + 120_000; before.relayed === 0 && Date.now() < giveUp;) {
              await sleep(150);
              before = await tipBlocks(f.depth);
            }
            await p.provider.send('anvil_reorg', [f.depth, []]);
            const after = await Promise.all(
              before.heights.map(async (n) => (await p.provider.getBlock(n))?.hash),
            );
            stats.reorg = {
              depth: f.depth,
              replaced: after.filter((h, k) => h !== before.hashes[k]).length,
              relayedTxs: before.relayed,
            };
          }
        };
        const killLoop = async (w: number, t0: number) => {
          let upSince = Date.now();
          const kills = plan.filter((x): x is Extract<Fault, { kind: 'kill' }> => x.kind === 'kill');
          for (const f of kills.filter((x) => x.worker === w)) {
            await sleepUntil(Math.max(t0 + f.at, upSince + f.graceMs));
            stats.inFlight.kill.push(await inFlightNow());
            await workers[w]!.kill('SIGKILL');
            stats.kills[w]! += 1;
            const from = Date.now();
            workers[w] = await startWorker(w);
            upSince = Date.now();
            stats.restartMs.push(upSince - from);
          }
        };

        const t0 = Date.now();
        const faults = Promise.all([
          ...workers.map((_, w) => killLoop(w, t0)),
          ...plan
            .filter((f): f is Exclude<Fault, { kind: 'kill' }> => f.kind !== 'kill')
            .map(async (f) => {
              await sleepUntil(t0 + f.at);
              await runFault(f);
            }),
        ]);
        const accepted = (await Promise.all(suggestions.map((_, i) => runLane(i, t0)))).flat();
        await faults;
        const faultsEnd = Date.now();

        // Drain: no fault any more; every action must reach an end state with the workers as they are.
        const db = p.t.deps.database.db;
        const ids = accepted.map((a) => a.actionId);
        const drainDeadline = Date.now() + DRAIN_MS;
        while (Date.now() < drainDeadline) {
          const rows = await db.select({ status: chainActions.status }).from(chainActions);
          const votes = await db.select({ s: proposalVotes.chainStatus }).from(proposalVotes);
          if (
            rows.every((r) => r.status === 'chained' || r.status === 'failed') &&
            votes.every((v) => v.s === 'chained' || v.s === 'failed')
          )
            break;
          await sleep(1_000);
        }
        const drained = Date.now();

        // What the chain holds: every governance event since the deployment, and the relayer's transaction count.
        const logs = await p.provider.getLogs({
          address: p.deployment.addresses.governance,
          fromBlock: p.deployment.deployBlock!,
          toBlock: 'latest',
        });
        const onChain = new Map<string, number>();
        for (const log of logs) {
          const ev = governanceInterface.parseLog(log);
          const key =
            ev?.name === 'ProposalRegistered'
              ? `register ${ev.args.draftHash}`
              : ev?.name === 'VoteCast'
                ? `vote ${ev.args.draftHash} ${ev.args.memberId} ${ev.args.nonce}`
                : null;
          if (key) onChain.set(key, (onChain.get(key) ?? 0) + 1);
        }
        const relayerTxs = await p.provider.getTransactionCount(new Wallet(RELAYER_KEY).address, 'latest');
        const rows = await db.select().from(chainActions);
        const rowById = new Map(rows.map((r) => [r.id, r]));
        const proposalRows = await db
          .select()
          .from(proposals)
          .where(inArray(proposals.id, [...new Set(accepted.map((a) => a.proposalId))]));
        const voteRows = await db.select().from(proposalVotes);

        const count = { chained: 0, lost: 0, duplicated: 0, stuck: 0, failed: 0, wrongBlock: 0 };
        const problems: string[] = [];
        for (const a of accepted) {
          const row = rowById.get(a.actionId);
          const events = onChain.get(a.eventKey) ?? 0;
          const projected =
            a.kind === 'register'
              ? proposalRows.find((r) => r.id === a.proposalId)?.registerChainStatus
              : voteRows.find((v) => v.proposalId === a.proposalId && v.memberId === a.memberId)?.chainStatus;
          const label = `${a.kind} ${a.actionId} (${row?.status ?? 'no row'}, ${events} events, projected ${projected})`;
          if (!row || (row.status !== 'chained' && row.status !== 'failed') || projected !== row.status) {
            count.stuck += 1;
            problems.push(`stuck: ${label} ${row?.lastError ?? ''}`);
          } else if (events > 1) {
            count.duplicated += 1;
            problems.push(`duplicated: ${label}`);
          } else if (events === 0) {
            count.lost += 1;
            problems.push(`lost: ${label} ${row.failureReason ?? ''}`);
          } else if (row.status === 'failed') {
            count.failed += 1;
            problems.push(`failed although on chain: ${label} ${row.failureReason ?? ''}`);
          } else {
            const receipt = await p.provider.getTransactionReceipt(row.txHash!);
            if (receipt?.status !== 1 || receipt.blockHash !== row.blockHash) {
              count.wrongBlock += 1;
              problems.push(`chained in a block the chain does not have it in: ${label}`);
            } else count.chained += 1;
          }
        }
        // A second chain action for one of these subjects, or a relayer transaction beyond one per action (a
        // duplicate reverts on chain, StaleNonce or AlreadyRegistered, but still uses a nonce), is a duplicate too.
        const extraRows = rows.filter((r) => !ids.includes(r.id));
        const extraTxs = relayerTxs - count.chained;
        if (extraRows.length > 0) problems.push(`chain actions nobody accepted: ${extraRows.length}`);
        count.duplicated += Math.max(0, extraRows.length, extraTxs);

        const s = (ms: number) => `${Math.round(ms / 1000)} s`;
        const report = [
          `fault suite report (seed ${SEED}, ${new Date().toISOString()})`,
          `  actions:         ${accepted.length} relayed (${PROPOSALS} registrations + ${accepted.length - PROPOSALS} votes), wallet-signed through the api`,
          `  worker kills:    ${stats.kills.map((k, w) => `worker-${w + 1} ${k}`).join(', ')} (SIGKILL; restarts took ${s(Math.min(...stats.restartMs))}–${s(Math.max(...stats.restartMs))}; actions in flight at the kills: ${stats.inFlight.kill.join(' ')})`,
          `  redis restarts:  ${stats.redisRestarts} (down ${REDIS_DOWN_MS / 1000} s each, queues lost; in flight: ${stats.inFlight.redis.join(', ')})`,
          `  rpc outage:      ${(stats.rpcRefusedMs / 1000).toFixed(1)} s refusing connections (in flight: ${stats.inFlight.rpc.join(', ')})`,
          `  reorg:           depth ${stats.reorg.depth} (${stats.reorg.replaced} of them changed hash; they held ${stats.reorg.relayedTxs} relayed transactions; CONFIRMATIONS ${CONFIRMATIONS})`,
          `  chain:           ${relayerTxs} relayer transactions, ${logs.length} governance events`,
          `  chained ${count.chained} / lost ${count.lost} / duplicated ${count.duplicated} / stuck ${count.stuck}` +
            ` (failed ${count.failed}, wrong block ${count.wrongBlock})`,
          `  time:            faults ${s(faultsEnd - t0)}, drained ${s(drained - faultsEnd)} later; total ${s(drained - t0)}` +
            ` (${os.cpus().length} cores, load ${os
              .loadavg()
              .map((x) => x.toFixed(1))
              .join(' / ')})`,
        ];
        console.log(report.join('\n'));
        if (problems.length) console.log(problems.slice(0, 40).join('\n'));

        expect(accepted).toHaveLength(ACTIONS);
        expect(stats.kills).toEqual(workers.map(() => KILLS_PER_WORKER));
        expect(stats.redisRestarts).toBe(REDIS_RESTARTS);
        expect(stats.rpcRefusedMs).toBeGreaterThanOrEqual(RPC_OUTAGE_MS);
        // The blocks holding relayed transactions were replaced (an empty one among them may come back the same).
        expect(stats.reorg.depth).toBe(REORG_DEPTH);
        expect(stats.reorg.relayedTxs).toBeGreaterThan(0);
        expect(stats.reorg.replaced).toBeGreaterThan(0);
        expect(problems).toEqual([]);
        expect(count).toEqual({
          chained: ACTIONS,
          lost: 0,
          duplicated: 0,
          stuck: 0,
          failed: 0,
          wrongBlock: 0,
        });
        expect(relayerTxs).toBe(ACTIONS);
      },
    );
  },
);
