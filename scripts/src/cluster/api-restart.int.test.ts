// An api restart loses nothing a member holds: the session token still works, an open wallet request is still
// open, and a wallet callback that arrives while the api is down is answered once the api is back (the wallet
// retries, as the Essentials IntentManager does) and applied exactly once.
//
// PostgreSQL pass only (TEST_DATABASE=postgres): the api runs as a separate process (`npm run start:api`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema';
import { freePort } from '@cr/core/net/free-port';
import { startEidSimulator, type EidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { createWallet } from '@cr/did/wallet/wallet-store';
import { postCallback, prepareApproval } from '@cr/did/wallet/wallet-approve';
import { makeUser } from '../../../api/test/factories';
import { createTestDatabase } from '../../../api/test/test-database';
import { testConfig } from '../../../api/test/test-config';
import { startNode, type ClusterNode } from './cluster-nodes';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(testConfig.TEST_DATABASE === 'postgres')('an api restart', () => {
  let drop: () => Promise<void>;
  let database: DbHandle;
  let eid: EidSimulator;
  let api: ClusterNode;
  let env: Record<string, string>;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-restart-'));
    eid = await startEidSimulator({ dataDir: path.join(dataDir, 'eid') });
    // The same port after the restart: the wallet's callback URL names it (PUBLIC_URL).
    port = await freePort();
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: db.url!,
      REDIS_URL: testConfig.REDIS_URL,
      QUEUE_PREFIX: `crtest-${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      EID_RESOLVER_URL: eid.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WALLET_REQUEST_LIMIT: '0',
    };
    api = await startNode({ kind: 'api', name: 'api', env, port });
    database = await openDatabase({ databaseUrl: db.url, pgliteDir: '' });
  });
  afterAll(async () => {
    await api?.stop();
    await database?.close();
    await drop?.();
    await eid?.stop();
  });

  it('keeps sessions and wallet requests, and applies a callback sent while it was down once', async () => {
    const { user, token } = await makeUser(database.db);
    const get = (p: string, headers: Record<string, string> = {}) =>
      fetch(`${api.url}/api${p}`, { headers: { 'api-token': token, ...headers } });
    expect((await get('/user/current_user')).status).toBe(200);

    // The member asks to bind a DID; the wallet scans the QR code and signs its reply.
    const created = await fetch(`${api.url}/api/wallet/requests`, {
      method: 'POST',
      headers: { 'api-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'bind-did' }),
    });
    expect(created.status).toBe(200);
    const request = ((await created.json()) as { data: { id: string; url: string; secret: string } }).data;
    const walletOpts = { walletDir: path.join(dataDir, 'wallets'), resolverUrl: eid.url };
    const wallet = await createWallet('restart-wallet', walletOpts);
    const reply = await prepareApproval(request.url, wallet.name, walletOpts);

    // The api goes down (SIGTERM, as a deploy does) just before the wallet sends its reply.
    await api.stop();
    const attempts: string[] = [];
    const walletRetries = (async () => {
      for (let i = 0; i < 200; i++) {
        try {
          const res = await postCallback(reply.callbackUrl, reply.body);
          attempts.push(String(res.status));
          return res;
        } catch {
          attempts.push('refused');
          await sleep(250);
        }
      }
      throw new Error('the api never came back');
    })();
    await sleep(1_500);
    api = await startNode({ kind: 'api', name: 'api', env, port });
    const answered = await walletRetries;

    expect(attempts.filter((a) => a === 'refused').length).toBeGreaterThan(0);
    expect(answered.status).toBe(200);
    // Applied: the DID is bound to the member who asked.
    const [row] = await database.db.select({ did: users.did }).from(users).where(eq(users.id, user.id));
    expect(row?.did).toBe(wallet.did);

    // A second delivery of the same reply (a wallet that did not see the answer) changes nothing.
    const again = await postCallback(reply.callbackUrl, reply.body);
    expect(again.status).toBe(409);
    const bound = await database.db.select({ id: users.id }).from(users).where(eq(users.did, wallet.did));
    expect(bound).toHaveLength(1);

    // The session from before the restart still works, and the browser's request shows the outcome.
    expect((await get('/user/current_user')).status).toBe(200);
    const state = await get(`/wallet/requests/${request.id}`, { 'x-wallet-secret': request.secret });
    expect(state.status).toBe(200);
    expect(((await state.json()) as { data: { status: string } }).data.status).toBe('signed');
  });

  it('keeps an open wallet request open across a restart', async () => {
    const { token } = await makeUser(database.db);
    const created = await fetch(`${api.url}/api/wallet/requests`, {
      method: 'POST',
      headers: { 'api-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'bind-did' }),
    });
    const request = ((await created.json()) as { data: { id: string; url: string; secret: string } }).data;
    await api.stop();
    api = await startNode({ kind: 'api', name: 'api', env, port });
    const state = await fetch(`${api.url}/api/wallet/requests/${request.id}`, {
      headers: { 'x-wallet-secret': request.secret },
    });
    expect(((await state.json()) as { data: { status: string } }).data.status).toBe('pending');
    // ...and the wallet can still answer it.
    const walletOpts = { walletDir: path.join(dataDir, 'wallets'), resolverUrl: eid.url };
    const wallet = await createWallet('restart-wallet-2', walletOpts);
    const reply = await prepareApproval(request.url, wallet.name, walletOpts);
    expect((await postCallback(reply.callbackUrl, reply.body)).status).toBe(200);
  });
});
