import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeProcess } from '@cr/api/app-composition';
import type { AppDeps } from '@cr/api/app-deps';
import { loadApiConfig, type ApiConfig } from '@cr/api/config/api-config';
import { createLogger } from '@cr/core/log/logger';
import { checkPostgres, type Db } from '@cr/core/db/db-client';
import { startEidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { devEidDir } from '@cr/did/dev-endpoints';
import { createWallet, listWallets } from '@cr/did/wallet/wallet-store';
import { governanceIndexing, loadWorkerConfig } from '@cr/chain-worker/worker-config';
import { createJsonLogger } from '@cr/chain-worker/worker-logger';
import { chainWorkerPart } from '@cr/chain-worker/worker-part';
import { createDiskStorage } from '@cr/api/modules/upload/file-storage';
import { ensureDevAccounts } from './dev-accounts';
import { DEV_MEMBER_NAME } from './dev-people';
import { DEV_SECRETARY_NAME, startDevChain, type DevChain } from './dev-chain';
import { provideRedis } from './redis-service';
import { buildWeb, webBuildIsStale } from './web-build';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StackOptions {
  /** The environment to configure from (default: process.env); overrides win over it. */
  env?: Record<string, string | undefined>;
  overrides?: Record<string, string>;
  /** Build web/dist when it is missing or stale (default true). */
  buildWeb?: boolean;
  /** Progress lines for the terminal. */
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  port: number;
  config: ApiConfig;
  deps: AppDeps;
  stop(): Promise<void>;
}

/**
 * The whole product in one process on embedded defaults: Redis (given or a child), PGlite (or DATABASE_URL),
 * the api with socket.io and the web app on one port. Used by `npm start` and by the browser tests.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? (() => undefined);
  const env = { ...(opts.env ?? process.env), ...opts.overrides };
  // Parse once up front so a bad variable stops start-up before anything is spawned.
  const preliminary = loadApiConfig({ ...env, REDIS_URL: env.REDIS_URL || 'redis://placeholder:6379' });
  const dataDir = preliminary.dirs.data;
  // A chain of one's own (CHAIN_RPC_URL) with a relayer runs the worker here: its variables are checked up front
  // too, e.g. contract addresses without CONTRACTS_FROM_BLOCK (indexing never silently starts at block 0).
  if (env.CHAIN_RPC_URL && env.RELAYER_PRIVATE_KEY)
    governanceIndexing(loadWorkerConfig({ ...env, REDIS_URL: env.REDIS_URL || 'redis://placeholder:6379' }));
  // Fail fast, before anything is spawned, when the configured database does not answer.
  if (preliminary.DATABASE_URL) await checkPostgres(preliminary.DATABASE_URL);
  fs.mkdirSync(dataDir, { recursive: true });

  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const redis = await provideRedis({ redisUrl: env.REDIS_URL || undefined, dataDir });
    stops.push(redis.stop);
    log(
      redis.started
        ? `redis-server started (${redis.url}, data in ${path.join(dataDir, 'redis')})`
        : `Redis at ${redis.url}`,
    );

    let eidUrl = env.EID_RESOLVER_URL;
    if (!eidUrl) {
      const eid = await startEidSimulator({ dataDir: devEidDir(dataDir) });
      stops.push(() => eid.stop());
      eidUrl = eid.url;
      log(`EID simulator (DID resolver) at ${eid.url}`);
    }

    let chainEnv: Record<string, string> = {};
    let devChain: Awaited<ReturnType<typeof startDevChain>> | null = null;
    if (!env.CHAIN_RPC_URL) {
      devChain = await startDevChain({
        dataDir,
        eidUrl,
        votingPeriodBlocks: Number(env.VOTING_PERIOD_BLOCKS ?? 60),
        log,
      });
      stops.push(devChain.stop);
      chainEnv = {
        CHAIN_RPC_URL: devChain.rpcUrl,
        CHAIN_ID: String(devChain.chainId),
        VOTING_PERIOD_BLOCKS: String(devChain.votingPeriodBlocks),
        COUNCIL_ADDRESS: devChain.addresses.council,
        GOVERNANCE_ADDRESS: devChain.addresses.governance,
        TREASURY_ADDRESS: devChain.addresses.treasury,
        CONTRACTS_FROM_BLOCK: String(devChain.deployBlock),
        RELAYER_PRIVATE_KEY: devChain.relayerKey,
        RELAY_BATCH_ADDRESS: devChain.relayBatchAddress,
      };
    }

    const config = loadApiConfig({
      ...env,
      ...chainEnv,
      REDIS_URL: redis.url,
      EID_RESOLVER_URL: eidUrl,
      WEB_DIST_DIR: env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist'),
    });

    if (opts.buildWeb !== false && config.WEB_DIST_DIR && webBuildIsStale(repoRoot)) {
      log('building the web app…');
      await buildWeb(repoRoot);
    }

    // The worker runs here when there is a relayer key (the dev chain's, or one given with CHAIN_RPC_URL).
    const relayerKey = env.RELAYER_PRIVATE_KEY || chainEnv.RELAYER_PRIVATE_KEY;
    const workerConfig = relayerKey
      ? loadWorkerConfig({ ...env, ...chainEnv, REDIS_URL: redis.url, LOG_LEVEL: config.LOG_LEVEL })
      : null;
    if (!workerConfig)
      log(
        'RELAYER_PRIVATE_KEY is not set: the chain worker does not run in this process (use npm run start:worker)',
      );

    const running = await composeProcess({
      redisUrl: redis.url,
      database: { databaseUrl: config.DATABASE_URL, pgliteDir: config.dirs.pglite },
      api: { config, logger: createLogger(config.LOG_LEVEL) },
      worker: workerConfig
        ? chainWorkerPart(workerConfig, createJsonLogger(workerConfig.LOG_LEVEL))
        : undefined,
      prepare: devChain
        ? ({ database }) => prepareDevAccounts(database.db, devChain, config, eidUrl, log)
        : undefined,
    });
    stops.push(running.stop);
    log(
      running.deps!.database.kind === 'pglite'
        ? `PGlite database in ${config.dirs.pglite}`
        : 'PostgreSQL (DATABASE_URL)',
    );
    return { url: running.url!, port: running.port!, config, deps: running.deps!, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * Site accounts for an ordinary member, the dev council, the secretary general and an admin (realistic names and
 * avatars, scripts/src/stack/dev-people.ts), so each can sign in by dev wallet.
 */
export async function prepareDevAccounts(
  db: Db,
  devChain: DevChain,
  config: ApiConfig,
  eidUrl: string,
  log: (line: string) => void,
) {
  const existing = await listWallets({ walletDir: config.dirs.wallets });
  const devWallet = async (name: string) =>
    existing.find((w) => w.name === name) ??
    (await createWallet(name, { walletDir: config.dirs.wallets, resolverUrl: eidUrl }));
  const admin = await devWallet('admin');
  // An ordinary member: the identity most people trying the site want (the dev approver offers it first).
  const member = await devWallet(DEV_MEMBER_NAME);
  await ensureDevAccounts(db, createDiskStorage(config.dirs.uploads), [
    { name: DEV_MEMBER_NAME, did: member.did, role: 'MEMBER' as const },
    ...devChain.council.map((w) => ({ name: w.name, did: w.did, role: 'COUNCIL' as const })),
    { name: DEV_SECRETARY_NAME, did: devChain.secretary.did, role: 'SECRETARY' as const },
    { name: 'admin', did: admin.did, role: 'ADMIN' as const },
  ]);
  log(
    `dev identities: a member, a council of ${devChain.council.length}, a secretary general and an admin (dev wallets in ${config.dirs.wallets})`,
  );
}
