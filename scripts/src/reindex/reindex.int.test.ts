import { isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainCursor,
  chainEvents,
  councilMembers,
  councilTerms,
  governanceState,
  proposalMilestones,
  proposalNotifications,
  proposals,
  proposalVotes,
} from '@cr/core/db/schema';
import { startBlockWatcher } from '@cr/chain-worker/block-watcher';
import { governancePlugins } from '@cr/chain-worker/governance-plugins';
import { watcherLockKey } from '@cr/chain-worker/leader-lock';
import { bumpGeneration } from '@cr/core/cache/cache-generation';
import { connectRedis } from '@cr/core/infra/redis-connect';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import {
  CHAIN_ID,
  detail,
  makeProposal,
  mineTo,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from '../../../api/test/proposal-harness';
import { requestWallet } from '../../../api/test/wallet-harness';
import { testConfig } from '../../../api/test/test-config';
import { formatReport } from './reindex-report';
import { readProjectedState } from './reindex-state.repo';
import { reindex } from './run-reindex';
import { WatcherRunningError, withWatcherLock } from './watcher-lock';

/**
 * `npm run reindex` on a real chain: proposals driven through registration, council votes (one changed), the veto
 * window and finalize by the real api and worker; then the projected state is wiped and rebuilt from the events
 * alone, and must equal what the block watcher had built. A second run changes nothing.
 */
const V = 30;
let env: ProposalEnv;
let holder: Person;
let redis: Redis;
const ids: string[] = [];

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  holder = await env.person('holder');
  redis = await connectRedis(testConfig.REDIS_URL);
}, 180_000);
afterAll(async () => {
  redis?.disconnect();
  await env?.stop();
});

const db = () => env.t.deps.database.db;
const prefix = () => env.t.deps.config.QUEUE_PREFIX;
const run = (dryRun = false) =>
  withWatcherLock(redis, prefix(), (stillLocked) =>
    reindex({
      db: db(),
      provider: env.provider,
      chainId: CHAIN_ID,
      addresses: env.deployment.addresses,
      fromBlock: 0,
      dryRun,
      stillLocked,
      redis,
    }),
  );

async function veto(id: string, amount: string) {
  const req = await requestWallet(env.t, 'veto', holder.token, {
    proposalId: id,
    amount,
    from: holder.wallet.evmAddress,
  });
  expect(req.status).toBe(200);
  expect((await env.approve(req.body.data!.url, holder.name)).status).toBe(200);
  await waitForProposal(env, id, `veto ${amount} indexed`, (d) =>
    d.transactions.some((x) => x.kind === 'proposal.veto' && x.status === 'chained'),
  );
}

/** What a member sees of each proposal, read through the api, without the clock's estimates (they move with the time of reading). */
const details = async () =>
  JSON.parse(
    JSON.stringify(await Promise.all(ids.map((id) => detail(env, id))), (key, value: unknown) =>
      key === 'endDate' || key === 'endsAt' ? undefined : value,
    ),
  ) as ProposalDetail[];
/** A row the rebuild had to change (the wipe changed it) is updated now. */
const unstamped = (pages: ProposalDetail[]) => pages.map(({ updatedAt: _, ...p }) => p);

/** Signs a wallet action on p1 (the passed proposal) with `who`'s wallet. */
async function sign(who: Person, action: string, params: Record<string, unknown>) {
  const req = await requestWallet(env.t, action, who.token, { proposalId: ids[0], ...params });
  if (req.status !== 200) throw new Error(`${action} ${req.status} ${JSON.stringify(req.body)}`);
  expect((await env.approve(req.body.data!.url, who.name)).status).toBe(200);
}
const payments = async () =>
  (await env.t.call<ProposalPayments>('GET', `/proposals/${ids[0]}/payments`)).body.data!;
const waitStage = (stage: number, status: string) =>
  waitUntil(`stage ${stage} ${status}`, async () =>
    (await payments()).milestones[stage]?.status === status ? true : undefined,
  );
/** The payments page without the times the projection stamps (a stage the wipe moved is stamped again). */
const unstampedPayments = async () =>
  JSON.parse(
    JSON.stringify(await payments(), (key, value: unknown) =>
      ['requestedAt', 'reviewedAt', 'withdrawnAt'].includes(key) ? undefined : value,
    ),
  ) as unknown;

