import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeUser } from '../../api/test/factories';
import { freePort } from '@cr/core/net/free-port';
import { issueToken } from '../../api/src/modules/session/session.service';
import { startStack } from '../../scripts/src/stack/stack';
import type { Db } from '@cr/core/db/db-client';
import { bumpGeneration, type CacheScope } from '@cr/core/cache/cache-generation';
import { createTestDatabase } from '../../api/test/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One running product per browser lane (web/e2e/lanes.ts). */
    e2eSites: E2eSite[];
  }
}

/** What the browser tests get from the running product: its URL and sessions for two seeded members. */
export interface E2eSite {
  url: string;
  /** api-token of a plain member. */
  memberToken: string;
  /** A second session of the same member, for tests that log out (logout revokes the token on the server). */
  memberLogoutToken: string;
  memberName: string;
  /** api-token of an admin. */
  adminToken: string;
  /** The dev wallets' directory and the EID resolver (the simulator), for approving QR codes like a phone. */
  walletDir: string;
  resolverUrl: string;
  /** The captured outgoing mail (one JSON file per message). */
  mailDir: string;
  /** The local chain's JSON-RPC (anvil), for tests that hold block production to see an in-between state. */
  chainRpcUrl: string;
}

/**
 * The whole product (api + built web/dist on one port) on a fresh data directory, with one member and one
 * admin signed in; `eidResolverUrl` names a running DID resolver to use instead of starting one. `stop` shuts everything down and removes the data.
 */
export async function startE2eSite(opts: { eidResolverUrl?: string } = {}): Promise<{
  site: E2eSite;
  /** The site's own database (for tests that change a row behind the api, e.g. the integrity badges'). */
  db: Db;
  /**
   * Says that `scope`'s rows were changed behind the api (a test's direct write): the api's cached answers for it
   * are renewed, as after any change the api makes itself (core/src/cache/cache-generation.ts).
   */
  changedBehindApi(scope: CacheScope): Promise<void>;
  stop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-e2e-'));
  // The port is fixed before start so PUBLIC_URL (wallet callbacks in QR codes, e-mail links) names it.
  const port = await freePort();
  const database = await createTestDatabase();
  const stack = await startStack({
    overrides: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A database of its own: with TEST_DATABASE=postgres (npm test when DATABASE_URL is set) a fresh copy of the
      // migrated template on that server, dropped at the end; else PGlite under DATA_DIR.
      DATABASE_URL: database.url ?? '',
      // Likewise its own Redis child, so queues and rate limits start empty.
      REDIS_URL: '',
      // Every browser of the run asks for its QR codes from 127.0.0.1: the per-address limit would count the
      // whole suite as one visitor (api/test/wallet.int.test.ts proves the limit).
      WALLET_REQUEST_LIMIT: '0',
      // The same for registrations: every test file registers its members from 127.0.0.1.
      REGISTER_ADDRESS_LIMITS: '0',
      // A resolver shared by several stacks in one process (the DID SDK's backend is one per process); by
      // default the stack starts its own EID simulator.
      ...(opts.eidResolverUrl ? { EID_RESOLVER_URL: opts.eidResolverUrl } : {}),
    },
  });
  try {
    const db = stack.deps.database.db;
    const member = await makeUser(db, { role: 'MEMBER', firstName: 'Ada', lastName: 'Chen' });
    const admin = await makeUser(db, { role: 'ADMIN' });
    return {
      db,
      changedBehindApi: (scope) => bumpGeneration(stack.deps.redis, scope),
      site: {
        url: stack.url,
        memberToken: member.token,
        memberLogoutToken: (await issueToken(db, member.user.id, 'password')).token,
        memberName: member.user.username,
        adminToken: admin.token,
        walletDir: stack.config.dirs.wallets,
        resolverUrl: stack.config.EID_RESOLVER_URL ?? '',
        mailDir: stack.config.dirs.mailOutbox,
        chainRpcUrl: stack.config.CHAIN_RPC_URL ?? '',
      },
      stop: async () => {
        await stack.stop();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stack.stop();
    await database.drop();
    throw err;
  }
}
