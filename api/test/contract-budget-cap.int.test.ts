import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'ethers';
import { emptyTerms, type ProposalTerms } from '@cr/contracts-abi/statements';
import { makeIdentity } from '@cr/contracts-abi/test-support/identities';
import {
  mined,
  register,
  registerCall,
  revertName,
  startGovernanceChain,
  type GovernanceChain,
} from '@cr/contracts-abi/test-support/governance-chain';
import { budgetCapWei, isOverBudgetCap, type BudgetCapState } from '@cr/contract/budget-cap';

const RECIPIENT = '0x00000000000000000000000000000000000A11CE';
const terms = (totalWei: bigint): ProposalTerms => ({
  ...emptyTerms('NORMAL'),
  recipient: RECIPIENT,
  stages: [{ kind: 'COMPLETION', amount: totalWei }],
});

// The TypeScript rule make-proposal and GET /api/treasury use must cap budgets as the deployed Treasury does.
describe('the shared budget cap against Treasury on anvil', () => {
  let chain: GovernanceChain;
  const owner = makeIdentity('owner');
  let nonce = 0n;

  beforeAll(async () => {
    chain = await startGovernanceChain({ hardfork: 'osaka' });
  });
  afterAll(async () => {
    await chain?.anvil.stop();
  });

  async function stateOnChain(): Promise<BudgetCapState> {
    const t = chain.c.treasury;
    return {
      balanceWei: await chain.provider.getBalance(chain.addresses.treasury),
      committedWei: (await t.getFunction('committed')()) as bigint,
      capBps: (await t.getFunction('BUDGET_CAP_BPS')()) as bigint,
      bps: (await t.getFunction('BPS')()) as bigint,
    };
  }

  /** The rule's cap equals budgetCap(); the chain reserves exactly the cap and refuses one wei more. */
  async function expectSameCap(): Promise<bigint> {
    const state = await stateOnChain();
    const cap = budgetCapWei(state);
    expect(cap).toBe((await chain.c.treasury.getFunction('budgetCap')()) as bigint);
    expect(isOverBudgetCap(cap + 1n, cap)).toBe(true);
    expect(isOverBudgetCap(cap, cap)).toBe(false);
    nonce++;
    expect(
      await revertName(
        registerCall(chain, { member: chain.members[0]!, owner, terms: terms(cap + 1n), nonce }).then((tx) =>
          tx.wait(),
        ),
      ),
    ).toBe('BudgetOverCap');
    return cap;
  }

  it('caps at 10% of the balance not yet committed, as funds are committed and added', async () => {
    // Nothing committed: 10% of the balance.
    const first = await expectSameCap();
    expect(first).toBe((await stateOnChain()).balanceWei / 10n);
    // A budget of exactly the cap is reserved: the next cap is 10% of what is left, not of the balance.
    nonce++;
    await register(chain, { member: chain.members[0]!, owner, terms: terms(first), nonce });
    const state = await stateOnChain();
    expect(state.committedWei).toBe(first);
    const second = await expectSameCap();
    expect(second).toBe((state.balanceWei - first) / 10n);
    expect(second).toBeLessThan(first);
    // An odd amount: integer division as on chain (no rounding up).
    await mined(
      chain,
      'fund',
      chain.operator.sendTransaction({
        to: chain.addresses.treasury,
        value: parseEther('0.000000000000000007'),
      }),
    );
    await expectSameCap();
  });

  it('counts the site’s pending registrations as committed and never goes below zero', () => {
    const base = { balanceWei: 1000n, committedWei: 200n, capBps: 1000n, bps: 10_000n };
    expect(budgetCapWei(base)).toBe(80n);
    expect(budgetCapWei({ ...base, pendingWei: 300n })).toBe(50n);
    expect(budgetCapWei({ ...base, committedWei: 1200n })).toBe(0n);
  });
});
