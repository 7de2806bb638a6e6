import { count } from 'drizzle-orm';
import { keccak256, toUtf8Bytes } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import { proposalConclusions } from '@cr/core/db/schema/conclusion.schema';
import { proposalMilestones } from '@cr/core/db/schema/milestone.schema';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { walletRequests } from '@cr/core/db/schema/wallet-requests.schema';
import {
  makeProposal,
  mineTo,
  settled,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from './proposal-harness';
import { requestWallet, walletState } from './wallet-harness';

/**
 * Every relayed action kind is refused before signing when the chain would refuse it, even where the site's index
 * has not seen the chain's change yet (the block watcher is stopped, so only the chain knows): nothing is stored,
 * no wallet request, no chain action, no domain change. Kinds: registration, council vote, payment request,
 * payment review, withdrawal, conclusion (the owner's and the secretary general's signatures).
 */
const V = 20;
let env: ProposalEnv;
/** P1: stage 2 requested (WAITING_FOR_APPROVAL); P3: the advance due, stage 2 requestable; P2: voting. */
let p1: string;
let p3: string;
let p2: string;
let s2: string;
/** The chain while P1 and P3 were in their veto window (NOTIFICATION), before they became ACTIVE. */
let beforeActive: string;

const errorType = (res: { body: unknown }) => (res.body as { error?: { type: string } }).error?.type;

async function sign(who: Person, action: string, params: Record<string, unknown>) {
  const req = await requestWallet(env.t, action, who.token, params);
  if (req.status !== 200) throw new Error(`${action} ${req.status} ${JSON.stringify(req.body)}`);
  expect((await env.approve(req.body.data!.url, who.name)).status).toBe(200);
  expect((await walletState(env.t, req.body.data!.id, req.body.data!.secret)).body.data!.status).toBe(
    'signed',
  );
}

async function activeProposal(member: Person): Promise<{ id: string; votingEnd: number; vetoEnd: number }> {
  const s = await signedSuggestion(env, env.owner);
  const made = await makeProposal(env, member, s._id);
  const id = made.result!.proposalId;
  const d = await waitForProposal(env, id, 'registered', (x) => x.window.votingEndHeight !== null);
  for (const m of env.council.slice(0, 8)) await voteAndPost(env, m, id, 'yes');
  await waitForProposal(env, id, '8 votes', (x) => x.outcome.tally.support === 8);
  return { id, votingEnd: d.window.votingEndHeight!, vetoEnd: d.window.vetoEndHeight! };
}

/** Waits until stage `stage` of the proposal shows `status` with no action of it on its way. */
const waitStage = (id: string, stage: number, status: string) =>
  waitUntil(`stage ${stage + 1} ${status}`, async () => {
    const res = await env.t.call<{ milestones: { status: string; action?: { status: string } | null }[] }>(
      'GET',
      `/proposals/${id}/payments`,
    );
    const m = res.body.data?.milestones[stage];
    return m?.status === status && settled(m) ? true : undefined;
  });

/** What a refused request must leave as it was: requests, chain actions, proposals, milestones, conclusions. */
async function stored() {
  const db = env.t.deps.database.db;
  const [w, a, p, m, c] = await Promise.all([
    db.select({ n: count() }).from(walletRequests),
    db.select({ n: count() }).from(chainActions),
    db.select().from(proposals),
    db.select().from(proposalMilestones),
    db.select({ n: count() }).from(proposalConclusions),
  ]);
  return {
    walletRequests: w[0]!.n,
    chainActions: a[0]!.n,
    proposals: p.map((r) => [r.id, r.status, r.updatedAt.toISOString()]).sort(),
    milestones: m.map((r) => [r.id, r.status, r.actionId]).sort(),
    conclusions: c[0]!.n,
  };
}

/** The request is refused with `type` (409) and nothing is stored. */
async function refused(who: Person, action: string, params: string | Record<string, unknown>, type: string) {
  const before = await stored();
  const res = await requestWallet(env.t, action, who.token, params);
  expect(errorType(res), `${action}: ${JSON.stringify(res.body)}`).toBe(type);
  expect(res.status).toBe(409);
  expect(await stored()).toEqual(before);
}

const operator = () => env.deployment.contracts;
const mined = async (sent: Promise<{ wait(): Promise<unknown> }>) => (await sent).wait();

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  const a = await activeProposal(env.council[0]!);
  const b = await activeProposal(env.council[1]!);
  [p1, p3] = [a.id, b.id];
  await mineTo(env, Math.max(a.votingEnd, b.votingEnd));
  for (const id of [p1, p3])
    await waitForProposal(env, id, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION');
  beforeActive = (await env.provider.send('evm_snapshot', [])) as string;
  await mineTo(env, Math.max(a.vetoEnd, b.vetoEnd));
  for (const id of [p1, p3]) await waitForProposal(env, id, 'ACTIVE', (d) => d.status === 'ACTIVE');
  for (const id of [p1, p3]) await waitStage(id, 0, 'WAITING_FOR_WITHDRAWAL');
  await sign(env.owner, 'request-payment', { proposalId: p1, stage: 1, message: 'Beta build published.' });
  await waitStage(p1, 1, 'WAITING_FOR_APPROVAL');
  s2 = (await signedSuggestion(env, env.owner))._id;
  const s4 = await signedSuggestion(env, env.owner);
  p2 = (await makeProposal(env, env.council[2]!, s4._id)).result!.proposalId;
  await waitForProposal(env, p2, 'P2 registered', (d) => d.window.votingEndHeight !== null);
  const put = await env.t.call('PUT', `/proposals/${p2}/vote`, {
    token: env.council[0]!.token,
    body: { choice: 'yes', reason: 'Reviewed the plan and the budget.' },
  });
  expect(put.status).toBe(200);
  // From here on the site's index stands still: only the chain knows what changes.
  await env.workers!.watcher!.stop();
}, 400_000);
afterAll(async () => {
  await env?.stop();
});

