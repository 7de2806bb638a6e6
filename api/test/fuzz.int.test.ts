import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'ethers';
import { ANVIL_DEFAULT_KEYS, startAnvil, type AnvilHandle } from '@cr/contracts-abi/anvil';
import { DEV_PARAMS, deployGovernance } from '@cr/contracts-abi/deploy';
import { createProvider } from '@cr/contracts-abi/provider';
import { makeUser } from './factories';
import { formatTotals, operationsOf, runFuzz, type FuzzOperation, type Role } from './fuzz/request-fuzzer';
import { startTestApi, type TestApi } from './test-api';
import { testConfig } from './test-config';

/**
 * The request fuzzer (api/test/fuzz/request-fuzzer.ts) over every operation of the api's own OpenAPI document, as
 * an anonymous visitor, a member and an admin. Hostile input must get a 4xx: never a 5xx, never a hang, and the
 * api answers normally afterwards. `npm run fuzz` runs it longer (FUZZ_COUNT, FUZZ_SEED, FUZZ_CONCURRENCY).
 */
const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const SLOW_MS = 5_000;
/** Fresh sessions every this many requests: a fuzzed sign-out, deactivation or demotion must not blind the run. */
const SESSION_EVERY = 250;

let t: TestApi;
let anvil: AnvilHandle;
let ops: FuzzOperation[];

const onPostgres = testConfig.TEST_DATABASE === 'postgres';

beforeAll(async () => {
  if (!onPostgres) return;
  // A real chain with the governance contracts, so chain-backed routes (treasury, verify, wallet requests) run
  // their real code instead of answering "chain unavailable".
  anvil = await startAnvil({ hardfork: 'osaka', chainId: 31337 });
  const provider = createProvider(anvil.rpcUrl, 100);
  const { addresses } = await deployGovernance(new Wallet(ANVIL_DEFAULT_KEYS[0]!, provider), DEV_PARAMS);
  provider.destroy();
  t = await startTestApi(
    {
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_ID: '31337',
      COUNCIL_ADDRESS: addresses.council,
      GOVERNANCE_ADDRESS: addresses.governance,
      TREASURY_ADDRESS: addresses.treasury,
    },
    { did: true },
  );
  const doc = (await (await fetch(`${t.url}/api/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  ops = operationsOf(doc);
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await anvil?.stop();
});

// On PostgreSQL (the production database; the CI's second integration pass): PGlite answers one query at a time,
// so 10,000 requests there measure its queue, not the api's handling of hostile input.
describe.skipIf(!onPostgres)('the request fuzzer', () => {
  it(
    `answers ${COUNT} hostile requests over every route with no 5xx and no hang, and stays healthy`,
    async () => {
      expect(ops.length).toBeGreaterThan(150);
      const sessions = new Map<number, Promise<Record<Exclude<Role, 'anonymous'>, string>>>();
      const db = t.deps.database.db;
      const sessionFor = (i: number) => {
        const n = Math.floor(i / SESSION_EVERY);
        let s = sessions.get(n);
        if (!s) {
          s = Promise.all([makeUser(db), makeUser(db, { role: 'ADMIN' })]).then(([m, a]) => ({
            member: m.token,
            admin: a.token,
          }));
          sessions.set(n, s);
        }
        return s;
      };
      const started = performance.now();
      const totals = await runFuzz({
        baseUrl: t.url,
        ops,
        count: COUNT,
        seed: SEED,
        concurrency: CONCURRENCY,
        slowMs: SLOW_MS,
        tokens: async (role, i) => (role === 'anonymous' ? undefined : (await sessionFor(i))[role]),
        onProgress: (done) => {
          if (done % 2_000 === 0)
            console.log(`fuzz: ${done}/${COUNT} after ${Math.round(performance.now() - started)} ms`);
        },
      });
      console.log(formatTotals(totals, SEED));
      for (const e of totals.serverErrors.slice(0, 20)) console.log('5xx', JSON.stringify(e));
      for (const e of totals.failures.slice(0, 20)) console.log('failed', JSON.stringify(e));

      expect(totals.requests).toBe(COUNT);
      expect(totals.serverErrors).toEqual([]);
      expect(totals.failures).toEqual([]);
      expect(totals.slow).toEqual([]);

      // Healthy afterwards: the health routes and a normal read and write answer as usual.
      expect((await t.call('GET', '/health/live')).status).toBe(200);
      expect((await fetch(`${t.url}/api/health/ready`)).status).toBe(200);
      expect((await t.call('GET', '/suggestion')).status).toBe(200);
      const { token } = await makeUser(db);
      expect((await t.call('GET', '/user/current_user', { token })).status).toBe(200);
      // A path parameter that is not valid percent-encoding is the client's 400 (it was a 500).
      const badPath = await t.call('DELETE', '/team/%FF%FE/members/%E0%A4%A', { token });
      expect([badPath.status, badPath.body.error?.type]).toEqual([400, 'request.malformed_path']);
      // Nothing polluted Object.prototype in the api's process.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
    Number(process.env.FUZZ_TIMEOUT_MS ?? 600_000),
  );
});