/** Loses everything the chain projection wrote, as a broken or partial restore would. */
async function wipeProjection() {
  const tx = db();
  await tx.delete(chainEvents);
  await tx.delete(chainCursor);
  await tx.delete(councilMembers);
  await tx.delete(councilTerms);
  await tx.delete(governanceState);
  // The texts the signed actions wrote stay (as in a restore of the site's own rows); the chain's state goes.
  await tx.update(proposalMilestones).set({
    status: 'WAITING_FOR_REQUEST',
    messageHash: null,
    opinionHash: null,
    approved: null,
    withdrawTxHash: null,
    withdrawBlock: null,
  });
  await tx.delete(proposalNotifications).where(like(proposalNotifications.kind, 'status:%'));
  await tx
    .update(proposals)
    .set({
      status: 'PROPOSED',
      registeredHeight: null,
      votingEndHeight: null,
      vetoEndHeight: null,
      yesCount: 7,
      vetoTotalWei: '0',
      vetoThresholdWei: null,
      vetoStakes: 0,
    })
    .where(isNotNull(proposals.draftHash));
  await tx.delete(proposalVotes).where(isNull(proposalVotes.reason));
  await tx.update(proposalVotes).set({ chainedChoice: null, chainedNonce: null, chainedAt: null });
  await bumpGeneration(redis, 'proposals'); // the api's cached answers see the loss
}

