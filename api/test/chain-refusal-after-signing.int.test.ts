import { and, desc, eq } from 'drizzle-orm';
import { AbiCoder, keccak256, toBeHex, toUtf8Bytes, zeroPadValue } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProposalStatus, nameOf } from '@cr/contracts-abi/governance-enums';
import type { ChainActionView } from '@cr/contract/chain.contract';
import type { ProposalConclusion } from '@cr/contract/conclusion.contract';
import type { Inbox } from '@cr/contract/inbox.contract';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import {
  detail,
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
 * Issue 46: the chain refuses a signed action for good AFTER the site accepted and signed it (the site's checks
 * passed) and BEFORE its block. Blocks are held (automine off) while the worker sends the action; the chain state
 * the contract reads is then changed directly on anvil (a member's or the owner's or the secretary general's key,
 * the treasury's balance) and the block is mined, so the relayed call reverts. Then every public answer is read:
 * the chain action is `failed`, not retryable, with the decoded reason; the domain record is what the chain holds
 * (docs/chain-refusals.md, "When the chain still refuses after signing"); the public proposal detail and list show
 * the status the chain holds; the signers find a notice in their inbox and an e-mail in the mailbox.
 * Registration is covered by proposal-budget-cap.int.test.ts.
 */
const V = 20;
const abi = AbiCoder.defaultAbiCoder();
let env: ProposalEnv;
/** Voting (PROPOSED). */
let voting: { id: string; draftHash: string };
/** ACTIVE, its advance due (WAITING_FOR_WITHDRAWAL), stage 2 requestable. */
let active: { id: string; draftHash: string };

const payments = async (token?: string) =>
  (await env.t.call<ProposalPayments>('GET', `/proposals/${active.id}/payments`, { token })).body.data!;
const conclusion = async (token?: string) =>
  (await env.t.call<ProposalConclusion>('GET', `/proposals/${active.id}/conclusion`, { token })).body.data!;
const inbox = async (p: Person) => (await env.t.call<Inbox>('GET', '/inbox', { token: p.token })).body.data!;
const publicList = async () =>
  (await env.t.call<{ list: { _id: string; status: string }[] }>('GET', '/proposals')).body.data!.list;
const waitStage = (stage: number, status: string) =>
  waitUntil(`stage ${stage + 1} ${status}`, async () => {
    const p = await payments();
    return p.milestones[stage]?.status === status && settled(p.milestones[stage]) ? p : undefined;
  });

/** The proposal's status on chain, by its name as the site shows it. */
async function chainStatusOf(draftHash: string): Promise<string> {
  const p = (await env.deployment.contracts.governance.getFunction('proposal')(draftHash)) as {
    status: bigint;
  };
  return nameOf(ProposalStatus, p.status);
}

/** The storage slot of `address` holding `value`: word `k` (0..span) of the record at `base(p)`, p in 0..40. */
async function slotHolding(
  address: string,
  value: string,
  base: (p: bigint) => bigint,
  span = 1,
): Promise<bigint> {
  for (let p = 0n; p < 40n; p++) {
    const slots = Array.from({ length: span }, (_, k) => base(p) + BigInt(k));
    const words = await Promise.all(slots.map((s) => env.provider.getStorage(address, s)));
    const i = words.findIndex((w) => w.toLowerCase() === value.toLowerCase());
    if (i >= 0) return slots[i]!;
  }
  throw new Error(`no slot of ${address} holds ${value}`);
}
const mappingSlot = (key: string, p: bigint) =>
  BigInt(keccak256(abi.encode(['bytes32', 'uint256'], [key, p])));

/** Replaces a P-256 public key's x coordinate on chain with another word; answers how to put it back. */
async function corruptKey(address: string, slot: bigint, qx: string): Promise<() => Promise<void>> {
  const set = (v: string) => env.provider.send('anvil_setStorageAt', [address, toBeHex(slot, 32), v]);
  await set(zeroPadValue(toBeHex(BigInt(qx) ^ 1n), 32));
  return async () => {
    await set(qx);
  };
}

/** The secretary general's key on chain is no longer the one that signed (as if another were seated). */
async function corruptSecretaryKey() {
  const council = env.deployment.addresses.council;
  const qx = (await env.deployment.contracts.council.getFunction('secretaryQx')()) as string;
  return corruptKey(council, await slotHolding(council, qx, (p) => p), qx);
}

/** The proposal's owner key on chain is no longer the one that signed. */
async function corruptOwnerKey(draftHash: string) {
  const governance = env.deployment.addresses.governance;
  const p = (await env.deployment.contracts.governance.getFunction('proposal')(draftHash)) as {
    ownerQx: string;
  };
  return corruptKey(
    governance,
    await slotHolding(governance, p.ownerQx, (b) => mappingSlot(draftHash, b), 16),
    p.ownerQx,
  );
}

/** The council member's seat key of term 1 on chain is no longer the one that signed. */
async function corruptMemberKey(member: Person) {
  const council = env.deployment.addresses.council;
  const memberId = keccak256(toUtf8Bytes(member.wallet.did));
  const [, qx] = (await env.deployment.contracts.council.getFunction('memberKey')(1, memberId)) as [
    boolean,
    string,
  ];
  const termSlot = (p: bigint) => keccak256(abi.encode(['uint32', 'uint256'], [1, p]));
  const slot = await slotHolding(
    council,
    qx,
    (p) => BigInt(keccak256(abi.encode(['bytes32', 'bytes32'], [memberId, termSlot(p)]))),
    4,
  );
  return corruptKey(council, slot, qx);
}

/**
 * Signs with `sign` while blocks are held; once the worker has sent the action of `kind` (chaining), `change`
 * alters the chain and the block is mined, so the call reverts in it. Waits until the action is failed, then undoes
 * the change. Answers the failed action as the public API shows it.
 */
async function refusedInBlock(
  kind: string,
  sign: () => Promise<unknown>,
  change: () => Promise<() => Promise<void>>,
): Promise<ChainActionView> {
  const db = env.t.deps.database.db;
  const latest = async () =>
    (
      await db
        .select()
        .from(chainActions)
        .where(eq(chainActions.kind, kind))
        .orderBy(desc(chainActions.createdAt))
        .limit(1)
    )[0];
  const before = (await latest())?.id;
  await env.provider.send('evm_setAutomine', [false]);
  let undo: (() => Promise<void>) | undefined;
  let id: string;
  try {
    await sign();
    id = await waitUntil(`the ${kind} action sent`, async () => {
      const row = await latest();
      return row && row.id !== before && row.status === 'chaining' ? row.id : undefined;
    });
    undo = await change();
    await env.provider.send('evm_mine', []);
  } finally {
    await env.provider.send('evm_setAutomine', [true]);
  }
  try {
    await waitUntil(`the ${kind} action failed`, async () => {
      const [row] = await db
        .select()
        .from(chainActions)
        .where(and(eq(chainActions.id, id), eq(chainActions.status, 'failed')));
      return row;
    });
  } finally {
    // Undone only now: the worker replays the call at its block to decode the reason.
    await undo?.();
  }
  const res = await env.t.call<ChainActionView>('GET', `/chain-actions/${id}`);
  expect(res.status).toBe(200);
  return res.body.data!;
}

/** The action is failed for good with the contract's reason; a retry is refused. */
async function expectPermanent(action: ChainActionView, reason: RegExp, who: Person) {
  expect(action).toMatchObject({ status: 'failed', failureType: 'chain.reverted', retryable: false });
  expect(action.failureReason).toMatch(reason);
  const retry = await env.t.call('POST', `/chain-actions/${action.id}/retry`, { token: who.token });
  expect(retry.status).toBe(409);
}

/** Each signer has one unread `chain-refused` notice for this refusal, with the reason, and an e-mail. */
async function expectTold(signers: Person[], proposalId: string, reason: RegExp, count: number) {
  for (const p of signers) {
    const items = await waitUntil(`${p.name}'s notice`, async () => {
      const found = (await inbox(p)).items.filter((i) => i.kind === 'chain-refused');
      return found.length >= count ? found : undefined;
    });
    expect(items).toHaveLength(count);
    const newest = items.find((i) => reason.test(i.excerpt ?? ''));
    expect(newest, JSON.stringify(items)).toBeDefined();
    expect(newest!).toMatchObject({ read: false, link: `/proposals/${proposalId}` });
    await waitUntil(`${p.name}'s e-mail`, async () => {
      const mails = env.t.mailbox
        .messages()
        .filter(
          (m) => m.subject.startsWith('The chain refused') && m.to.some((to) => to.includes(p.user.email!)),
        );
      return mails.length >= count ? true : undefined;
    });
  }
}

/** The public detail and list show the status the chain holds for the proposal. */
async function expectPublicStatusBacked(p: { id: string; draftHash: string }, status: string) {
  expect(await chainStatusOf(p.draftHash)).toBe(status);
  expect((await detail(env, p.id)).status).toBe(status);
  expect((await publicList()).find((x) => x._id === p.id)?.status).toBe(status);
}

async function sign(who: Person, action: string, params: Record<string, unknown>) {
  const req = await requestWallet(env.t, action, who.token, params);
  if (req.status !== 200) throw new Error(`${action} ${req.status} ${JSON.stringify(req.body)}`);
  expect((await env.approve(req.body.data!.url, who.name)).status).toBe(200);
  expect((await walletState(env.t, req.body.data!.id, req.body.data!.secret)).body.data!.status).toBe(
    'signed',
  );
}

async function registered(member: Person) {
  const s = await signedSuggestion(env, env.owner);
  const id = (await makeProposal(env, member, s._id)).result!.proposalId;
  const d = await waitForProposal(env, id, 'registered', (x) => x.window.votingEndHeight !== null);
  return { id, draftHash: d.hash!, votingEnd: d.window.votingEndHeight!, vetoEnd: d.window.vetoEndHeight! };
}

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  const a = await registered(env.council[0]!);
  await Promise.all(env.council.slice(0, 8).map((m) => voteAndPost(env, m, a.id, 'yes')));
  await waitForProposal(env, a.id, '8 votes', (x) => x.outcome.tally.support === 8);
  await mineTo(env, a.votingEnd);
  await waitForProposal(env, a.id, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION');
  await mineTo(env, a.vetoEnd);
  await waitForProposal(env, a.id, 'ACTIVE', (d) => d.status === 'ACTIVE');
  active = a;
  await waitStage(0, 'WAITING_FOR_WITHDRAWAL');
  voting = await registered(env.council[1]!);
}, 300_000);
afterAll(async () => {
  await env?.stop();
});

describe('an action the chain refuses after it was signed leaves a truthful public state', () => {
  it('council vote: not counted, shown failed, postable again; the proposal stays Voting; the member is told', async () => {
    const member = env.council[5]!;
    const tally = (await detail(env, voting.id)).outcome.tally;
    const action = await refusedInBlock(
      'proposal.vote',
      () => voteAndPost(env, member, voting.id, 'yes'),
      () => corruptMemberKey(member),
    );
    await expectPermanent(action, /InvalidSignature/, member);
    const d = await waitForProposal(env, voting.id, 'the vote shown failed', (x) =>
      x.votes.some((v) => v.member.did === member.wallet.did && v.chainStatus === 'failed'),
    );
    const row = d.votes.find((v) => v.member.did === member.wallet.did)!;
    expect(row).toMatchObject({ chainedChoice: null, result: 'undecided', chainActionId: action.id });
    expect(d.outcome.tally).toEqual(tally);
    await expectPublicStatusBacked(voting, 'PROPOSED');
    await expectTold([member], voting.id, /InvalidSignature/, 1);

    // Postable again while the window is open: the new vote is counted.
    await voteAndPost(env, member, voting.id, 'yes');
    // The indexer counts the vote from its event and the confirmer marks the action chained: two paths, either first.
    const counted = await waitForProposal(
      env,
      voting.id,
      'the new vote counted and chained',
      (x) =>
        x.outcome.tally.support === tally.support + 1 &&
        x.votes.some((v) => v.member.did === member.wallet.did && v.chainStatus === 'chained'),
    );
    expect(counted.votes.find((v) => v.member.did === member.wallet.did)).toMatchObject({
      chainStatus: 'chained',
      chainedChoice: 'yes',
      result: 'support',
    });
  });

  it('withdrawal: the stages stay due; the owner is told', async () => {
    const treasury = env.deployment.addresses.treasury;
    const action = await refusedInBlock(
      'milestone.withdraw',
      () => sign(env.owner, 'withdraw', { proposalId: active.id }),
      async () => {
        const balance = await env.provider.getBalance(treasury);
        await env.provider.send('anvil_setBalance', [treasury, '0x1']);
        return async () => {
          await env.provider.send('anvil_setBalance', [treasury, toBeHex(balance)]);
        };
      },
    );
    await expectPermanent(action, /TreasuryInsufficient/, env.owner);
    const p = await waitStage(0, 'WAITING_FOR_WITHDRAWAL');
    expect(p.withdrawable).toBe('300');
    expect(p.milestones[0]!.action).toMatchObject({ id: action.id, status: 'failed', retryable: false });
    expect((await payments(env.owner.token)).milestones[0]!.actions).toEqual(['withdraw']);
    await expectPublicStatusBacked(active, 'ACTIVE');
    await expectTold([env.owner], active.id, /TreasuryInsufficient/, 1);
  });

  it('payment request: the stage stays requestable; the owner is told', async () => {
    const action = await refusedInBlock(
      'milestone.request',
      () =>
        sign(env.owner, 'request-payment', { proposalId: active.id, stage: 1, message: 'Beta published.' }),
      () => corruptOwnerKey(active.draftHash),
    );
    await expectPermanent(action, /InvalidSignature/, env.owner);
    await waitStage(1, 'WAITING_FOR_REQUEST');
    expect((await payments(env.owner.token)).milestones[1]!.actions).toEqual(['request']);
    await expectPublicStatusBacked(active, 'ACTIVE');
    await expectTold([env.owner], active.id, /InvalidSignature/, 2);
    // With the key back, the owner requests again and the chain takes it.
    await sign(env.owner, 'request-payment', { proposalId: active.id, stage: 1, message: 'Beta published.' });
    await waitStage(1, 'WAITING_FOR_APPROVAL');
  });

  it('payment review: the stage stays awaiting review, its opinion dropped; the secretary general is told', async () => {
    const opinion = 'Approved: the beta is online.';
    const action = await refusedInBlock(
      'milestone.review',
      () =>
        sign(env.secretary, 'review-payment', { proposalId: active.id, stage: 1, approve: true, opinion }),
      corruptSecretaryKey,
    );
    await expectPermanent(action, /InvalidSignature/, env.secretary);
    const p = await waitStage(1, 'WAITING_FOR_APPROVAL');
    expect(p.milestones[1]!.opinion ?? null).toBeNull();
    expect((await payments(env.secretary.token)).milestones[1]!.actions).toEqual(['approve', 'reject']);
    await expectPublicStatusBacked(active, 'ACTIVE');
    await expectTold([env.secretary], active.id, /InvalidSignature/, 1);
  });

  it('conclusion: cancelled, the proposal stays ACTIVE; owner and secretary general are told', async () => {
    const note = 'The team stopped work.';
    await sign(env.owner, 'conclude', { proposalId: active.id, outcome: 'INCOMPLETED', note });
    const action = await refusedInBlock(
      'proposal.conclude',
      () => sign(env.secretary, 'conclude', { proposalId: active.id, outcome: 'INCOMPLETED' }),
      corruptSecretaryKey,
    );
    await expectPermanent(action, /InvalidSignature/, env.secretary);
    const c = await waitUntil('the conclusion cancelled', async () => {
      const x = await conclusion(env.owner.token);
      return x.pending === null ? x : undefined;
    });
    expect(c.open).toBe(true);
    expect(c.actions).toContain('incompleted');
    expect((await conclusion(env.secretary.token)).actions).toContain('incompleted');
    await expectPublicStatusBacked(active, 'ACTIVE');
    expect((await payments()).milestones.map((m) => m.status)).toEqual([
      'WAITING_FOR_WITHDRAWAL',
      'WAITING_FOR_APPROVAL',
      'WAITING_FOR_REQUEST',
    ]);
    await expectTold([env.owner], active.id, /InvalidSignature/, 3);
    await expectTold([env.secretary], active.id, /InvalidSignature/, 2);
  });
});