describe('actions the chain would refuse are refused before signing, with nothing stored', () => {
  it('withdrawal: the treasury holds less than the approved advance', async () => {
    const treasury = env.deployment.addresses.treasury;
    const balance = await env.provider.getBalance(treasury);
    await env.provider.send('anvil_setBalance', [treasury, '0x1']);
    await refused(env.owner, 'withdraw', { proposalId: p3 }, 'chain.treasury_insufficient');
    await env.provider.send('anvil_setBalance', [treasury, `0x${balance.toString(16)}`]);
  });

  it('registration and council vote: the member lost their seat on chain', async () => {
    const member = env.council[0]!;
    await mined(operator().council.getFunction('removeMember')(keccak256(toUtf8Bytes(member.wallet.did))));
    await refused(member, 'make-proposal', s2, 'chain.not_council_member');
    await refused(member, 'vote', p2, 'chain.not_council_member');
  });

  it('payment review and conclusion: another secretary general is seated on chain', async () => {
    const other = await env.person('next-secretary');
    const { resolveDid } = await import('@cr/did/did-backend');
    const key = (await resolveDid(other.wallet.did)).getDefaultPublicKey().getPublicKeyBase58();
    const { setSecretary } = await import('@cr/contracts-abi/deploy');
    await setSecretary(operator(), { did: other.wallet.did, publicKey: key });
    await refused(
      env.secretary,
      'review-payment',
      { proposalId: p1, stage: 1, approve: true, opinion: 'Looks fine.' },
      'chain.not_secretary',
    );
    await refused(
      env.secretary,
      'conclude',
      { proposalId: p1, outcome: 'INCOMPLETED', note: 'Stopped.' },
      'chain.not_secretary',
    );
  });

  it('payment request and conclusion: the proposal is not active on chain', async () => {
    // The index says ACTIVE; the chain goes back to before the veto window of P3 was finalized.
    await env.provider.send('evm_revert', [beforeActive]);
    await new Promise((r) => setTimeout(r, 500));
    await refused(
      env.owner,
      'request-payment',
      { proposalId: p3, stage: 1, message: 'Beta build published.' },
      'chain.proposal_not_active',
    );
    await refused(
      env.owner,
      'conclude',
      { proposalId: p3, outcome: 'INCOMPLETED', note: 'Stopped.' },
      'chain.wrong_status',
    );
  });
});
