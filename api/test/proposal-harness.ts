import { randomBytes } from 'node:crypto';
import { Wallet, parseEther, type JsonRpcProvider } from 'ethers';
import { ANVIL_DEFAULT_KEYS, startAnvil, type AnvilHandle } from '@cr/contracts-abi/anvil';
import {
  DEV_PARAMS,
  deployGovernance,
  setCirculatingSupply,
  setCouncil,
  setSecretary,
  topUpTreasury,
  type GovernanceDeployment,
} from '@cr/contracts-abi/deploy';
import { createProvider } from '@cr/contracts-abi/provider';
import { resolveDid } from '@cr/did/did-backend';
import { approveRequest } from '@cr/did/wallet/wallet-approve';
import type { WalletInfo } from '@cr/did/wallet/wallet-store';
import { startWorkers, type RunningWorkers } from '@cr/chain-worker/worker-registry';
import { governancePlugins } from '@cr/chain-worker/governance-plugins';
import { loadWorkerConfig } from '@cr/chain-worker/worker-config';
import { createJsonLogger } from '@cr/chain-worker/worker-logger';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { listIdleOpenActions } from '@cr/core/chain/chain-action.repo';
import type { ProposalDetail, VoteChoice } from '@cr/contract/proposal.contract';
import type { SuggestionContentInput } from '@cr/contract/suggestion-content.contract';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import type { UserRow } from '@cr/core/db/schema';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import type { Role } from '@cr/contract/user.contract';
import type { ReminderOptions } from '../src/modules/proposal/proposal-rules';
import { makeUser } from './factories';
import { postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';
import { testConfig } from './test-config';
import { requestWallet, walletState, walletsFor } from './wallet-harness';

export const CHAIN_ID = 31337;

export interface Person {
  name: string;
  wallet: WalletInfo;
  user: UserRow;
  token: string;
}

export interface ProposalEnv {
  t: TestApi;
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  deployment: GovernanceDeployment;
  /** The in-process chain worker (null with `inProcessWorkers: false`: the test runs worker processes itself). */
  workers: RunningWorkers | null;
  votingPeriodBlocks: number;
  /** The 12 seated members of term 1, with site accounts of role COUNCIL. */
  council: Person[];
  /** The secretary general on chain, with a SECRETARY account. */
  secretary: Person;
  /** A member who writes and signs suggestions. */
  owner: Person;
  /** Makes another dev wallet with a site account (not seated). */
  person(name: string, role?: Role): Promise<Person>;
  approve(qr: string, walletName: string): Promise<{ status: number; body: unknown }>;
  stop(): Promise<void>;
}

async function publicKeyOf(did: string): Promise<string> {
  return (await resolveDid(did)).getDefaultPublicKey().getPublicKeyBase58();
}

/**
 * A real local chain with the governance contracts (short windows), a seated council of 12 dev wallets, a
 * secretary general, a funded treasury, the real api (with the EID simulator) and a real chain worker in process
 * with the proposal plugins; the api's mail worker sends what they queue. Queues live under a private prefix on the shared Redis.
 */
export async function startProposalEnv(
  /** blockTime 0: a block per transaction only (automine); the test moves the chain with `mineTo`. */
  opts: {
    votingPeriodBlocks?: number;
    blockTime?: number;
    reminders?: ReminderOptions;
    /** More api settings (e.g. WALLET_TX_WAIT_MS). */
    apiEnv?: Record<string, string>;
    /** false: no chain worker in this process (the fault suite runs `npm run start:worker` children instead). */
    inProcessWorkers?: boolean;
    /** Where the in-process worker's log lines go, at level info (a test reads them). */
    workerLog?: (line: string) => void;
  } = {},
): Promise<ProposalEnv> {
  const votingPeriodBlocks = opts.votingPeriodBlocks ?? 40;
  const blockTime = opts.blockTime ?? 0.25;
  const anvil = await startAnvil({
    ...(blockTime > 0 ? { blockTime } : {}),
    hardfork: 'osaka',
    chainId: CHAIN_ID,
  });
  const provider = createProvider(anvil.rpcUrl, 100);
  const operator = new Wallet(ANVIL_DEFAULT_KEYS[0]!, provider);
  const deployment = await deployGovernance(operator, { ...DEV_PARAMS, votingPeriodBlocks });
  const prefix = `crtest-${randomBytes(4).toString('hex')}`;
  const t = await startTestApi(
    {
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(CHAIN_ID),
      COUNCIL_ADDRESS: deployment.addresses.council,
      GOVERNANCE_ADDRESS: deployment.addresses.governance,
      TREASURY_ADDRESS: deployment.addresses.treasury,
      VOTING_PERIOD_BLOCKS: String(votingPeriodBlocks),
      // The api's queues (chain actions, mail) on the same private prefix as the worker below.
      QUEUE_PREFIX: prefix,
      ...opts.apiEnv,
    },
    { did: true },
  );

  const w = walletsFor(t);
  const person = async (name: string, role: Role = 'MEMBER'): Promise<Person> => {
    const wallet = await w.create(name);
    const { user, token } = await makeUser(t.deps.database.db, { did: wallet.did, role });
    await provider.send('anvil_setBalance', [wallet.evmAddress, `0x${parseEther('1000').toString(16)}`]);
    return { name, wallet, user, token };
  };
  const council: Person[] = [];
  for (let i = 0; i < 12; i++)
    council.push(await person(`council-${String(i + 1).padStart(2, '0')}`, 'COUNCIL'));
  const secretary = await person('secretary', 'SECRETARY');
  const owner = await person('owner');
  await setCouncil(deployment.contracts, {
    term: 1,
    seats: 12,
    members: await Promise.all(
      council.map(async (m) => ({ did: m.wallet.did, publicKey: await publicKeyOf(m.wallet.did) })),
    ),
  });
  await setSecretary(deployment.contracts, {
    did: secretary.wallet.did,
    publicKey: await publicKeyOf(secretary.wallet.did),
  });
  await provider.send('anvil_setBalance', [operator.address, `0x${parseEther('1000000').toString(16)}`]);
  await topUpTreasury(operator, deployment.addresses, parseEther('100000'));
  // 1,000 ELA circulating: the veto threshold (10%) is 100 ELA, which a dev wallet can exceed.
  await setCirculatingSupply(deployment.contracts, parseEther('1000'));

  const approve = (qr: string, walletName: string) =>
    approveRequest(qr, walletName, { ...w.opts, chainRpcUrl: anvil.rpcUrl, chainId: CHAIN_ID });
  if (opts.inProcessWorkers === false)
    return {
      t,
      anvil,
      provider,
      deployment,
      workers: null,
      votingPeriodBlocks,
      council,
      secretary,
      owner,
      person,
      approve,
      async stop() {
        await t.stop();
        provider.destroy();
        await anvil.stop();
      },
    };

  const redis = await connectRedis(testConfig.REDIS_URL);
  const config = loadWorkerConfig({
    REDIS_URL: testConfig.REDIS_URL,
    CHAIN_RPC_URL: anvil.rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    RELAYER_PRIVATE_KEY: ANVIL_DEFAULT_KEYS[1]!,
    CONFIRMATIONS: '1',
    QUEUE_PREFIX: prefix,
    JOB_LOCK_MS: '5000',
    DISPATCH_INTERVAL_MS: '500',
    DISPATCH_IDLE_MS: '3000',
    WATCH_INTERVAL_MS: '200',
    CONFIRM_POLL_MAX_MS: '300',
    RETRY_MAX_MS: '1000',
    WORKER_CONCURRENCY: '12',
    LOG_LEVEL: 'silent',
  });
  // TEST_WORKER_LOG=warn (or info) prints the in-process worker's log.
  const debugLog = process.env.TEST_WORKER_LOG as 'info' | 'warn' | undefined;
  const workers = await startWorkers({
    db: t.deps.database.db,
    redis,
    config,
    logger: opts.workerLog
      ? createJsonLogger('info', 'chain-worker', opts.workerLog)
      : createJsonLogger(debugLog ?? 'silent'),
    events: t.deps.events,
    // As in `npm start`: the worker counts its changes on the api's metrics and names its relayer there.
    metrics: t.deps.metrics,
    plugins: governancePlugins(deployment.addresses, 0, {
      chainId: CHAIN_ID,
      reminders: opts.reminders,
      mail: { mailQueue: t.deps.mailQueue, logger: t.deps.logger },
    }),
  });
  return {
    t,
    anvil,
    provider,
    deployment,
    workers,
    votingPeriodBlocks,
    council,
    secretary,
    owner,
    person,
    approve,
    async stop() {
      await workers.stop();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await t.stop();
      provider.destroy();
      await anvil.stop();
    },
  };
}

/** Mines empty blocks up to `height` and waits until the block watcher has seen it (api's chain head). */
export async function mineTo(env: ProposalEnv, height: number): Promise<void> {
  const current = await env.provider.getBlockNumber();
  if (height > current) await env.provider.send('anvil_mine', [`0x${(height - current).toString(16)}`]);
  await waitUntil(`the watcher at block ${height}`, async () => {
    const res = await env.t.call<{ height: number }>('GET', '/chain/head');
    return res.body.data && res.body.data.height >= height ? true : undefined;
  });
}

/** Polls `probe` until it returns a value (not undefined), or throws after `timeoutMs` with the last state. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
  intervalMs = 150,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function detail(env: ProposalEnv, id: string, token?: string): Promise<ProposalDetail> {
  const res = await env.t.call<ProposalDetail>('GET', `/proposals/${id}`, { token });
  if (res.status !== 200) throw new Error(`detail ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
}

const openActionFields = (r: ChainActionRow) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  dependsOnId: r.dependsOnId,
  nonce: r.nonce,
  txHash: r.txHash,
  blockNumber: r.blockNumber,
  lastError: r.lastError,
  updatedAt: r.updatedAt.toISOString(),
});

/** Waits until the proposal detail satisfies `ok` (on timeout, prints the chain actions still open). */
export function waitForProposal(
  env: ProposalEnv,
  id: string,
  what: string,
  ok: (d: ProposalDetail) => boolean,
  timeoutMs = 60_000,
): Promise<ProposalDetail> {
  return waitUntil(
    what,
    async () => {
      const d = await detail(env, id);
      return ok(d) ? d : undefined;
    },
    timeoutMs,
  ).catch(async (err: unknown) => {
    // What the chain side still holds open, to tell a stuck action from a slow one.
    const open = await listIdleOpenActions(env.t.deps.database.db, 0, 100);
    console.error(`${what}: chain actions still open`, JSON.stringify(open.map(openActionFields), null, 1));
    throw err;
  });
}

/** Posts a suggestion as `author` and signs it with the author's wallet (the owner statement). */
export async function signedSuggestion(
  env: ProposalEnv,
  author: Person,
  overrides: Partial<SuggestionContentInput> = {},
): Promise<SuggestionDetail> {
  const s = await postSuggestion(env.t, author.token, overrides);
  const req = await requestWallet(env.t, 'sign-suggestion', author.token, s._id);
  if (req.status !== 200) throw new Error(`sign request ${req.status} ${JSON.stringify(req.body)}`);
  const res = await env.approve(req.body.data!.url, author.name);
  if (res.status !== 200) throw new Error(`sign ${res.status} ${JSON.stringify(res.body)}`);
  return s;
}

/** The nominee (or the secretary general) of a change suggestion co-signs it through the QR (co-sign-nomination). */
export async function coSignNomination(
  env: ProposalEnv,
  who: Person,
  suggestionId: string,
  role: 'NOMINEE' | 'SECRETARY' = 'NOMINEE',
) {
  const req = await requestWallet(env.t, 'co-sign-nomination', who.token, { suggestionId, role });
  if (req.status !== 200) throw new Error(`co-sign request ${req.status} ${JSON.stringify(req.body)}`);
  const res = await env.approve(req.body.data!.url, who.name);
  if (res.status !== 200) throw new Error(`co-sign ${res.status} ${JSON.stringify(res.body)}`);
}

/** A council member makes the suggestion a proposal through the QR; returns the wallet result. */
export async function makeProposal(env: ProposalEnv, member: Person, subjectId: string) {
  const req = await requestWallet(env.t, 'make-proposal', member.token, subjectId);
  if (req.status !== 200) return { request: req, approval: null, result: null };
  const approval = await env.approve(req.body.data!.url, member.name);
  const state = (await walletState(env.t, req.body.data!.id, req.body.data!.secret)).body.data!;
  return { request: req, approval, result: state.result as { proposalId: string; number: number } | null };
}

/** The member votes on the page, then posts the vote to the chain with the wallet. */
export async function voteAndPost(
  env: ProposalEnv,
  member: Person,
  proposalId: string,
  choice: VoteChoice,
  reason = `${member.name} votes ${choice}: reviewed the budget and milestones.`,
) {
  const put = await env.t.call('PUT', `/proposals/${proposalId}/vote`, {
    token: member.token,
    body: { choice, reason },
  });
  if (put.status !== 200) throw new Error(`vote ${member.name} ${put.status} ${JSON.stringify(put.body)}`);
  const req = await requestWallet(env.t, 'vote', member.token, proposalId);
  if (req.status !== 200) throw new Error(`vote request ${req.status} ${JSON.stringify(req.body)}`);
  const res = await env.approve(req.body.data!.url, member.name);
  if (res.status !== 200) throw new Error(`vote post ${res.status} ${JSON.stringify(res.body)}`);
  return put.body.data;
}

/**
 * A milestone (or a conclusion) whose latest signed action is no longer on its way to the chain. Its status moves
 * when the chain's event is indexed, up to CONFIRMATIONS blocks before the action is `chained`; the next action on
 * it is refused (`milestone.pending`) until then, so a test waits for both.
 */
export const settled = (m: { action?: { status: string } | null } | undefined) =>
  !m?.action || (m.action.status !== 'unchain' && m.action.status !== 'chaining');

/**
 * The suggestion `ref` made a proposal by the first council member, registered on chain, and eight yes votes posted
 * on chain and counted; its voting window is still open. Returns the proposal as registered (its windows, its hash).
 */
export async function votedProposal(env: ProposalEnv, ref: string): Promise<ProposalDetail> {
  const made = await makeProposal(env, env.council[0]!, ref);
  if (!made.result) throw new Error(`make-proposal ${JSON.stringify(made.request.body)}`);
  const id = made.result.proposalId;
  const registered = await waitForProposal(
    env,
    id,
    'registration on chain',
    (d) => d.window.votingEndHeight !== null && d.chainStatus === 'chained',
  );
  await Promise.all(env.council.slice(0, 8).map((m) => voteAndPost(env, m, id, 'yes')));
  await waitForProposal(env, id, '8 votes counted', (d) => d.outcome.tally.support === 8);
  return registered;
}

/**
 * A suggestion of `author`'s, signed, voted through (votedProposal), and both windows mined through: ACTIVE.
 * Returns its id, number and draft hash.
 */
export async function passedProposal(
  env: ProposalEnv,
  author: Person,
): Promise<{ id: string; number: number; draftHash: string }> {
  const s = await signedSuggestion(env, author);
  const registered = await votedProposal(env, s._id);
  const id = registered._id;
  await mineTo(env, registered.window.votingEndHeight!);
  await waitForProposal(env, id, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION');
  await mineTo(env, registered.window.vetoEndHeight!);
  await waitForProposal(env, id, 'ACTIVE', (d) => d.status === 'ACTIVE');
  return { id, number: registered.number!, draftHash: registered.hash! };
}
