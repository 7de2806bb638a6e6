import { parseEther } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainActionView } from '@cr/contract/chain.contract';
import type { Inbox } from '@cr/contract/inbox.contract';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import type { TreasuryOverview } from '@cr/contract/treasury.contract';
import { escAddress } from '@cr/contract/test/suggestion-fixtures';
import {
  detail,
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from './proposal-harness';
import { requestWallet } from './wallet-harness';

/**
 * The treasury's budget cap (issue 46): make-proposal refuses a budget over the cap the contract would apply
 * before the wallet request and again before storing; and when the chain still refuses a registration after it was
 * signed (the treasury changed meanwhile), the proposal is never public nor "Voting": it goes back to the
 * proposer's draft, and both signers are told in the page, their inbox and by e-mail.
 * The treasury holds 100,000 ELA (startProposalEnv): the cap starts at 10,000.
 */
let env: ProposalEnv;
let member: Person;

/** A signed suggestion asking `total` ELA in three payments. */
function budget(total: number) {
  const a = Math.floor(total * 0.3);
  return {
    budget: {
      total: String(total),
      elaAddress: escAddress(),
      payments: [
        { type: 'ADVANCE' as const, amount: String(a), milestone: 0, criteria: 'Design accepted' },
        { type: 'CONDITIONED' as const, amount: String(a), milestone: 1, criteria: 'Beta build published' },
        { type: 'COMPLETION' as const, amount: String(total - 2 * a), milestone: 2, criteria: 'Release' },
      ],
      statement: 'Paid in three parts.',
    },
  };
}

/** Sets the treasury's balance and mines a block, so every read at the latest block sees it. */
async function setTreasuryBalance(wei: bigint) {
  await env.provider.send('anvil_setBalance', [env.deployment.addresses.treasury, `0x${wei.toString(16)}`]);
  await env.provider.send('evm_mine', []);
}

const treasury = async () => (await env.t.call<TreasuryOverview>('GET', '/treasury')).body.data!;
const suggestion = async (id: string) =>
  (await env.t.call<SuggestionDetail>('GET', `/suggestion/${id}`)).body.data!;
const publicList = async () =>
  (await env.t.call<{ list: { _id: string }[] }>('GET', '/proposals')).body.data!.list.map((p) => p._id);
const inbox = async (p: Person) => (await env.t.call<Inbox>('GET', '/inbox', { token: p.token })).body.data!;

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: 60, blockTime: 0 });
  member = env.council[0]!;
}, 180_000);
afterAll(async () => {
  await env?.stop();
});

describe('the treasury cap, checked before signing', () => {
  it('refuses a budget over 10% of the balance not yet committed, before the QR and with the cap named', async () => {
    expect((await treasury()).capEla).toBe('10000');
    const over = await signedSuggestion(env, env.owner, budget(10_001));
    const refused = await requestWallet(env.t, 'make-proposal', member.token, over._id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ type: 'proposal.budget_over_cap' });
    expect(refused.body.error!.message).toContain('10001 ELA');
    expect(refused.body.error!.message).toContain('at most 10000 ELA');

    // Commit 1,000 ELA to a first proposal: the cap is now 10% of 99,000, and GET /api/treasury says so.
    const first = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, member, first._id);
    expect(made.approval?.status).toBe(200);
    await waitForProposal(env, made.result!.proposalId, 'registered', (d) => d.chainStatus === 'chained');
    await waitUntil('the treasury page at the new cap', async () =>
      (await treasury()).capEla === '9900' ? true : undefined,
    );
    // Exactly 10,000 ELA (the old cap) is refused now, with the cap the contract would apply.
    const exact = await signedSuggestion(env, env.owner, budget(10_000));
    const again = await requestWallet(env.t, 'make-proposal', member.token, exact._id);
    expect(again.status).toBe(409);
    expect(again.body.error!.message).toContain('at most 9900 ELA');
    expect((await suggestion(exact._id)).proposalNumber).toBeNull();
  });

  it('refuses a signed reply when the cap fell after the QR was issued, storing nothing', async () => {
    const s = await signedSuggestion(env, env.owner, budget(9_000));
    const req = await requestWallet(env.t, 'make-proposal', member.token, s._id);
    expect(req.status).toBe(200);
    const balance = await env.provider.getBalance(env.deployment.addresses.treasury);
    await setTreasuryBalance(0n);
    try {
      const approval = await env.approve(req.body.data!.url, member.name);
      expect(approval.status).not.toBe(200);
      expect(JSON.stringify(approval.body)).toContain('proposal.budget_over_cap');
    } finally {
      await setTreasuryBalance(balance);
    }
    expect((await suggestion(s._id)).proposalNumber).toBeNull();
  });
});

