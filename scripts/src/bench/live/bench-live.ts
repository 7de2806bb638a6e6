// `npm run bench:live [-- --clients N | --sweep] [--signed-in 0.05] [--no-kill] [--report FILE]`: N people watching
// a council vote (default 10,000; --sweep: 1,000, 5,000 and 10,000 in turn). On this machine: 2 api instances
// behind the round-robin proxy (its own process), socket.io with the Redis adapter, 2 chain workers, PostgreSQL,
// Redis, anvil and the EID simulator. Load-generator processes open N socket.io clients through the proxy, each
// joining the rooms a proposal page joins (a share signed in, with real sessions). Then the dev council's twelve
// wallets post relayed votes on the proposal (wallet signature → api → chain worker → anvil → confirmation → live
// event), first with both apis up, then after api-1 is SIGKILLed: its watchers reconnect to api-2 and catch up from
// the room's log. It reports connections per second, each api's memory per connection, CPU per process, the
// fan-out latency from a vote's confirmation to its arrival at the clients, and events lost per client. Bounded:
// each size runs for about a minute and a half, then everything it started stops (docs/live-updates.md).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { loadApiConfig } from '@cr/api/config/api-config';
import { openDatabase, type Db } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { issueToken } from '@cr/api/modules/session/session.service';
import { startEidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { devEidDir } from '@cr/did/dev-endpoints';
import { startDevChain } from '../../stack/dev-chain';
import { provideRedis } from '../../stack/redis-service';
import { prepareDevAccounts, repoRoot } from '../../stack/stack';
import { startNode, type ClusterNode } from '../../cluster/cluster-nodes';
import {
  councilPhones,
  registerProposal,
  runRelayedVotes,
  type VoteRunResult,
} from '../../cluster/cluster-votes';
import type { ClientSpec, ClientsReport, FromClients, ToClients } from './live-clients';
import { cpuOf, Histogram, quantileOf, rssKb } from './live-stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const QUEUE_PREFIX = 'cr-bench-live';
/** File descriptors: each watcher holds 4 sockets on this machine (client, proxy ×2, api). */
const NOFILE = 100_000;
/**
 * The proxy runs as this many processes (each round robin over both apis; the watchers alternate between them):
 * at 10,000 watchers one process would hold 20,000 sockets, past a common descriptor limit of 20,000.
 */
const PROXIES = 2;
/** How long after the votes the bench waits for the killed api's watchers to be back, at most. */
const REJOIN_WAIT_MS = 120_000;

interface Args {
  sizes: number[];
  signedIn: number;
  kill: boolean;
  steadySeconds: number;
  afterSeconds: number;
  clientsPerProcess: number;
  report: string;
}

function parseArgs(argv: string[]): Args {
  const out: Args = {
    sizes: [10_000],
    signedIn: 0.05,
    kill: true,
    steadySeconds: 15,
    afterSeconds: 20,
    clientsPerProcess: 2500,
    report: '',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v < 0) throw new Error(`${a} takes a number`);
      return v;
    };
    if (a === '--clients') out.sizes = [Math.round(num())];
    else if (a === '--sweep') out.sizes = [1000, 5000, 10_000];
    else if (a === '--signed-in') out.signedIn = num();
    else if (a === '--no-kill') out.kill = false;
    else if (a === '--steady-seconds') out.steadySeconds = num();
    else if (a === '--after-seconds') out.afterSeconds = num();
    else if (a === '--clients-per-process') out.clientsPerProcess = Math.max(1, Math.round(num()));
    else if (a === '--report') out.report = argv[++i] ?? '';
    else
      throw new Error(
        `Unknown argument ${a} (use --clients N, --sweep, --signed-in SHARE, --no-kill, --steady-seconds S, --after-seconds S, --clients-per-process N, --report FILE)`,
      );
  }
  if (out.sizes.some((n) => n < 1 || n > 20_000)) throw new Error('--clients takes 1 … 20,000');
  return out;
}

