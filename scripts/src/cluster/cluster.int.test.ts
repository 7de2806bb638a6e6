// Two api processes (`npm run start:api`) and two chain workers (`npm run start:worker`) on one PostgreSQL and one
// Redis: an event caused by an action on api A reaches a socket client of api B, a session issued by A works on B,
// and the block watcher's leader lock moves to the standby worker when its holder is SIGKILLed.
//
// PostgreSQL pass only (TEST_DATABASE=postgres): separate processes need a database server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilHandle } from '@cr/contracts-abi/anvil';
import { openDatabase, type DbHandle } from '@cr/core/db/db-client';
import { hashPassword } from '@cr/api/modules/account/password-hash';
import { makeUser } from '../../../api/test/factories';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { createTestDatabase } from '../../../api/test/test-database';
import { testConfig } from '../../../api/test/test-config';
import { testWorkerEnv } from '../../../chain-worker/test/test-worker-env';
import {
  checkLeaderFailover,
  checkRealtimeAcrossApis,
  currentUser,
  lockHolders,
  signIn,
} from './cluster-checks';
import { startNode, type ClusterNode } from './cluster-nodes';

describe.runIf(testConfig.TEST_DATABASE === 'postgres')(
  'two apis and two workers on one database and Redis',
  () => {
    let drop: () => Promise<void>;
    let database: DbHandle;
    let anvil: AnvilHandle;
    const nodes: ClusterNode[] = [];
    let apiA: ClusterNode;
    let apiB: ClusterNode;
    let workers: ClusterNode[];

    beforeAll(async () => {
      const db = await createTestDatabase();
      drop = db.drop;
      anvil = await startAnvil({ blockTime: 0.5 });
      const queuePrefix = `crtest-${randomBytes(4).toString('hex')}`;
      const apiEnv = {
        NODE_ENV: 'test',
        DATABASE_URL: db.url!,
        REDIS_URL: testConfig.REDIS_URL,
        QUEUE_PREFIX: queuePrefix,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cr-cluster-')),
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
      };
      // The first api migrates the database; the rest start on the migrated one.
      apiA = await startNode({ kind: 'api', name: 'api-A', env: apiEnv });
      nodes.push(apiA);
      const workerEnv = testWorkerEnv(anvil.rpcUrl, testConfig.REDIS_URL, {
        DATABASE_URL: db.url!,
        QUEUE_PREFIX: queuePrefix,
        LOG_LEVEL: 'info',
      });
      const started = await Promise.all([
        startNode({ kind: 'api', name: 'api-B', env: apiEnv }),
        startNode({ kind: 'worker', name: 'worker-1', env: workerEnv }),
        startNode({ kind: 'worker', name: 'worker-2', env: workerEnv }),
      ]);
      nodes.push(...started);
      apiB = started[0];
      workers = started.slice(1);
      database = await openDatabase({ databaseUrl: db.url, pgliteDir: '' });
    });
    afterAll(async () => {
      await Promise.all(nodes.map((n) => n.stop()));
      await database?.close();
      await drop?.();
      await anvil?.stop();
    });

    it('a session issued by api A works on api B, and events of either api reach clients of both', async () => {
      const password = 'correct horse battery staple';
      const { user } = await makeUser(database.db, { passwordHash: await hashPassword(password) });
      const token = await signIn(apiA.url!, user.username, password);
      expect((await currentUser(apiB.url!, token))._id).toBe(user.id);

      // A suggestion posted on B, liked on A and on B; clients on A and B hear both.
      const created = await fetch(`${apiB.url}/api/suggestion`, {
        method: 'POST',
        headers: { 'api-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(newMotion()),
      });
      expect(created.status).toBe(200);
      const body = (await created.json()) as { data: { _id: string } };
      const check = await checkRealtimeAcrossApis({
        apis: [
          { name: 'A', url: apiA.url! },
          { name: 'B', url: apiB.url! },
        ],
        clients: [
          { name: 'client of A', url: apiA.url! },
          { name: 'client of B', url: apiB.url! },
        ],
        token,
        suggestionId: body.data._id,
      });
      expect(check.rounds.map((r) => [r.actionOn, r.heardBy.map((h) => h.client)])).toEqual([
        ['A', ['client of A', 'client of B']],
        ['B', ['client of A', 'client of B']],
      ]);

      // Signing out on B ends the session on A too (sessions live in the shared database).
      const out = await fetch(`${apiB.url}/api/user/logout`, {
        method: 'POST',
        headers: { 'api-token': token },
      });
      expect(out.status).toBe(200);
      const after = await fetch(`${apiA.url}/api/user/current_user`, { headers: { 'api-token': token } });
      expect(after.status).toBe(401);
    });

    it('one block watcher holds the lock; the standby takes it over within seconds of a SIGKILL', async () => {
      const result = await checkLeaderFailover(workers);
      expect(result.holdersBefore).toBe(1);
      expect(result.holderAfter).not.toBe(result.holderBefore);
      expect(result.holdersAfter).toBe(1);
      // The lock's time to live is 5 s (renewed every third of it): the standby takes over soon after it expires.
      expect(result.takeoverMs).toBeLessThan(10_000);
      expect(lockHolders(workers).map((w) => w.name)).toEqual([result.holderAfter]);
    });
  },
);
