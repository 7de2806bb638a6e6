import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from '@cr/api/app-deps';
import { createAppDeps, startApiServer } from '@cr/api/api-server';
import { loadApiConfig, type ApiConfig } from '@cr/api/config/api-config';
import { createLogger } from '@cr/api/http/logger';
import { checkPostgres } from '@cr/api/db/db-client';
import { startEidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { devEidDir } from '@cr/did/dev-endpoints';
import { createWallet, listWallets } from '@cr/did/wallet/wallet-store';
import { startWorkers } from '@cr/chain-worker/worker-registry';
import { governancePlugins } from '@cr/chain-worker/governance-plugins';
import { startProposalMailer } from '@cr/api/modules/proposal/proposal-mail';
import { startHousekeeping } from '@cr/api/housekeeping';
import { loadWorkerConfig } from '@cr/chain-worker/worker-config';
import { createJsonLogger } from '@cr/chain-worker/worker-logger';
import { ensureDevAccounts } from './dev-accounts';
import { DEV_SECRETARY_NAME, startDevChain } from './dev-chain';
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
        RELAYER_PRIVATE_KEY: devChain.relayerKey,
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

    const logger = createLogger(config.LOG_LEVEL);
    const deps = await createAppDeps(config, logger);
    stops.push(() => deps.close());
    log(
      deps.database.kind === 'pglite'
        ? `PGlite database in ${config.dirs.pglite}`
        : 'PostgreSQL (DATABASE_URL)',
    );

    if (devChain) {
      const admin =
        (await listWallets({ walletDir: config.dirs.wallets })).find((w) => w.name === 'admin') ??
        (await createWallet('admin', { walletDir: config.dirs.wallets, resolverUrl: eidUrl }));
      await ensureDevAccounts(deps.database.db, [
        ...devChain.council.map((w) => ({ name: w.name, did: w.did, role: 'COUNCIL' as const })),
        { name: DEV_SECRETARY_NAME, did: devChain.secretary.did, role: 'SECRETARY' as const },
        { name: 'admin', did: admin.did, role: 'ADMIN' as const },
      ]);
      log(
        `dev council: ${devChain.council.length} members, a secretary general and an admin (dev wallets in ${config.dirs.wallets})`,
      );
    }

    if (env.RELAYER_PRIVATE_KEY || chainEnv.RELAYER_PRIVATE_KEY) {
      const workerConfig = loadWorkerConfig({
        ...env,
        ...chainEnv,
        REDIS_URL: redis.url,
        LOG_LEVEL: config.LOG_LEVEL,
      });
      const proposalPlugins = { chainId: workerConfig.CHAIN_ID, events: deps.events };
      const workers = await startWorkers({
        db: deps.database.db,
        redis: deps.redis,
        config: workerConfig,
        logger: createJsonLogger(workerConfig.LOG_LEVEL),
        events: deps.events,
        plugins: devChain
          ? governancePlugins(devChain.addresses, 0, proposalPlugins)
          : config.COUNCIL_ADDRESS && config.GOVERNANCE_ADDRESS && config.TREASURY_ADDRESS
            ? governancePlugins(
                {
                  council: config.COUNCIL_ADDRESS,
                  governance: config.GOVERNANCE_ADDRESS,
                  treasury: config.TREASURY_ADDRESS,
                },
                0,
                proposalPlugins,
              )
            : undefined,
      });
      stops.push(() => workers.stop());
      // Proposal e-mails the worker schedules (reminders, status changes) leave through the api's mailer.
      const proposalMail = startProposalMailer({
        db: deps.database.db,
        mailer: deps.mailer,
        publicUrl: config.PUBLIC_URL,
        chainId: config.CHAIN_ID,
        onError: (err) => logger.warn({ err }, 'proposal e-mail delivery failed'),
      });
      stops.push(() => proposalMail.stop());
    } else {
      log(
        'RELAYER_PRIVATE_KEY is not set: the chain worker does not run in this process (use npm run start:worker)',
      );
    }

    const housekeeping = startHousekeeping({ db: deps.database.db, logger });
    stops.push(() => housekeeping.stop());

    const api = await startApiServer(deps);
    stops.push(() => api.stop());
    return { url: api.url, port: api.port, config, deps, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