/**
 * 10,000 watchers need ~40,000 descriptors on one machine: the run starts itself again under a shell that raised
 * `ulimit -n` (as far as the hard limit allows, or beyond it for root); every child inherits it.
 */
function relaunchWithFileLimit(): boolean {
  if (process.env.BENCH_LIVE_NOFILE === '1') return false;
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n ${NOFILE} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"`,
      'bench-live',
      process.execPath,
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_LIVE_NOFILE: '1' } },
  );
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}

/**
 * DATABASE_URL, or a new database `cr_bench_live` on the machine's PostgreSQL. The bench's own database is made
 * afresh at each run, as its chain is: one left by an earlier run holds accounts bound to that run's wallets, and
 * every signature of this run's wallets would be refused as another DID's (`did.signer_mismatch`).
 */
async function benchDatabaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`drop database if exists cr_bench_live with (force)`);
  await admin.query(`create database cr_bench_live`);
  await admin.end();
  return 'postgres://postgres@127.0.0.1:5432/cr_bench_live';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An api's error lines (pino level 50 and above) on the bench's stderr, with the instance's name. */
const echoErrors = (name: string) => (line: string) => {
  if (/"level":(5|6)\d/.test(line)) console.error(`  [${name}] ${line.slice(0, 4000)}`);
};
const ownPid = process.pid;

/** Sessions of the dev accounts (council, secretary, admin, member), one per signed-in watcher, as a sign-in issues. */
async function memberSessions(db: Db, count: number): Promise<ClientSpec['member'][]> {
  const names = [
    ...Array.from({ length: 12 }, (_, i) => `council-${String(i + 1).padStart(2, '0')}`),
    'secretary',
    'admin',
    'member',
  ];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.username, names));
  if (rows.length === 0) throw new Error('no dev accounts to sign in with');
  const out: ClientSpec['member'][] = [];
  for (let i = 0; i < count; i++) {
    const user = rows[i % rows.length]!;
    out.push({ userId: user.id, token: (await issueToken(db, user.id, 'did')).token });
  }
  return out;
}

