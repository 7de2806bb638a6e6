import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Contract, Wallet, parseEther, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_DEFAULT_KEYS } from '@cr/contracts-abi/anvil';
import { treasuryInterface } from '@cr/contracts-abi/artifacts';
import { emptyTerms, type ProposalTerms } from '@cr/contracts-abi/statements';
import { makeIdentity } from '@cr/contracts-abi/test-support/identities';
import {
  mined,
  registerActive,
  requestPaymentCall,
  reviewPaymentCall,
  startGovernanceChain,
  withdrawCall,
  type GovernanceChain,
} from '@cr/contracts-abi/test-support/governance-chain';
import { governancePlugins } from '@cr/chain-worker/governance-plugins';
import { loadWorkerConfig } from '@cr/chain-worker/worker-config';
import { createJsonLogger } from '@cr/chain-worker/worker-logger';
import { startWorkers, type RunningWorkers } from '@cr/chain-worker/worker-registry';
import { connectRedis } from '@cr/core/infra/redis-connect';
import type { TreasuryOverview } from '@cr/contract/treasury.contract';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { startTestApi, type TestApi } from './test-api';
import { testConfig } from './test-config';
import { weiToEla } from '../src/modules/proposal-record/proposal-terms';
import {
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitUntil,
  type ProposalEnv,
} from './proposal-harness';

/**
 * The treasury page's figures against the Treasury contract itself, on a real chain (anvil) with the deployed
 * contracts, the real api and a real chain worker indexing the treasury's events: the balance, reserved total,
 * available balance and cap equal the contract's own reads at the answer's block, before and after a funding
 * transaction and a proposal's budget reservation, and each figure names the transactions behind it.
 */
let env: ProposalEnv;
/** The api under test and the chain it reads (set by each describe's beforeAll). */
let api: TestApi;
let provider: JsonRpcProvider;
let treasury: Contract;

const overview = async () => {
  const res = await api.call<TreasuryOverview>('GET', '/treasury');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
};

/** The answer once the indexed height reaches `height` (the worker indexes in the background). */
const overviewAt = (height: number) =>
  waitUntil(`the treasury answer at block ${height}`, async () => {
    const o = await overview();
    return o.historyIndexed && o.blockNumber >= height ? o : undefined;
  });

/** What the contract says at `blockTag`, as the page writes it (ELA decimals of the wei). */
async function contractState(blockTag: number) {
  const read = (name: string) => treasury.getFunction(name).staticCall({ blockTag }) as Promise<bigint>;
  const [balance, committed, available, cap, bps] = await Promise.all([
    provider.getBalance(await treasury.getAddress(), blockTag),
    read('committed'),
    read('available'),
    read('budgetCap'),
    read('BUDGET_CAP_BPS'),
  ]);
  return {
    balanceEla: weiToEla(balance),
    reservedEla: weiToEla(committed),
    availableEla: weiToEla(available),
    capEla: weiToEla(cap),
    capBps: Number(bps),
  };
}

const figures = (o: TreasuryOverview) => ({
  balanceEla: o.balanceEla,
  reservedEla: o.reservedEla,
  availableEla: o.availableEla,
  capEla: o.capEla,
  capBps: o.capBps,
});