describe('npm run reindex', () => {
  it('rebuilds proposal, vote, veto and council state from the events alone, and a second run changes nothing', async () => {
    const { council } = env;
    const suggestions = await Promise.all([1, 2, 3].map(() => signedSuggestion(env, env.owner)));
    const made = await Promise.all(suggestions.map((s, i) => makeProposal(env, council[i]!, s._id)));
    ids.push(...made.map((m) => m.result!.proposalId));
    const [p1, p2, p3] = ids as [string, string, string];
    const registered = await Promise.all(
      ids.map((id) => waitForProposal(env, id, 'registration', (d) => d.window.votingEndHeight !== null)),
    );

    // p1: the first member votes oppose, then changes to yes (nonce 2); seven more yes. p2: eight yes. p3: one
    // yes and one abstain (rejected when the window closes).
    await voteAndPost(env, council[0]!, p1, 'oppose');
    await waitForProposal(env, p1, 'the oppose vote counted', (d) => d.outcome.tally.reject === 1);
    await Promise.all([
      voteAndPost(env, council[0]!, p1, 'yes', 'Changed my mind after the budget review.'),
      ...council.slice(1, 8).flatMap((m) => [voteAndPost(env, m, p1, 'yes'), voteAndPost(env, m, p2, 'yes')]),
      voteAndPost(env, council[0]!, p2, 'yes'),
      voteAndPost(env, council[8]!, p3, 'yes'),
      voteAndPost(env, council[9]!, p3, 'abstain'),
    ]);
    await waitForProposal(
      env,
      p1,
      '8 yes on p1',
      (d) => d.outcome.tally.support === 8 && d.outcome.tally.reject === 0,
    );
    await waitForProposal(env, p2, '8 yes on p2', (d) => d.outcome.tally.support === 8);
    await waitForProposal(
      env,
      p3,
      '2 votes on p3',
      (d) => d.outcome.tally.support + d.outcome.tally.abstention === 2,
    );

    // Veto window: a stake under the threshold on p1 (it passes), one above it on p2 (vetoed).
    await mineTo(env, Math.max(...registered.map((d) => d.window.votingEndHeight!)));
    await waitForProposal(env, p1, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION', 90_000);
    await waitForProposal(env, p2, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION', 90_000);
    await waitForProposal(env, p3, 'REJECT', (d) => d.status === 'REJECT', 90_000);
    await veto(p1, '50');
    await veto(p2, '150');
    await mineTo(env, Math.max(...registered.map((d) => d.window.vetoEndHeight!)));
    await waitForProposal(env, p1, 'ACTIVE', (d) => d.status === 'ACTIVE', 90_000);
    await waitForProposal(env, p2, 'VETOED', (d) => d.status === 'VETOED', 90_000);

    // p1's payments: the advance withdrawn; stage 2 requested, rejected with an opinion, requested again.
    await waitStage(0, 'WAITING_FOR_WITHDRAWAL');
    await sign(env.owner, 'withdraw', {});
    await waitStage(0, 'WITHDRAWN');
    await sign(env.owner, 'request-payment', { stage: 1, message: 'Beta build published.' });
    await waitStage(1, 'WAITING_FOR_APPROVAL');
    await sign(env.secretary, 'review-payment', {
      stage: 1,
      approve: false,
      opinion: 'Release notes missing.',
    });
    await waitStage(1, 'REJECTED');
    await sign(env.owner, 'request-payment', {
      stage: 1,
      message: 'Beta build published, with release notes.',
    });
    await waitStage(1, 'WAITING_FOR_APPROVAL');

    // A fourth proposal still in its voting window, with one vote.
    const s4 = await signedSuggestion(env, env.owner);
    const p4 = (await makeProposal(env, council[3]!, s4._id)).result!.proposalId;
    ids.push(p4);
    await waitForProposal(env, p4, 'registration', (d) => d.window.votingEndHeight !== null);
    await voteAndPost(env, council[4]!, p4, 'oppose');
    await waitForProposal(env, p4, 'the vote counted', (d) => d.outcome.tally.reject === 1);
    // Every action settled before the pages are read: a tally moves when its event is indexed, up to CONFIRMATIONS
    // blocks before the action itself shows chained (which the worker's confirmer, not the watcher, records).
    for (const id of ids)
      await waitForProposal(env, id, 'every action settled', (d) =>
        d.transactions.every((x) => x.status !== 'unchain' && x.status !== 'chaining'),
      );

    // Refused while the block watcher holds its lock; then the watcher stops and nothing indexes meanwhile.
    await expect(run()).rejects.toBeInstanceOf(WatcherRunningError);
    await env.workers!.watcher!.stop();
    const pages = await details();
    const paid = await payments();
    expect(paid.milestones[1]).toMatchObject({ message: 'Beta build published, with release notes.' });
    const paidUnstamped = await unstampedPayments();
    expect(pages.map((d) => d.status)).toEqual(['ACTIVE', 'VETOED', 'REJECT', 'PROPOSED']);
    const state = await readProjectedState(db());
    const changed = [...state.proposal_votes!]
      .filter(([key]) => key.startsWith(`${p1}:`))
      .map(([, v]) => v)
      .find((v) => v.memberDid === council[0]!.wallet.did);
    // The chain's second vote of that member (a higher nonce) is the one that counts.
    expect(changed).toMatchObject({ choice: 'yes', chainedChoice: 'yes', version: 2, chainedNonce: 2 });

    await wipeProjection();
    expect((await details()).map((d) => d.status)).toEqual(['PROPOSED', 'PROPOSED', 'PROPOSED', 'PROPOSED']);

    // A dry run reports what it would change and changes nothing.
    const dry = await run(true);
    expect(dry.dryRun).toBe(true);
    expect(dry.differences.length).toBeGreaterThan(0);
    expect(await db().$count(chainEvents)).toBe(0);

    const first = await run();
    console.log(formatReport(first));
    expect(first.proposalsByStatus).toEqual({ ACTIVE: 1, PROPOSED: 1, REJECT: 1, VETOED: 1 });
    expect(first.changedVotes).toBe(1);
    expect(first.eventsByKind['governance:VetoLocked']).toBe(2);
    // The owner's status e-mails of those moves were mailed long ago: recorded again, never sent again.
    expect(first.skippedMails).toBeGreaterThan(0);
    expect(await db().$count(proposalNotifications, sql`status = 'pending'`)).toBe(0);
    expect(await readProjectedState(db())).toEqual(state);
    const rebuilt = await details();
    expect(unstamped(rebuilt)).toEqual(unstamped(pages));
    expect(await unstampedPayments()).toEqual(paidUnstamped);
    const rebuiltPayments = await payments();

    const second = await run();
    console.log(formatReport(second));
    expect(second.differences).toEqual([]);
    expect(second.skippedMails).toBe(0);
    expect(await readProjectedState(db())).toEqual(state);
    expect(await details()).toEqual(rebuilt);
    expect(await payments()).toEqual(rebuiltPayments);

    // A watcher started afterwards goes on from the rebuilt cursors: a new vote is projected once.
    const plugins = governancePlugins(env.deployment.addresses, 0, { chainId: CHAIN_ID });
    const watcher = startBlockWatcher(env.workers!.context, {
      redis,
      lockKey: watcherLockKey(prefix()),
      intervalMs: 200,
      contracts: plugins.indexedContracts,
      closers: plugins.windowClosers,
      onEvents: plugins.onEvents,
    });
    try {
      await voteAndPost(env, council[5]!, p4, 'yes');
      const p4now = await waitForProposal(
        env,
        p4,
        'the new vote counted',
        (d) => d.outcome.tally.support === 1,
      );
      expect(p4now.outcome.tally).toMatchObject({ support: 1, reject: 1 });
      expect(await db().$count(chainEvents)).toBe(state.chain_events!.size + 1);
    } finally {
      await watcher.stop();
    }
  }, 420_000);
});
