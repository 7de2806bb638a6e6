import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGovernanceError } from '@cr/contracts-abi/artifacts';
import { conclusionStatement, textHash } from '@cr/contracts-abi/statements';
import type { ProposalConclusion } from '@cr/contract/conclusion.contract';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import {
  detail,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type Person,
  settled,
  type ProposalEnv,
  passedProposal,
} from './proposal-harness';
import { requestWallet, walletState } from './wallet-harness';

/**
 * The conclusion of a passed proposal on a real chain (anvil, 20-block windows), the real api and chain worker:
 * owner and secretary general co-sign the same statement; the second signature relays Governance.conclude. One
 * proposal goes all the way to FINAL (every stage paid, summary approved; the budget closes), another closes
 * INCOMPLETED with a note (its unapproved stages are cancelled, no payment can be requested after). Every refusal
 * is checked on the way.
 */
const V = 20;
const ELA = 10n ** 18n;
let env: ProposalEnv;
let stranger: Person;

interface Passed {
  id: string;
  draftHash: string;
}
let finalP: Passed;
let incompleteP: Passed;

const errorType = (res: { body: unknown }) => (res.body as { error?: { type: string } }).error?.type;
const conclusion = async (p: Passed, token?: string) => {
  const res = await env.t.call<ProposalConclusion>('GET', `/proposals/${p.id}/conclusion`, { token });
  if (res.status !== 200) throw new Error(`conclusion ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
const payments = async (p: Passed) => {
  const res = await env.t.call<ProposalPayments>('GET', `/proposals/${p.id}/payments`);
  return res.body.data!;
};
const waitStage = (p: Passed, stage: number, status: string) =>
  waitUntil(`stage ${stage} ${status}`, async () => {
    const x = await payments(p);
    return x.milestones[stage]?.status === status && settled(x.milestones[stage]) ? x : undefined;
  });
const ask = (p: Passed, who: Person, action: string, params: Record<string, unknown>) =>
  requestWallet(env.t, action, who.token, { proposalId: p.id, ...params });
async function sign(p: Passed, who: Person, action: string, params: Record<string, unknown>) {
  const req = await ask(p, who, action, params);
  if (req.status !== 200) throw new Error(`${action} ${req.status} ${JSON.stringify(req.body)}`);
  const approval = await env.approve(req.body.data!.url, who.name);
  expect(approval.status).toBe(200);
  const state = (await walletState(env.t, req.body.data!.id, req.body.data!.secret)).body.data!;
  expect(state.status).toBe('signed');
  return {
    url: req.body.data!.url,
    statement: req.body.data!.statement!,
    result: state.result as { chainActionId: string | null; status: string },
  };
}
const tracking = (p: Passed, who: Person, path: string, body?: unknown) =>
  env.t.call<{ entry: { _id: string } }>('POST', `/proposals/${p.id}/tracking${path}`, {
    token: who.token,
    body,
  });
async function approvedSummary(p: Passed, text: string) {
  const w = await tracking(p, env.owner, '', { kind: 'SUMMARY', content: text, submit: true });
  expect(w.status).toBe(200);
  const r = await tracking(p, env.secretary, `/${w.body.data!.entry._id}/review`, { decision: 'approve' });
  expect(r.status).toBe(200);
}
async function replay(actionId: string): Promise<string> {
  const [a] = await env.t.deps.database.db.select().from(chainActions).where(eq(chainActions.id, actionId));
  try {
    await env.provider.call({ to: a!.toAddress, data: a!.data });
  } catch (err) {
    const data =
      (err as { data?: string }).data ?? (err as { info?: { error?: { data?: string } } }).info?.error?.data;
    return decodeGovernanceError(data ?? '0x') ?? String(err);
  }
  throw new Error('the replay was accepted');
}

async function passed(author: Person): Promise<Passed> {
  const { id, draftHash } = await passedProposal(env, author);
  return { id, draftHash };
}

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  stranger = await env.person('stranger');
  finalP = await passed(env.owner);
  incompleteP = await passed(env.owner);
}, 300_000);
afterAll(async () => {
  await env?.stop();
});

describe('conclusion of a passed proposal', () => {
  it('refuses strangers, council members, FINAL before the summary and every stage, and INCOMPLETED without a reason', async () => {
    for (const who of [stranger, env.council[1]!]) {
      const res = await ask(finalP, who, 'conclude', { outcome: 'INCOMPLETED', note: 'Stop.' });
      expect(res.status).toBe(403);
      expect(errorType(res)).toBe('conclusion.not_party');
    }
    const early = await ask(finalP, env.owner, 'conclude', { outcome: 'FINAL' });
    expect(early.status).toBe(409);
    expect(errorType(early)).toBe('conclusion.summary_required');
    const bare = await ask(finalP, env.secretary, 'conclude', { outcome: 'INCOMPLETED' });
    expect(bare.status).toBe(400);
    expect(errorType(bare)).toBe('conclusion.note_required');
    // What each one may do: parties may close incomplete (not complete yet); others nothing.
    expect((await conclusion(finalP, env.owner.token)).actions).toEqual(['incompleted']);
    expect((await conclusion(finalP, env.secretary.token)).actions).toEqual(['incompleted']);
    expect((await conclusion(finalP, stranger.token)).actions).toEqual([]);
    expect((await conclusion(finalP)).finalReady).toBe(false);
  });

  it('completes a proposal as FINAL: every stage paid, summary approved, owner and secretary co-sign', async () => {
    const p = finalP;
    const recipient = (await waitStage(p, 0, 'WAITING_FOR_WITHDRAWAL')).recipient!;
    await sign(p, env.owner, 'withdraw', {});
    await waitStage(p, 0, 'WITHDRAWN');
    await sign(p, env.owner, 'request-payment', { stage: 1, message: 'Beta done.' });
    await waitStage(p, 1, 'WAITING_FOR_APPROVAL');
    await sign(p, env.secretary, 'review-payment', { stage: 1, approve: true, opinion: 'Fine.' });
    await waitStage(p, 1, 'WAITING_FOR_WITHDRAWAL');
    await sign(p, env.owner, 'withdraw', {});
    await waitStage(p, 1, 'WITHDRAWN');
    const summary = 'We delivered everything we promised.';
    await approvedSummary(p, summary);
    // The summary is approved but the completion stage is not: FINAL is still refused (StagesOutstanding).
    const outstanding = await ask(p, env.owner, 'conclude', { outcome: 'FINAL' });
    expect(outstanding.status).toBe(409);
    expect(errorType(outstanding)).toBe('conclusion.stages_outstanding');
    await sign(p, env.owner, 'request-payment', { stage: 2, message: 'Completed.' });
    await waitStage(p, 2, 'WAITING_FOR_APPROVAL');
    await sign(p, env.secretary, 'review-payment', { stage: 2, approve: true, opinion: 'Complete.' });
    await waitStage(p, 2, 'WAITING_FOR_WITHDRAWAL');
    const before = await env.provider.getBalance(recipient);
    await sign(p, env.owner, 'withdraw', {});
    await waitStage(p, 2, 'WITHDRAWN');
    expect((await env.provider.getBalance(recipient)) - before).toBe(400n * ELA);
    expect((await conclusion(p, env.owner.token)).actions).toEqual(['final', 'incompleted']);

    // The owner signs first: the statement is the contract's, over the approved summary's hash.
    const first = await sign(p, env.owner, 'conclude', { outcome: 'FINAL' });
    const nonce = /nonce (\d+), chain/.exec(first.statement)![1]!;
    expect(first.statement).toBe(
      conclusionStatement({
        draftHash: p.draftHash,
        outcome: 'FINAL',
        summaryHash: textHash(summary),
        nonce: BigInt(nonce),
        chainId: 31337,
      }),
    );
    expect(first.result).toMatchObject({ status: 'SIGNING', chainActionId: null });
    const half = await conclusion(p, env.secretary.token);
    expect(half.pending).toMatchObject({ outcome: 'FINAL', ownerSigned: true, secretarySigned: false });
    expect(half.actions).toContain('cosign');
    expect((await conclusion(p, env.owner.token)).actions).not.toContain('cosign');

    // A second signature by the owner, and the owner's wallet reply sent again, are refused.
    const twice = await ask(p, env.owner, 'conclude', { outcome: 'FINAL' });
    expect(twice.status).toBe(409);
    expect(errorType(twice)).toBe('conclusion.already_signed');
    expect((await env.approve(first.url, env.owner.name)).status).not.toBe(200);

    // The secretary co-signs the same words; the relayed call concludes the proposal.
    const second = await sign(p, env.secretary, 'conclude', { outcome: 'FINAL' });
    expect(second.statement).toBe(first.statement);
    expect(second.result.status).toBe('SIGNED');
    await waitForProposal(env, p.id, 'FINAL', (d) => d.status === 'FINAL');
    // FINAL comes from the indexed event (the block watcher), the action's `chained` from the block confirmer:
    // either may be first, within one poll of each other.
    const done = await waitUntil('the conclusion action settled', async () => {
      const c = await conclusion(p);
      return settled(c.pending ?? undefined) ? c : undefined;
    });
    expect(done).toMatchObject({ open: false, actions: [] });
    expect(done.pending).toMatchObject({ status: 'SIGNED', ownerSigned: true, secretarySigned: true });
    expect(done.pending!.action?.status).toBe('chained');
    const budget = (await env.deployment.contracts.treasury.getFunction('budget')(p.draftHash)) as {
      closed: boolean;
    };
    expect(budget.closed).toBe(true);
    // The same signed call sent again is refused by the contract.
    expect(await replay(second.result.chainActionId!)).toMatch(/^(WrongStatus|SignatureReplayed)/);
    const after = await ask(p, env.owner, 'conclude', { outcome: 'INCOMPLETED', note: 'x' });
    expect(errorType(after)).toBe('conclusion.wrong_status');
  }, 300_000);

  it('closes a proposal as INCOMPLETED: cancel, sign again, co-sign; open stages are cancelled', async () => {
    const p = incompleteP;
    await waitStage(p, 0, 'WAITING_FOR_WITHDRAWAL');
    const note = 'The team stopped work; the beta was never delivered.';
    const first = await sign(p, env.owner, 'conclude', { outcome: 'INCOMPLETED', note });
    expect(first.statement).toContain(`is INCOMPLETED, summary ${textHash(note)}`);
    // The secretary general withdraws it (not co-signed yet); cancelling twice is refused.
    const cancel = () =>
      env.t.call<ProposalConclusion>('POST', `/proposals/${p.id}/conclusion/cancel`, {
        token: env.secretary.token,
      });
    expect(
      (await env.t.call('POST', `/proposals/${p.id}/conclusion/cancel`, { token: stranger.token })).status,
    ).toBe(403);
    expect((await cancel()).body.data!.pending).toBeNull();
    expect(errorType(await cancel())).toBe('conclusion.nothing_to_cancel');
    // The old owner signature can no longer be co-signed: a new conclusion has a new nonce.
    const again = await sign(p, env.owner, 'conclude', { outcome: 'INCOMPLETED', note });
    expect(again.statement).not.toBe(first.statement);
    const second = await sign(p, env.secretary, 'conclude', { outcome: 'INCOMPLETED' });
    expect(second.statement).toBe(again.statement);
    await waitForProposal(env, p.id, 'INCOMPLETED', (d) => d.status === 'INCOMPLETED');
    const pay = await waitStage(p, 1, 'CANCELLED');
    expect(pay.milestones.map((m) => m.status)).toEqual(['WAITING_FOR_WITHDRAWAL', 'CANCELLED', 'CANCELLED']);
    // Nothing more can be requested; the approved advance is still owed.
    const req = await ask(p, env.owner, 'request-payment', { stage: 1, message: 'Late.' });
    expect(errorType(req)).toBe('milestone.closed');
    expect((await payments(p)).milestones[0]!.status).toBe('WAITING_FOR_WITHDRAWAL');
    expect((await detail(env, p.id)).status).toBe('INCOMPLETED');
  }, 300_000);
});