describe('the treasury page against the contract', () => {
  beforeAll(async () => {
    env = await startProposalEnv({ votingPeriodBlocks: 60, blockTime: 0 });
    api = env.t;
    provider = env.provider;
    treasury = new Contract(env.deployment.addresses.treasury, treasuryInterface, provider);
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('answers the contract’s balance, reserved total, available balance and cap; the funding is the series', async () => {
    const o = await overviewAt(await env.provider.getBlockNumber());
    expect(figures(o)).toEqual(await contractState(o.blockNumber));
    expect(o.address).toBe(env.deployment.addresses.treasury);
    expect(o.balanceEla).toBe('100000');
    expect(o.capEla).toBe('10000');
    expect(o.capBps).toBe(1000);
    // Every ELA in the balance came with a Funded event: the series ends at the balance, nothing unexplained.
    expect(o.unexplainedEla).toBe('0');
    expect(o.balanceSeries.at(-1)?.balanceEla).toBe(o.balanceEla);
    const funded = o.transactions.filter((t) => t.kind === 'FUNDED');
    expect(funded.length).toBeGreaterThan(0);
    for (const t of funded) expect((await env.provider.getTransactionReceipt(t.txHash))?.status).toBe(1);
    expect(o.paidEla).toBe('0');
    expect(o.runway.days).toBeNull();
  });

  it('after a funding transaction the figures follow the chain, and the transaction is listed', async () => {
    const funder = new Wallet(ANVIL_DEFAULT_KEYS[2]!, env.provider);
    const tx = await funder.sendTransaction({
      to: env.deployment.addresses.treasury,
      value: parseEther('1234.500000000000000001'),
    });
    const receipt = (await tx.wait())!;
    const o = await overviewAt(receipt.blockNumber);
    expect(figures(o)).toEqual(await contractState(o.blockNumber));
    expect(o.balanceEla).toBe('101234.500000000000000001');
    expect(o.transactions[0]).toMatchObject({
      kind: 'FUNDED',
      txHash: receipt.hash,
      amountEla: '1234.500000000000000001',
      term: 1,
    });
    expect(o.balanceSeries.at(-1)).toEqual({
      blockNumber: receipt.blockNumber,
      balanceEla: '101234.500000000000000001',
      txHash: receipt.hash,
    });
  });

  it('a registered proposal’s budget is reserved: the total equals the contract’s committed, linked to the registration', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[0]!, s._id);
    expect(made.approval?.status).toBe(200);
    const draftHash = `0x${s.draftHash}`.toLowerCase();
    const o = await waitUntil('the reservation on the treasury page', async () => {
      const x = await overview();
      return x.historyIndexed && x.budgets.some((b) => b.draftHash === draftHash) ? x : undefined;
    });
    expect(figures(o)).toEqual(await contractState(o.blockNumber));
    expect(o.reservedEla).toBe('1000');
    const budget = o.budgets.find((b) => b.draftHash === draftHash)!;
    expect(budget).toMatchObject({ budgetEla: '1000', paidEla: '0', releasedEla: '0', reservedEla: '1000' });
    expect(budget.proposal).toMatchObject({
      id: made.result!.proposalId,
      title: s.title,
      status: 'PROPOSED',
    });
    // Still in the council vote: reserved, but not yet a liability of an approved proposal.
    expect(o.reservedActiveEla).toBe('0');
    const registered = await waitUntil('the registration tx on the proposal', async () => {
      const [row] = await env.t.deps.database.db
        .select({ txHash: proposals.registerTxHash })
        .from(proposals)
        .where(eq(proposals.id, made.result!.proposalId));
      return row?.txHash ?? undefined;
    });
    expect(budget.txHashes).toEqual([registered]);
    expect(o.transactions.find((t) => t.kind === 'RESERVED')).toMatchObject({
      txHash: registered,
      amountEla: '1000',
      draftHash,
    });
    // The cap is 10% of what is left after the reservation (the contract's rule, read back from the contract).
    expect(o.availableEla).toBe('100234.500000000000000001');
    expect(o.capEla).toBe('10023.45');
  });
});

/**
 * Payouts: a budget made ACTIVE and paid on chain directly (the contracts' own test support signs as owner and
 * secretary), indexed by the real block watcher: paid per term, per budget and the runway equal what the
 * contract paid and holds.
 */