describe('a registration the chain refuses after it was signed', () => {
  it(
    'goes back to the proposer’s draft, is never public nor Voting, and both signers are told',
    { timeout: 120_000 },
    async () => {
      const s = await signedSuggestion(env, env.owner, budget(5_000));
      const req = await requestWallet(env.t, 'make-proposal', member.token, s._id);
      expect(req.status, JSON.stringify(req.body)).toBe(200);
      const treasuryAddress = env.deployment.addresses.treasury;
      const balance = await env.provider.getBalance(treasuryAddress);
      // Hold blocks: the worker sends the registration, then the treasury is emptied before its block.
      await env.provider.send('evm_setAutomine', [false]);
      let proposalId: string;
      try {
        const approval = await env.approve(req.body.data!.url, member.name);
        expect(approval.status).toBe(200);
        proposalId = await proposalOfSuggestion(s._id);
        await waitUntil('the registration sent', async () => {
          const d = await detail(env, proposalId, member.token);
          return d.chainStatus === 'chaining' ? true : undefined;
        });
        await env.provider.send('anvil_setBalance', [treasuryAddress, `0x${parseEther('1').toString(16)}`]);
        await env.provider.send('evm_mine', []);
      } finally {
        await env.provider.send('evm_setAutomine', [true]);
      }

      // The chain action: failed for good, with the contract's reason, and no retry offered or accepted.
      const draft = await waitUntil('the draft', async () => {
        const res = await env.t.call<{ status: string }>('GET', `/proposals/${proposalId}`, {
          token: member.token,
        });
        return res.body.data?.status === 'DRAFT' ? await detail(env, proposalId, member.token) : undefined;
      });
      expect(draft.number).toBeNull();
      const register = draft.transactions.find((a) => a.kind === 'proposal.register')!;
      expect(register).toMatchObject({ status: 'failed', failureType: 'chain.reverted', retryable: false });
      expect(register.failureReason).toContain('BudgetOverCap');
      const action = (await env.t.call<ChainActionView>('GET', `/chain-actions/${register.id}`)).body.data!;
      expect(action).toMatchObject({ status: 'failed', retryable: false });
      const retry = await env.t.call('POST', `/chain-actions/${register.id}/retry`, { token: member.token });
      expect(retry.status).toBe(409);

      // Never public: not in the list, not found for anyone but the proposer, the suggestion not proposed.
      expect(await publicList()).not.toContain(proposalId);
      expect((await env.t.call('GET', `/proposals/${proposalId}`)).status).toBe(404);
      expect((await env.t.call('GET', `/proposals/${proposalId}`, { token: env.owner.token })).status).toBe(
        404,
      );
      const sug = await suggestion(s._id);
      expect(sug.proposalNumber).toBeNull();
      expect(sug.tags.map((t) => t.type)).not.toContain('ADDED_TO_PROPOSAL');

      // Both signers are told: in their inbox (with the chain's reason) and by e-mail.
      for (const p of [member, env.owner]) {
        const items = (await inbox(p)).items.filter((i) => i.kind === 'chain-refused');
        expect(items).toHaveLength(1);
        expect(items[0]!.excerpt).toContain('BudgetOverCap');
        expect(items[0]!.read).toBe(false);
      }
      expect((await inbox(member)).items.find((i) => i.kind === 'chain-refused')!.link).toBe(
        `/proposals/${proposalId}`,
      );
      expect((await inbox(env.owner)).items.find((i) => i.kind === 'chain-refused')!.link).toBe(
        `/suggestion/${s.number}`,
      );
      await waitUntil('both e-mails', async () => {
        const sent = env.t.mailbox
          .messages()
          .filter((m) => m.subject.startsWith('The chain refused'))
          .flatMap((m) => m.to);
        return [member, env.owner].every((p) => sent.some((to) => to.includes(p.user.email!)))
          ? true
          : undefined;
      });

      await setTreasuryBalance(balance);
      // With the treasury as before (restored only now: the worker replays the call at its block for the reason), the proposer publishes the draft again: a new number, registered on chain.
      const again = await makeProposal(env, member, proposalId);
      expect(again.approval?.status).toBe(200);
      const registered = await waitForProposal(
        env,
        proposalId,
        'registered again',
        (d) => d.chainStatus === 'chained',
      );
      expect(registered.status).toBe('PROPOSED');
      expect(registered.number).toBeGreaterThan(0);
    },
  );
});

/** The id of the (non-draft) proposal made from a suggestion, as the suggestion's number links it. */
async function proposalOfSuggestion(suggestionId: string): Promise<string> {
  const sug = await suggestion(suggestionId);
  const res = await env.t.call<{ _id: string }>('GET', `/proposals/${sug.proposalNumber}`, {
    token: member.token,
  });
  return res.body.data!._id;
}
