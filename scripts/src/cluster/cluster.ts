// `npm run cluster [-- --load [--seconds 60] [--connections 50] [--report file]]`: on one machine, 2 api instances
// behind a small round-robin proxy, 2 chain workers, one PostgreSQL (DATABASE_URL, or database `cr_cluster` on the
// machine's server), one Redis (REDIS_URL, or a redis-server child), anvil with the governance contracts and the
// EID simulator. It then shows that live events reach clients of either api, that a session of one api works on
// the other, and that the block watcher's lock moves to the standby worker when its holder is SIGKILLed.
// Without --load it keeps running until Ctrl-C; with --load it drives a mixed load, prints the report and stops.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { exitOnStartupFailure, stopOnSignals } from '@cr/api/app-composition';
import { loadApiConfig } from '@cr/api/config/api-config';
import { openDatabase } from '@cr/core/db/db-client';
import { suggestions } from '@cr/core/db/schema';
import { startEidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { devEidDir } from '@cr/did/dev-endpoints';
import { startDevChain } from '../stack/dev-chain';
import { provideRedis } from '../stack/redis-service';
import { prepareDevAccounts, repoRoot } from '../stack/stack';
import { checkLeaderFailover, checkRealtimeAcrossApis, currentUser, signIn } from './cluster-checks';
import { ensureMember } from './cluster-member';
import { formatLoad, runMixedLoad } from './cluster-load';
import { councilPhones, formatVotes, registerProposal, runRelayedVotes } from './cluster-votes';
import { startNode, type ClusterNode } from './cluster-nodes';
import { startRoundRobinProxy } from './round-robin-proxy';

const QUEUE_PREFIX = 'cr-cluster';

function parseArgs(argv: string[]) {
  const out = { load: false, seconds: 60, connections: 50, report: '', port: 4100 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--load') out.load = true;
    else if (a === '--seconds') out.seconds = Number(argv[++i]);
    else if (a === '--connections') out.connections = Number(argv[++i]);
    else if (a === '--report') out.report = argv[++i] ?? '';
    else if (a === '--port') out.port = Number(argv[++i]);
    else
      throw new Error(
        `Unknown argument ${a} (use --load, --seconds N, --connections N, --report FILE, --port N)`,
      );
  }
  return out;
}

/** DATABASE_URL, or a database `cr_<name>` on the machine's PostgreSQL (created when missing). */
async function clusterDatabaseUrl(name: string): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const server = 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = $1`, [`cr_${name}`]);
  if (exists.rowCount === 0) await admin.query(`create database cr_${name}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/cr_${name}`;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const log = (line: string) => console.log(`  ${line}`);
  const report: string[] = [];
  const say = (line: string) => {
    console.log(line);
    report.push(line);
  };
  // The load runs on a chain and a database of its own: its voting window (600 blocks, 10 minutes) must outlast
  // the relayed votes, and a dev chain keeps the window it was first deployed with.
  const name = args.load ? 'cluster-load' : 'cluster';
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data', name));
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = await clusterDatabaseUrl(name.replace('-', '_'));

  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const redis = await provideRedis({ redisUrl: process.env.REDIS_URL || undefined, dataDir });
    stops.push(redis.stop);
    log(redis.started ? `redis-server started (${redis.url})` : `Redis at ${redis.url}`);
    const eid = await startEidSimulator({ dataDir: devEidDir(dataDir) });
    stops.push(() => eid.stop());
    log(`EID simulator at ${eid.url}`);
    const chain = await startDevChain({
      dataDir,
      eidUrl: eid.url,
      votingPeriodBlocks: args.load ? 600 : 60,
      log,
    });
    stops.push(chain.stop);

    const proxyPort = args.port;
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const webDist = path.join(repoRoot, 'web/dist');
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
    const apiEnv = {
      ...common,
      PUBLIC_URL: publicUrl,
      WEB_DIST_DIR: fs.existsSync(path.join(webDist, 'index.html')) ? webDist : '',
      LOG_LEVEL: 'warn',
      // The load comes from one address (this machine): per-address limits would count it as one visitor.
      ...(args.load ? { WALLET_REQUEST_LIMIT: '0', EMAIL_SEARCH_LIMIT: '0' } : {}),
    };
    const workerEnv = {
      ...common,
      RELAYER_PRIVATE_KEY: chain.relayerKey,
      LOG_LEVEL: 'info',
    };

    const nodes: ClusterNode[] = [];
    stops.push(async () => {
      await Promise.all(nodes.map((n) => n.stop()));
    });
    // The first api migrates the database; the others start once it is done.
    const apiA = await startNode({ kind: 'api', name: 'api-1', env: apiEnv });
    nodes.push(apiA);
    log(`api-1 at ${apiA.url}`);
    const database = await openDatabase({ databaseUrl, pgliteDir: '' });
    stops.push(() => database.close());
    await prepareDevAccounts(
      database.db,
      chain,
      loadApiConfig({ ...apiEnv, PORT: String(apiA.port) }),
      eid.url,
      log,
    );
    const [apiB, w1, w2] = await Promise.all([
      startNode({ kind: 'api', name: 'api-2', env: apiEnv }),
      startNode({ kind: 'worker', name: 'worker-1', env: workerEnv }),
      startNode({ kind: 'worker', name: 'worker-2', env: workerEnv }),
    ]);
    nodes.push(apiB, w1, w2);
    log(`api-2 at ${apiB.url}; worker-1 and worker-2 started`);
    const apis = [apiA, apiB];
    const proxy = await startRoundRobinProxy(
      apis.map((a) => ({ host: '127.0.0.1', port: a.port! })),
      {
        port: proxyPort,
      },
    );
    stops.push(proxy.close);
    log(`round-robin proxy at ${proxy.url} → ${apis.map((a) => a.url).join(', ')}`);

    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(suggestions);
    if ((count?.n ?? 0) < 200) {
      log('seeding suggestions and members (npm run seed -- --suggestions 1000)…');
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/src/seed/seed.ts', '--suggestions', '1000'],
        {
          cwd: repoRoot,
          env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
          stdio: 'inherit',
        },
      );
    }

    say(
      `cluster: 2 api instances, 2 chain workers, PostgreSQL, Redis, anvil, EID simulator (${new Date().toISOString()})`,
    );
    // A session issued by api-1 works on api-2.
    const member = await ensureMember(database.db);
    const token = await signIn(apiA.url!, member.username, member.password);
    const seen = await currentUser(apiB.url!, token);
    say(
      `session: signed in on api-1, api-2 knows the member (${seen._id === member.id ? 'same id' : 'MISMATCH'})`,
    );
    if (seen._id !== member.id) throw new Error('the session of api-1 is not the same member on api-2');

    const [target] = await database.db
      .select({ id: suggestions.id })
      .from(suggestions)
      .where(sql`${suggestions.status} = 'ACTIVE'`)
      .limit(1);
    const realtime = await checkRealtimeAcrossApis({
      apis: apis.map((a) => ({ name: a.name, url: a.url! })),
      clients: [
        { name: 'client of api-1', url: apiA.url! },
        { name: 'client of api-2', url: apiB.url! },
        { name: 'client of the proxy', url: proxy.url },
      ],
      token,
      suggestionId: target!.id,
    });
    for (const r of realtime.rounds)
      say(
        `realtime: like on ${r.actionOn} heard by ${r.heardBy.map((h) => `${h.client} (${h.ms} ms)`).join(', ')}`,
      );

    const failover = await checkLeaderFailover([w1, w2]);
    say(
      `leader lock: ${failover.holdersBefore} holder (${failover.holderBefore}); SIGKILLed it, ${failover.holderAfter} took the lock ${(failover.takeoverMs / 1000).toFixed(1)} s later (${failover.holdersAfter} holder)`,
    );
    // Back to two workers: the killed one restarts as the standby.
    const killed = failover.holderBefore === w1.name ? w1 : w2;
    nodes.splice(
      nodes.indexOf(killed),
      1,
      await startNode({ kind: 'worker', name: killed.name, env: workerEnv }),
    );

    if (args.load) {
      const wallets = { walletDir: path.join(dataDir, 'wallets'), resolverUrl: eid.url };
      const phones = await councilPhones(
        database.db,
        chain.council.map((w) => w.name),
      );
      log('registering a proposal for the council to vote on during the load…');
      const proposal = await registerProposal(proxy.url, phones[0]!, wallets);
      log(
        `mixed load: ${args.connections} connections for ${args.seconds} s over both apis, and relayed votes…`,
      );
      let loadDone = false;
      const votesRun = runRelayedVotes({
        baseUrl: proxy.url,
        proposal,
        phones,
        dids: new Map(chain.council.map((w) => [w.name, w.did])),
        wallets,
        until: () => loadDone,
      });
      const result = await runMixedLoad({
        db: database.db,
        apiUrls: apis.map((a) => a.url!),
        connections: args.connections,
        seconds: args.seconds,
      }).finally(() => {
        loadDone = true;
      });
      const votes = await votesRun;
      for (const line of formatLoad(result, { connections: args.connections, apis: apis.length })) say(line);
      for (const line of formatVotes(votes)) say(line);
      // Context for the figures: every process of the cluster and the load generator share this machine.
      say(
        `machine: ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' / ')} (1/5/15 min) at the end of the run`,
      );
      const alive = nodes.filter((n) => n.alive()).length;
      say(`afterwards: ${alive} of ${nodes.length} processes alive`);
      if (args.report) {
        fs.writeFileSync(args.report, report.join('\n') + '\n');
        console.log(`report saved to ${args.report}`);
      }
      await stopAll();
      const clean = result.errors === 0 && votes.errors.length === 0 && votes.stuck === 0;
      process.exit(clean ? 0 : 1);
    }
    console.log(
      `\nThe cluster is running: ${proxy.url} (api-1 ${apiA.url}, api-2 ${apiB.url}) — press Ctrl-C to stop.\n`,
    );
    stopOnSignals(stopAll, () => console.log('\nStopping the cluster…'));
  } catch (err) {
    await stopAll();
    throw err;
  }
}

main().catch(exitOnStartupFailure);