interface Proc {
  child: ChildProcess;
  messages: FromClients[];
  wait<T extends FromClients['type']>(
    type: T,
    match?: (m: Extract<FromClients, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<FromClients, { type: T }>>;
}

function forkClients(): Promise<Proc> {
  const child = fork(path.join(here, 'live-clients.ts'), [], {
    execArgv: ['--import', 'tsx', '--max-old-space-size=2048'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: FromClients[] = [];
  const waiters = new Set<() => void>();
  child.on('message', (m: FromClients | { type: 'ready' }) => {
    if (m.type === 'ready') return;
    messages.push(m);
    if (m.type === 'error') console.error(`  load generator ${child.pid}: ${m.message}`);
    for (const w of [...waiters]) w();
  });
  const proc: Proc = {
    child,
    messages,
    wait(type, match = () => true, timeoutMs = 600_000) {
      return new Promise((resolve, reject) => {
        // Each wait removes its own exit listener when it ends (the rejoin loop waits once a second).
        const onExit = () => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`load generator ${child.pid} exited`));
        };
        const check = () => {
          const found = messages.find(
            (m): m is Extract<FromClients, { type: typeof type }> => m.type === type && match(m as never),
          );
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            child.off('exit', onExit);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          child.off('exit', onExit);
          reject(new Error(`load generator ${child.pid}: no '${type}' within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        child.once('exit', onExit);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(proc));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator exited (${code}) before it was ready`)));
  });
}

function startProxy(
  port: number,
  ports: number[],
): Promise<{ child: ChildProcess; url: string; counts(): Promise<number[]> }> {
  const child = fork(path.join(here, 'live-proxy.ts'), [port, ...ports].map(String), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`proxy exited (${code})`)));
    child.once('message', (m: { port: number }) =>
      resolve({
        child,
        url: `http://127.0.0.1:${m.port}`,
        counts: () =>
          new Promise((res) => {
            const on = (msg: { type: string; counts?: number[] }) => {
              if (msg.type !== 'counts') return;
              child.off('message', on);
              res(msg.counts!);
            };
            child.on('message', on);
            child.send({ type: 'counts' });
          }),
      }),
    );
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  if (child.connected) child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

interface SizeResult {
  clients: number;
  joined: number;
  failed: number;
  connectSeconds: number;
  perApi: {
    name: string;
    connections: number;
    rssBeforeKb: number;
    rssAfterKb: number;
    kbPerConnection: number;
  }[];
  cpu: Record<'connect' | 'votes', Record<string, number>>;
  phaseSeconds: Record<'connect' | 'votes', number>;
  fanout: Record<'steady' | 'after-kill' | 'calm-after-kill', Histogram>;
  lastClient: Record<'steady' | 'after-kill', number[]>;
  busFanout: Record<'steady' | 'after-kill' | 'calm-after-kill', Histogram>;
  busLastClient: Record<'steady' | 'after-kill', number[]>;
  votesAll: Record<'steady' | 'after-kill', { votes: number; everyClient: number }>;
  events: number;
  missing: number;
  clientsMissing: number;
  duplicates: number;
  caughtUp: number;
  incompleteCatchUps: number;
  disconnected: number;
  rejoined: number;
  onKilledApi: number;
  rejoin: Histogram;
  votes: VoteRunResult[];
  killed: boolean;
  /** The machine's 1-minute load average at the start and the end of the size's run. */
  load: number[];
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (relaunchWithFileLimit()) return;
  const log = (line: string) => console.log(`  ${line}`);
  const nofile = Number(
    fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? 0,
  );
  // The process holding the most: a proxy process (2 per watcher of its share) or api-2 after the kill.
  const needed = Math.ceil((Math.max(...args.sizes) * 2) / PROXIES) + 500;
  if (nofile < needed) log(`warning: ulimit -n is ${nofile}; a proxy process needs ${needed} descriptors`);

  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data', 'bench-live'));
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = await benchDatabaseUrl();
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (err) {
        console.error(`  stopping: ${(err as Error).message}`);
      }
    }
  };
  const children = new Set<ChildProcess>();
  process.once('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
  const onSignal = () => {
    console.log('\nStopping…');
    void stopAll().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const results: SizeResult[] = [];
  try {
    const redis = await provideRedis({ redisUrl: process.env.REDIS_URL || undefined, dataDir });
    stops.push(redis.stop);
    const eid = await startEidSimulator({ dataDir: devEidDir(dataDir) });
    stops.push(() => eid.stop());
    // A voting window of 600 blocks (10 minutes) outlasts each size's votes; each size votes on a new proposal.
    const chain = await startDevChain({ dataDir, eidUrl: eid.url, votingPeriodBlocks: 600, log });
    stops.push(chain.stop);
    const common: Record<string, string> = {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX,
      DATA_DIR: dataDir,
      EID_RESOLVER_URL: eid.url,
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      VOTING_PERIOD_BLOCKS: String(chain.votingPeriodBlocks),
      COUNCIL_ADDRESS: chain.addresses.council,
      GOVERNANCE_ADDRESS: chain.addresses.governance,
      TREASURY_ADDRESS: chain.addresses.treasury,
      CONTRACTS_FROM_BLOCK: String(chain.deployBlock),
      RELAY_BATCH_ADDRESS: chain.relayBatchAddress,
    };
    const nodes: ClusterNode[] = [];
    stops.push(async () => {
      await Promise.all(nodes.map((n) => n.stop()));
    });
    // The proxy's address is the public one (wallet callbacks go through it); fixed before the apis start.
    const apiEnv = (proxyPort: number) => ({
      ...common,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      WALLET_REQUEST_LIMIT: '0',
    });
    // The worker says it started at level info (cluster-nodes waits for that line).
    const workerEnv = { ...common, RELAYER_PRIVATE_KEY: chain.relayerKey, LOG_LEVEL: 'info' };

    // The first api migrates the database, then the dev accounts are made; then the workers.
    const migrator = await startNode({ kind: 'api', name: 'api-0', env: apiEnv(1) });
    const database = await openDatabase({ databaseUrl, pgliteDir: '' });
    stops.push(() => database.close());
    await prepareDevAccounts(
      database.db,
      chain,
      loadApiConfig({ ...apiEnv(1), PORT: String(migrator.port) }),
      eid.url,
      log,
    );
    await migrator.stop();
    const workers = await Promise.all([
      startNode({ kind: 'worker', name: 'worker-1', env: workerEnv }),
      startNode({ kind: 'worker', name: 'worker-2', env: workerEnv }),
    ]);
    nodes.push(...workers);
    const redisInfo = await connectRedis(redis.url);
    stops.push(async () => {
      redisInfo.disconnect();
    });
    const redisPid = Number(/process_id:(\d+)/.exec(await redisInfo.info('server'))?.[1] ?? 0);
    const phones = await councilPhones(
      database.db,
      chain.council.map((w) => w.name),
    );
    const wallets = { walletDir: path.join(dataDir, 'wallets'), resolverUrl: eid.url };
    const dids = new Map(chain.council.map((w) => [w.name, w.did]));

    for (const n of args.sizes) {
      log(`— ${n.toLocaleString('en')} watchers —`);
      // Two fresh apis behind a fresh proxy: the proxy's port first (the apis' public address names it).
      const { freePort } = await import('@cr/core/net/free-port');
      const proxyPortHint = await freePort();
      const apis = await Promise.all(
        ['api-1', 'api-2'].map((name) =>
          startNode({ kind: 'api', name, env: apiEnv(proxyPortHint), echo: echoErrors(name) }),
        ),
      );
      nodes.push(...apis);
      const proxies = await Promise.all(
        Array.from({ length: PROXIES }, async (_, i) =>
          startProxy(
            i === 0 ? proxyPortHint : await freePort(),
            apis.map((a) => a.port!),
          ),
        ),
      );
      for (const p of proxies) children.add(p.child);
      const proxy = proxies[0]!;
      const proxyCounts = async () => {
        const each = await Promise.all(proxies.map((p) => p.counts()));
        return apis.map((_, i) => each.reduce((sum, c) => sum + c[i]!, 0));
      };
      log(
        `api-1 ${apis[0]!.url}, api-2 ${apis[1]!.url} behind the proxy ${proxies.map((p) => p.url).join(' and ')}`,
      );
      const proposal = await registerProposal(proxy.url, phones[0]!, wallets);
      const room = `proposal:${proposal._id}`;
      log(`proposal #${proposal.number} registered; its page's room ${room}`);

      const loadAtStart = os.loadavg()[0]!;
      const signedIn = Math.round(n * args.signedIn);
      const members = await memberSessions(database.db, signedIn);
      const specs: ClientSpec[] = Array.from({ length: n }, (_, i) => ({
        member: i % Math.max(1, Math.round(n / Math.max(1, signedIn))) === 0 ? (members.pop() ?? null) : null,
      }));
      const processes = Math.max(1, Math.ceil(n / args.clientsPerProcess));
      const gens = await Promise.all(Array.from({ length: processes }, () => forkClients()));
      for (const g of gens) children.add(g.child);
      await sleep(2000);
      const apiPids = Object.fromEntries(apis.map((a) => [a.name, a.process.pid!]));
      const pids: Record<string, number> = {
        ...apiPids,
        'worker-1': workers[0]!.process.pid!,
        'worker-2': workers[1]!.process.pid!,
        ...Object.fromEntries(proxies.map((p, i) => [`proxy ${i + 1}`, p.child.pid!])),
        redis: redisPid,
        'bench (votes)': ownPid,
        ...Object.fromEntries(gens.map((g, i) => [`load generator ${i + 1}`, g.child.pid!])),
      };
      const rssBefore = apis.map((a) => rssKb(a.process.pid!) ?? NaN);
      const countsBefore = await proxyCounts();
      const cpu0 = cpuOf(pids);
      const t0 = performance.now();
      gens.forEach((g, k) => {
        const share = specs.filter((_, i) => i % processes === k);
        const msg: ToClients = {
          type: 'start',
          urls: proxies.map((p) => p.url),
          proposalRoom: room,
          specs: share,
          inFlight: 100,
        };
        g.child.send(msg);
      });
      const joinedAll = await Promise.all(
        gens.map((g, k) =>
          g.wait('joined', (m) => m.count + m.failed >= specs.filter((_, i) => i % processes === k).length),
        ),
      );
      const connectSeconds = (performance.now() - t0) / 1000;
      const cpu1 = cpuOf(pids);
      const joined = joinedAll.reduce((s, m) => s + m.count, 0);
      const failed = joinedAll.reduce((s, m) => s + m.failed, 0);
      log(`${joined} joined (${failed} failed) in ${connectSeconds.toFixed(1)} s`);
      const countsAfter = await proxyCounts();
      await sleep(3000);
      const rssAfter = apis.map((a) => rssKb(a.process.pid!) ?? NaN);
      const perApi = apis.map((a, i) => {
        const connections = countsAfter[i]! - countsBefore[i]!;
        return {
          name: a.name,
          connections,
          rssBeforeKb: rssBefore[i]!,
          rssAfterKb: rssAfter[i]!,
          kbPerConnection: (rssAfter[i]! - rssBefore[i]!) / Math.max(1, connections),
        };
      });

      // The truth: every event published to the proposal's room from now on, and when, read from the bus itself.
      const clock = fork(path.join(here, 'live-bus-clock.ts'), [redis.url, room], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.add(clock);
      await new Promise<void>((resolve, reject) => {
        clock.once('message', () => resolve());
        clock.once('exit', (code) => reject(new Error(`the bus clock exited (${code})`)));
      });

      const voteRuns: VoteRunResult[] = [];
      const t1 = performance.now();
      const steadyEnd = Date.now() + args.steadySeconds * 1000;
      log(`relayed votes for ${args.steadySeconds} s with both apis up…`);
      voteRuns.push(
        await runRelayedVotes({
          baseUrl: proxy.url,
          proposal,
          phones,
          dids,
          wallets,
          until: () => Date.now() > steadyEnd,
        }),
      );
      await sleep(1500);
      for (const g of gens) g.child.send({ type: 'phase', phase: 'after-kill' } satisfies ToClients);
      if (args.kill) {
        log(`SIGKILL api-1 (${perApi[0]!.connections} watchers); votes for ${args.afterSeconds} s more…`);
        await apis[0]!.kill('SIGKILL');
      } else log(`votes for ${args.afterSeconds} s more…`);
      const afterEnd = Date.now() + args.afterSeconds * 1000;
      voteRuns.push(
        await runRelayedVotes({
          baseUrl: proxy.url,
          proposal,
          phones,
          dids,
          wallets,
          until: () => Date.now() > afterEnd,
        }),
      );
      // Every watcher of the killed api back (bounded), then the last confirmations' pushes.
      const backBy = Date.now() + REJOIN_WAIT_MS;
      let away = Infinity;
      while (away > 0 && Date.now() < backBy) {
        const answers = await Promise.all(
          gens.map(async (g) => {
            const asked = Date.now();
            g.child.send({ type: 'away' } satisfies ToClients);
            return g.wait('away', (m) => m.at >= asked);
          }),
        );
        away = answers.reduce((sum, m) => sum + m.away, 0);
        if (away > 0) await sleep(1000);
      }
      if (away > 0) log(`${away} watchers still away after ${REJOIN_WAIT_MS / 1000} s more`);
      await sleep(3000);
      const votesSeconds = (performance.now() - t1) / 1000;
      const cpu2 = cpuOf(pids);
      const bus = await new Promise<{ seqs: number[]; at: Record<number, number> }>((resolve) => {
        clock.once('message', (m: { seqs: number[]; at: Record<number, number> }) => resolve(m));
        clock.send({ type: 'report' });
      });
      const truth = bus.seqs;

      const reports = await Promise.all(
        gens.map(async (g) => {
          g.child.send({ type: 'report', truth, busAt: bus.at } satisfies ToClients);
          return (await g.wait('report')) as ClientsReport;
        }),
      );
      const result = summarize(n, reports, truth.length);
      results.push({
        ...result,
        joined,
        failed,
        connectSeconds,
        perApi,
        cpu: { connect: diff(cpu0, cpu1), votes: diff(cpu1, cpu2) },
        phaseSeconds: { connect: connectSeconds, votes: votesSeconds },
        votes: voteRuns,
        killed: args.kill,
        load: [loadAtStart, os.loadavg()[0]!],
        onKilledApi: perApi[0]!.connections,
      });
      for (const line of formatSize(results.at(-1)!)) say(line);

      await Promise.all(gens.map((g) => stopChild(g.child)));
      for (const p of proxies) await stopChild(p.child);
      for (const a of apis) {
        await a.stop();
        nodes.splice(nodes.indexOf(a), 1);
      }
    }
    const lines = formatTable(results, args);
    for (const line of lines) say(line);
    if (args.report) {
      fs.writeFileSync(args.report, report.join('\n') + '\n');
      console.log(`report saved to ${args.report}`);
    }
    await stopAll();
    const clean = results.every((r) => r.missing === 0 && r.failed === 0 && r.duplicates === 0);
    process.exit(clean ? 0 : 1);
  } catch (err) {
    console.error(err);
    await stopAll();
    process.exit(1);
  }
}

const report: string[] = [];
function say(line: string) {
  console.log(line);
  report.push(line);
}

function diff(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(b).map((k) => [k, b[k]! - a[k]!]));
}

function summarize(n: number, reports: ClientsReport[], events: number) {
  const fanout = {
    steady: new Histogram(),
    'after-kill': new Histogram(),
    'calm-after-kill': new Histogram(),
  };
  const busFanout = {
    steady: new Histogram(),
    'after-kill': new Histogram(),
    'calm-after-kill': new Histogram(),
  };
  const busByVote = new Map<string, { lastMs: number; clients: number; phase: 'steady' | 'after-kill' }>();
  const rejoin = new Histogram();
  const byVote = new Map<string, { lastMs: number; clients: number; phase: 'steady' | 'after-kill' }>();
  let missing = 0;
  let clientsMissing = 0;
  let duplicates = 0;
  let caughtUp = 0;
  let incompleteCatchUps = 0;
  let disconnected = 0;
  let rejoined = 0;
  for (const r of reports) {
    fanout.steady.merge(r.fanout.steady);
    fanout['after-kill'].merge(r.fanout['after-kill']);
    fanout['calm-after-kill'].merge(r.fanout['calm-after-kill']);
    rejoin.merge(r.rejoin);
    busFanout.steady.merge(r.busFanout.steady);
    busFanout['after-kill'].merge(r.busFanout['after-kill']);
    busFanout['calm-after-kill'].merge(r.busFanout['calm-after-kill']);
    for (const [seq, v] of Object.entries(r.busVotes)) {
      const cur = busByVote.get(seq) ?? { lastMs: 0, clients: 0, phase: v.phase };
      cur.lastMs = Math.max(cur.lastMs, v.lastMs);
      cur.clients += v.clients;
      busByVote.set(seq, cur);
    }
    for (const [id, v] of Object.entries(r.votes)) {
      const cur = byVote.get(id) ?? { lastMs: 0, clients: 0, phase: v.phase };
      cur.lastMs = Math.max(cur.lastMs, v.lastMs);
      cur.clients += v.clients;
      if (v.phase === 'steady') cur.phase = 'steady';
      byVote.set(id, cur);
    }
    missing += r.missing;
    clientsMissing += r.clientsMissing;
    duplicates += r.duplicates;
    caughtUp += r.caughtUp;
    incompleteCatchUps += r.incompleteCatchUps;
    disconnected += r.disconnected;
    rejoined += r.rejoined;
  }
  const lastClient = { steady: [] as number[], 'after-kill': [] as number[] };
  const votesAll = { steady: { votes: 0, everyClient: 0 }, 'after-kill': { votes: 0, everyClient: 0 } };
  for (const v of byVote.values()) {
    votesAll[v.phase].votes++;
    if (v.clients >= n) {
      votesAll[v.phase].everyClient++;
      lastClient[v.phase].push(v.lastMs);
    }
  }
  const busLastClient = { steady: [] as number[], 'after-kill': [] as number[] };
  for (const v of busByVote.values()) if (v.clients >= n) busLastClient[v.phase].push(v.lastMs);
  busLastClient.steady.sort((a, b) => a - b);
  busLastClient['after-kill'].sort((a, b) => a - b);
  lastClient.steady.sort((a, b) => a - b);
  lastClient['after-kill'].sort((a, b) => a - b);
  return {
    clients: n,
    fanout,
    lastClient,
    busFanout,
    busLastClient,
    votesAll,
    events,
    missing,
    clientsMissing,
    duplicates,
    caughtUp,
    incompleteCatchUps,
    disconnected,
    rejoined,
    rejoin,
  };
}

const ms = (v: number | null) => (v === null ? '–' : `${v}`);
const q3 = (h: Histogram) => `${ms(h.quantile(0.5))} / ${ms(h.quantile(0.95))} / ${ms(h.quantile(0.99))}`;
const q3s = (xs: number[]) =>
  `${ms(quantileOf(xs, 0.5))} / ${ms(quantileOf(xs, 0.95))} / ${ms(quantileOf(xs, 0.99))}`;
const pct = (cpuMs: number, seconds: number) => `${((cpuMs / 1000 / seconds) * 100).toFixed(0)} %`;

function formatSize(r: SizeResult): string[] {
  const out = [
    `${r.clients.toLocaleString('en')} watchers: ${r.joined} joined, ${r.failed} failed, in ${r.connectSeconds.toFixed(1)} s (${(r.joined / r.connectSeconds).toFixed(0)} connections/s)`,
  ];
  out.push(
    `  machine load average (1 min) ${r.load.map((x) => x.toFixed(1)).join(' → ')} over the run, on ${os.cpus().length} cores shared with other work`,
  );
  for (const a of r.perApi)
    out.push(
      `  ${a.name}: ${a.connections} connections, RSS ${(a.rssBeforeKb / 1024).toFixed(0)} → ${(a.rssAfterKb / 1024).toFixed(0)} MB, ${a.kbPerConnection.toFixed(1)} KB per connection`,
    );
  for (const phase of ['connect', 'votes'] as const)
    out.push(
      `  CPU while ${phase === 'connect' ? 'connecting' : 'voting'} (${r.phaseSeconds[phase].toFixed(0)} s, share of one core): ` +
        Object.entries(r.cpu[phase])
          .filter(([, v]) => Number.isFinite(v))
          .map(([k, v]) => `${k} ${pct(v, r.phaseSeconds[phase])}`)
          .join(', '),
    );
  const posted = r.votes.map(
    (v) =>
      `${v.posted} posted / ${v.chained} chained / ${v.stuck} stuck / ${v.errors.length} errors` +
      (v.errors.length ? ` (${[...new Set(v.errors)].slice(0, 2).join('; ')})` : ''),
  );
  out.push(`  relayed votes: both apis up ${posted[0]}; after the kill ${posted[1]}`);
  out.push(
    `  fan-out, confirmation → each client, p50 / p95 / p99 ms: both apis up ${q3(r.fanout.steady)} (${r.fanout.steady.count} deliveries); after the kill ${q3(r.fanout['after-kill'])}; after the kill, clients that never lost their connection ${q3(r.fanout['calm-after-kill'])}`,
  );
  out.push(
    `  fan-out, confirmation → last client of each vote, p50 / p95 / p99 ms: both apis up ${q3s(r.lastClient.steady)} (${r.votesAll.steady.everyClient} of ${r.votesAll.steady.votes} votes live at every client); after the kill ${q3s(r.lastClient['after-kill'])} (${r.votesAll['after-kill'].everyClient} of ${r.votesAll['after-kill'].votes})`,
  );
  out.push(
    `  fan-out, bus → each client, p50 / p95 / p99 ms: both apis up ${q3(r.busFanout.steady)}; after the kill ${q3(r.busFanout['after-kill'])}; after the kill, calm clients ${q3(r.busFanout['calm-after-kill'])}`,
  );
  out.push(
    `  fan-out, bus → last client of each vote, p50 / p95 / p99 ms: both apis up ${q3s(r.busLastClient.steady)}; after the kill ${q3s(r.busLastClient['after-kill'])}`,
  );
  out.push(
    `  events of the room: ${r.events}; lost ${r.missing} (${r.clientsMissing} clients missing any), taken twice ${r.duplicates}`,
  );
  if (r.killed)
    out.push(
      `  kill: ${r.onKilledApi} watchers on api-1; ${r.disconnected} lost their connection, ${r.rejoined} rejoined api-2 (p50 / p95 / max ${ms(r.rejoin.quantile(0.5))} / ${ms(r.rejoin.quantile(0.95))} / ${ms(r.rejoin.quantile(1))} ms), ${r.caughtUp} events caught up from the room's log, ${r.incompleteCatchUps} incomplete catch-ups`,
    );
  return out;
}

function formatTable(results: SizeResult[], args: Args): string[] {
  const out = [
    '',
    `bench:live on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), ${Math.round(args.signedIn * 100)} % signed in, ${new Date().toISOString()}`,
    'latencies in ms, p50 / p95 / p99; "confirmation": the vote\'s chain action marked chained by the worker (updated_at); "bus": the event published on Redis',
    '',
    '| watchers | connections/s | api memory per connection (api-1 / api-2) | confirmation → last client of each vote | bus → last client of each vote | confirmation → each client | lost | kill: disconnected / rejoined / caught up / incomplete | after the kill, clients of api-2: confirmation → each |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const all = new Histogram();
    all.merge(r.fanout.steady.data());
    all.merge(r.fanout['after-kill'].data());
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const last = sorted([...r.lastClient.steady, ...r.lastClient['after-kill']]);
    const busLast = sorted([...r.busLastClient.steady, ...r.busLastClient['after-kill']]);
    out.push(
      `| ${r.clients.toLocaleString('en')} | ${(r.joined / r.connectSeconds).toFixed(0)} | ${r.perApi.map((a) => `${a.kbPerConnection.toFixed(1)} KB`).join(' / ')} | ${q3s(last)} | ${q3s(busLast)} | ${q3(all)} | ${r.missing} | ${r.killed ? `${r.disconnected} / ${r.rejoined} / ${r.caughtUp} / ${r.incompleteCatchUps}` : '–'} | ${q3(r.fanout['calm-after-kill'])} |`,
    );
  }
  return out;
}

void main();