describe('payouts on the treasury page', () => {
  let chain: GovernanceChain;
  let workers: RunningWorkers;
  let redis: Awaited<ReturnType<typeof connectRedis>>;
  const prefix = `crtest-${randomBytes(4).toString('hex')}`;
  const owner = makeIdentity('treasury-owner');
  const recipient = '0x00000000000000000000000000000000000B0B01';
  const ADVANCE = parseEther('5');
  const MILESTONE = parseEther('10.000000000000000001');
  const COMPLETION = parseEther('15');

  beforeAll(async () => {
    chain = await startGovernanceChain({ hardfork: 'osaka' });
    const chainId = String(chain.chainId);
    api = await startTestApi({
      CHAIN_RPC_URL: chain.anvil.rpcUrl,
      CHAIN_ID: chainId,
      COUNCIL_ADDRESS: chain.addresses.council,
      GOVERNANCE_ADDRESS: chain.addresses.governance,
      TREASURY_ADDRESS: chain.addresses.treasury,
    });
    provider = chain.provider;
    treasury = new Contract(chain.addresses.treasury, treasuryInterface, provider);
    redis = await connectRedis(testConfig.REDIS_URL);
    workers = await startWorkers({
      db: api.deps.database.db,
      redis,
      config: loadWorkerConfig({
        REDIS_URL: testConfig.REDIS_URL,
        CHAIN_RPC_URL: chain.anvil.rpcUrl,
        CHAIN_ID: chainId,
        RELAYER_PRIVATE_KEY: ANVIL_DEFAULT_KEYS[3]!,
        QUEUE_PREFIX: prefix,
        WATCH_INTERVAL_MS: '200',
        LOG_LEVEL: 'silent',
      }),
      logger: createJsonLogger('silent'),
      events: api.deps.events,
      // The proposal module's projection too: it records the council's terms the payouts are counted by.
      plugins: governancePlugins(chain.addresses, 0, { chainId: Number(chainId) }),
    });
  }, 180_000);
  afterAll(async () => {
    await workers?.stop();
    const keys = redis ? await redis.keys(`${prefix}:*`) : [];
    if (keys.length > 0) await redis.del(...keys);
    redis?.disconnect();
    await api?.stop();
    await chain?.anvil.stop();
  });

  it('paid per term, per budget and the runway follow the withdrawals; reserved and cap equal the contract', async () => {
    const terms: ProposalTerms = {
      ...emptyTerms('NORMAL'),
      recipient,
      stages: [
        { kind: 'ADVANCE', amount: ADVANCE },
        { kind: 'CONDITIONED', amount: MILESTONE },
        { kind: 'COMPLETION', amount: COMPLETION },
      ],
    };
    const { draftHash } = await registerActive(chain, { owner, terms });
    const first = await mined(
      chain,
      'withdraw advance',
      withdrawCall(chain, { draftHash, owner, amount: ADVANCE, recipient, nonce: 1n }),
    );
    await mined(
      chain,
      'request',
      requestPaymentCall(chain, { draftHash, owner, stage: 1, stageCount: 3, amount: MILESTONE, nonce: 2n }),
    );
    await mined(
      chain,
      'approve',
      reviewPaymentCall(chain, {
        draftHash,
        signer: chain.secretary,
        approve: true,
        stage: 1,
        stageCount: 3,
        amount: MILESTONE,
        nonce: 1n,
      }),
    );
    const second = await mined(
      chain,
      'withdraw milestone',
      withdrawCall(chain, { draftHash, owner, amount: MILESTONE, recipient, nonce: 3n }),
    );
    expect(await provider.getBalance(recipient)).toBe(ADVANCE + MILESTONE);

    const o = await waitUntil('the payouts with a runway window', async () => {
      const x = await overviewAt(second.blockNumber);
      return x.runway.windowBlocks !== null ? x : undefined;
    });
    expect(figures(o)).toEqual(await contractState(o.blockNumber));
    const paid = weiToEla(ADVANCE + MILESTONE);
    expect(o.paidEla).toBe(paid);
    expect(o.paidByTerm).toEqual([{ term: 1, paidEla: paid, txHashes: [first.hash, second.hash] }]);
    const budget = o.budgets.find((b) => b.draftHash === draftHash.toLowerCase())!;
    expect(budget).toMatchObject({
      status: 'ACTIVE',
      proposal: null,
      budgetEla: weiToEla(ADVANCE + MILESTONE + COMPLETION),
      paidEla: paid,
      releasedEla: '0',
      reservedEla: '15',
    });
    // The contract still holds the completion stage: reserved, and by an ACTIVE proposal.
    expect(o.reservedEla).toBe('15');
    expect(o.reservedActiveEla).toBe('15');
    // Both payouts lie inside the 30-day window (the dev chain is younger): the pace and runway in exact wei.
    const balance = await provider.getBalance(chain.addresses.treasury, o.blockNumber);
    expect(o.runway.txHashes).toEqual([first.hash, second.hash]);
    expect(o.runway.perDayEla).toBe(weiToEla((ADVANCE + MILESTONE) / 30n));
    expect(o.runway.days).toBe(Number((balance * 30n) / (ADVANCE + MILESTONE)));
    // The balance series ends at the contract's balance, each step a transaction.
    expect(o.balanceSeries.at(-1)).toEqual({
      blockNumber: second.blockNumber,
      balanceEla: weiToEla(balance),
      txHash: second.hash,
    });
    expect(o.unexplainedEla).toBe('0');
  });
});

describe('when the chain cannot be read', () => {
  it('answers 503 treasury.unavailable: without a configured treasury, and with an RPC that does not answer', async () => {
    const envs: Record<string, string>[] = [
      {},
      {
        CHAIN_RPC_URL: 'http://127.0.0.1:9',
        CHAIN_ID: '31337',
        TREASURY_ADDRESS: '0x00000000000000000000000000000000000000aa',
      },
    ];
    for (const env of envs) {
      const t = await startTestApi(env);
      try {
        const res = await t.call('GET', '/treasury');
        expect(res.status).toBe(503);
        expect(res.body.error?.type).toBe('treasury.unavailable');
      } finally {
        await t.stop();
      }
    }
  });
});
