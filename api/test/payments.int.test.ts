import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGovernanceError } from '@cr/contracts-abi/artifacts';
import { paymentRequestStatement, textHash } from '@cr/contracts-abi/statements';
import type { ProposalPayments } from '@cr/contract/milestone.contract';
import { chainActions } from '@cr/core/db/schema/chain.schema';
import {
  detail,
  passedProposal,
  startProposalEnv,
  waitUntil,
  type Person,
  settled,
  type ProposalEnv,
} from './proposal-harness';
import { requestWallet, walletState } from './wallet-harness';

/**
 * Milestone payments on a real chain (anvil, 20-block windows), the real api and chain worker: a passed proposal
 * with a 300 / 300 / 400 ELA budget (advance, milestone, completion). The advance is payable at once; the owner
 * requests the milestone stage, the secretary general rejects then approves it, the owner withdraws it and the
 * recipient's balance rises by exactly the stage amount. Every refusal is checked on the way, and the two the
 * contract itself must make (a replayed signature, a second withdrawal) are sent to the Treasury as they were
 * signed.
 */
const V = 20;
let env: ProposalEnv;
let stranger: Person;
let proposalId: string;
let draftHash: string;
let recipient: string;

const payments = async (token?: string) => {
  const res = await env.t.call<ProposalPayments>('GET', `/proposals/${proposalId}/payments`, { token });
  if (res.status !== 200) throw new Error(`payments ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
const waitStage = (stage: number, status: string) =>
  waitUntil(`stage ${stage} ${status}`, async () => {
    const p = await payments();
    return p.milestones[stage]?.status === status && settled(p.milestones[stage]) ? p : undefined;
  });
const ask = (who: Person, action: string, params: Record<string, unknown>) =>
  requestWallet(env.t, action, who.token, { proposalId, ...params });
/** Requests a wallet action and signs it with `who`'s wallet; returns the statement shown and the result. */
async function sign(who: Person, action: string, params: Record<string, unknown>) {
  const req = await ask(who, action, params);
  if (req.status !== 200) throw new Error(`${action} ${req.status} ${JSON.stringify(req.body)}`);
  const approval = await env.approve(req.body.data!.url, who.name);
  expect(approval.status).toBe(200);
  const state = (await walletState(env.t, req.body.data!.id, req.body.data!.secret)).body.data!;
  expect(state.status).toBe('signed');
  return { statement: req.body.data!.statement!, result: state.result as { chainActionId: string } };
}
const errorType = (res: { body: unknown }) => (res.body as { error?: { type: string } }).error?.type;
const actionData = async (id: string) =>
  (await env.t.deps.database.db.select().from(chainActions).where(eq(chainActions.id, id)))[0]!;
/** Sends exactly what was relayed again and returns the contract's refusal. */
async function replay(actionId: string): Promise<string> {
  const a = await actionData(actionId);
  try {
    await env.provider.call({ to: a.toAddress, data: a.data });
  } catch (err) {
    const data =
      (err as { data?: string }).data ?? (err as { info?: { error?: { data?: string } } }).info?.error?.data;
    return decodeGovernanceError(data ?? '0x') ?? String(err);
  }
  throw new Error('the replay was accepted');
}
const balance = async () => env.provider.getBalance(recipient);
const ELA = 10n ** 18n;

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  stranger = await env.person('stranger');
  ({ id: proposalId, draftHash } = await passedProposal(env, env.owner));
}, 240_000);
afterAll(async () => {
  await env?.stop();
});

describe('milestone payments of a passed proposal', () => {
  it('pays the advance at once, then stage 2 after a rejection and an approval, each exactly once', async () => {
    // The advance is approved by the activation itself; the rest wait for a request.
    const start = await waitStage(0, 'WAITING_FOR_WITHDRAWAL');
    expect(start.milestones.map((m) => [m.kind, m.amount, m.status])).toEqual([
      ['ADVANCE', '300', 'WAITING_FOR_WITHDRAWAL'],
      ['CONDITIONED', '300', 'WAITING_FOR_REQUEST'],
      ['COMPLETION', '400', 'WAITING_FOR_REQUEST'],
    ]);
    recipient = start.recipient!;
    expect(start.withdrawable).toBe('300');
    // The right button for the right person only.
    const mine = await payments(env.owner.token);
    expect(mine.milestones.map((m) => m.actions)).toEqual([['withdraw'], ['request'], []]);
    for (const other of [stranger, env.secretary, env.council[1]!])
      expect((await payments(other.token)).milestones.every((m) => m.actions.length === 0)).toBe(true);

    // Refused: a stranger or a council member requesting, a request out of order, the advance requested.
    for (const who of [stranger, env.council[1]!]) {
      const res = await ask(who, 'request-payment', { stage: 1, message: 'Beta build published.' });
      expect(res.status).toBe(403);
      expect(errorType(res)).toBe('milestone.not_owner');
    }
    for (const stage of [2, 0]) {
      const res = await ask(env.owner, 'request-payment', { stage, message: 'Too early.' });
      expect(res.status).toBe(409);
      expect(errorType(res)).toBe('milestone.out_of_order');
    }

    // The advance: withdrawn at once, exactly 300 ELA to the recipient.
    const before0 = await balance();
    const w0 = await sign(env.owner, 'withdraw', {});
    expect(w0.statement).toContain(`withdrawal: proposal ${draftHash} pays 300 ELA to ${recipient}, nonce `);
    await waitStage(0, 'WITHDRAWN');
    expect((await balance()) - before0).toBe(300n * ELA);
    // A second withdrawal: refused here, and by the contract when the first one is sent again.
    const again = await ask(env.owner, 'withdraw', {});
    expect(again.status).toBe(409);
    expect(errorType(again)).toBe('milestone.nothing_to_withdraw');
    expect(await replay(w0.result.chainActionId)).toMatch(/^NothingToWithdraw/);

    // The owner requests stage 2 with a progress message; the statement is the contract's, word for word.
    const message = 'Beta build published: https://example.org/beta';
    const r1 = await sign(env.owner, 'request-payment', { stage: 1, message });
    const nonce = /nonce (\d+), chain/.exec(r1.statement)![1]!;
    expect(r1.statement).toBe(
      paymentRequestStatement({
        draftHash,
        stage: 1,
        stageCount: 3,
        amount: 300n * ELA,
        messageHash: textHash(message),
        nonce: BigInt(nonce),
        chainId: 31337,
      }),
    );
    const requested = await waitStage(1, 'WAITING_FOR_APPROVAL');
    expect(requested.milestones[1]!.message).toBe(message);
    expect(requested.milestones[1]!.action?.status).toBe('chained');
    expect((await payments(env.secretary.token)).milestones[1]!.actions).toEqual(['approve', 'reject']);

    // Refused: a review by anyone but the secretary general.
    for (const who of [env.owner, stranger, env.council[0]!]) {
      const res = await ask(who, 'review-payment', { stage: 1, approve: true, opinion: 'Looks fine.' });
      expect(res.status).toBe(403);
      expect(errorType(res)).toBe('milestone.not_secretary');
    }

    // The secretary rejects with an opinion; the owner may request again.
    const opinion = 'The beta link is missing its release notes.';
    await sign(env.secretary, 'review-payment', { stage: 1, approve: false, opinion });
    const rejected = await waitStage(1, 'REJECTED');
    expect(rejected.milestones[1]).toMatchObject({ opinion, approved: false });
    expect((await payments(env.owner.token)).milestones[1]!.actions).toEqual(['request']);
    // A replayed signature: the first request sent again, now that the stage is requestable, is refused.
    expect(await replay(r1.result.chainActionId)).toMatch(/^SignatureReplayed/);

    await sign(env.owner, 'request-payment', { stage: 1, message: `${message} (release notes added)` });
    await waitStage(1, 'WAITING_FOR_APPROVAL');
    await sign(env.secretary, 'review-payment', { stage: 1, approve: true, opinion: 'Approved.' });
    await waitStage(1, 'WAITING_FOR_WITHDRAWAL');

    // The withdrawal pays exactly the stage amount; the page sees the transaction and the balance change.
    const before1 = await balance();
    await sign(env.owner, 'withdraw', {});
    const paid = await waitStage(1, 'WITHDRAWN');
    expect((await balance()) - before1).toBe(300n * ELA);
    expect(paid.milestones[1]!.withdrawTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    const last = paid.withdrawals.at(-1)!;
    expect(last).toMatchObject({ amount: '300', recipient, fromStage: 1, toStage: 2 });
    expect(Number(last.balanceAfter) - Number(last.balanceBefore)).toBe(300);
    expect(paid.withdrawals).toHaveLength(2);

    // The completion payment waits for the approved summary.
    const completion = await ask(env.owner, 'request-payment', { stage: 2, message: 'All done.' });
    expect(completion.status).toBe(409);
    expect(errorType(completion)).toBe('milestone.summary_required');
    expect((await payments(env.owner.token)).milestones[2]).toMatchObject({
      actions: [],
      waitingFor: 'summary',
    });
    expect((await payments()).milestones[2]!.waitingFor).toBeNull();
    expect((await detail(env, proposalId)).status).toBe('ACTIVE');
  }, 240_000);
});
