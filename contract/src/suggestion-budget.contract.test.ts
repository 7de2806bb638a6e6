import { describe, expect, it } from 'vitest';
import { elaAddress, newMotion } from '../test/suggestion-fixtures';
import {
  addMonths,
  checkBudget,
  checkMilestones,
  paymentAddressForm,
  type BudgetInput,
} from './suggestion-budget.contract';
import { SUGGESTION_MESSAGES as M } from './suggestion-messages.contract';

const budget = (patch: Partial<BudgetInput> = {}): BudgetInput => ({ ...newMotion().budget!, ...patch });
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);
const pay = (type: 'ADVANCE' | 'COMPLETION' | 'CONDITIONED', amount: string, milestone: number) => ({
  type,
  amount,
  milestone,
  criteria: 'done',
});

describe('milestones', () => {
  const ms = (...dates: string[]) => dates.map((date) => ({ date, introduction: 'step' }));
  it('accepts increasing dates at most 3 months apart', () => {
    expect(checkMilestones(ms('2030-01-31', '2030-04-30', '2030-07-30'), true)).toEqual([]);
  });
  it('refuses an empty plan when required, and a date not later than the previous one', () => {
    expect(messages(checkMilestones([], true))).toEqual([M.milestonesEmpty]);
    expect(checkMilestones([], false)).toEqual([]);
    expect(checkMilestones(ms('2030-02-01', '2030-02-01'), true)).toEqual([
      { path: ['plan', 'milestones', 1, 'date'], message: M.milestoneDateOrder },
    ]);
  });
  it('refuses milestones more than 3 calendar months apart (Jan 31 + 3 months = Apr 30)', () => {
    expect(messages(checkMilestones(ms('2030-01-31', '2030-05-01'), true))).toEqual([M.milestoneTooFar]);
    expect(addMonths(new Date('2030-01-31T00:00:00Z'), 3).toISOString().slice(0, 10)).toBe('2030-04-30');
  });
  it('needs an introduction and a real date for each milestone', () => {
    const issues = checkMilestones([{ date: '2030-02-30', introduction: ' ' }], true);
    expect(issues).toEqual([
      { path: ['plan', 'milestones', 0, 'introduction'], message: M.required },
      { path: ['plan', 'milestones', 0, 'date'], message: M.invalidDate },
    ]);
  });
});

describe('budget', () => {
  it('accepts the valid schedule', () => {
    expect(checkBudget(budget(), 3)).toEqual([]);
  });
  it('refuses invalid amounts (8 decimals at most) and a zero total', () => {
    const b = budget({
      payments: [
        pay('ADVANCE', '300.123456789', 0),
        pay('CONDITIONED', 'abc', 1),
        pay('COMPLETION', '400', 2),
      ],
    });
    expect(checkBudget(b, 3)).toEqual(
      expect.arrayContaining([
        { path: ['budget', 'payments', 0, 'amount'], message: M.invalidAmount },
        { path: ['budget', 'payments', 1, 'amount'], message: M.invalidAmount },
      ]),
    );
    expect(checkBudget(budget({ total: '0' }), 3)).toContainEqual({
      path: ['budget', 'total'],
      message: M.invalidAmount,
    });
  });
  it('refuses a payment other than the completion above 30% of the total, exactly', () => {
    const ok = budget({
      total: '10',
      payments: [pay('ADVANCE', '3', 0), pay('CONDITIONED', '3', 1), pay('COMPLETION', '4', 2)],
    });
    expect(checkBudget(ok, 3)).toEqual([]);
    const over = budget({
      total: '10',
      payments: [
        pay('ADVANCE', '3.00000001', 0),
        pay('CONDITIONED', '2.99999999', 1),
        pay('COMPLETION', '4', 2),
      ],
    });
    expect(checkBudget(over, 3)).toEqual([
      { path: ['budget', 'payments', 0, 'amount'], message: M.paymentOverCap },
    ]);
  });
  it('refuses payments that do not add up to the total (exact decimals: 0.1 + 0.2 = 0.3)', () => {
    expect(messages(checkBudget(budget({ total: '1001' }), 3))).toEqual([M.paymentSumMismatch]);
    const exact = budget({
      total: '1',
      payments: [pay('ADVANCE', '0.1', 0), pay('CONDITIONED', '0.2', 1), pay('COMPLETION', '0.7', 2)],
    });
    expect(checkBudget(exact, 3)).toEqual([]);
  });
  it('places the initiation payment on the first milestone and the completion payment on the last', () => {
    const b = budget({
      payments: [pay('CONDITIONED', '300', 0), pay('ADVANCE', '300', 1), pay('COMPLETION', '400', 2)],
    });
    expect(messages(checkBudget(b, 3))).toEqual([M.advanceNotFirst]);
    const c = budget({
      payments: [pay('ADVANCE', '300', 0), pay('COMPLETION', '300', 1), pay('CONDITIONED', '400', 2)],
    });
    expect(messages(checkBudget(c, 3))).toEqual([M.completionNotLast, M.conditionedOnLast, M.paymentOverCap]);
  });
  it('uses each milestone once and needs one payment per milestone with exactly one completion', () => {
    const twice = budget({
      payments: [pay('ADVANCE', '300', 0), pay('CONDITIONED', '300', 0), pay('COMPLETION', '400', 2)],
    });
    expect(messages(checkBudget(twice, 3))).toEqual([M.milestoneUsed]);
    const missing = budget({
      total: '700',
      payments: [pay('ADVANCE', '300', 0), pay('COMPLETION', '400', 2)],
    });
    expect(messages(checkBudget(missing, 3))).toEqual([M.paymentOverCap, M.paymentStructure]);
    const noCompletion = budget({
      payments: [pay('ADVANCE', '300', 0), pay('CONDITIONED', '300', 1), pay('CONDITIONED', '400', 5)],
    });
    expect(messages(checkBudget(noCompletion, 3))).toEqual([
      M.paymentMilestoneMissing,
      M.paymentOverCap,
      M.paymentStructure,
    ]);
  });
  it('accepts an Elastos Smart Chain address as EIP-55 allows, never a main-chain ELA address', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(messages(checkBudget(budget({ elaAddress: good }), 3))).toEqual([]);
    // All lowercase or all uppercase carries no checksum (EIP-55): accepted, stored in the EIP-55 form.
    for (const oneCase of [good.toLowerCase(), '0x' + good.slice(2).toUpperCase()]) {
      expect(messages(checkBudget(budget({ elaAddress: oneCase }), 3))).toEqual([]);
      expect(paymentAddressForm(oneCase)).toBe(good);
    }
    // Mixed case with a wrong checksum: the message says the checksum is what is wrong.
    expect(
      messages(checkBudget(budget({ elaAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }), 3)),
    ).toEqual([M.addressChecksum]);
    expect(M.addressChecksum).toMatch(/^The checksum of this address is wrong/);
    // The zero address is never a payment address, in any case.
    expect(messages(checkBudget(budget({ elaAddress: `0x${'0'.repeat(40)}` }), 3))).toEqual([
      M.invalidAddress,
    ]);
    // The treasury pays on the smart chain: a main-chain address is told so (and not to use an exchange).
    expect(messages(checkBudget(budget({ elaAddress: elaAddress() }), 3))).toEqual([M.escAddressRequired]);
    expect(M.escAddressRequired).toMatch(
      /Elastos Smart Chain \(0x…\) wallet address, not .*exchange deposit/,
    );
  });
  it('needs a non-empty schedule and a valid ELA address', () => {
    expect(messages(checkBudget(budget({ payments: [] }), 3))).toEqual([M.paymentsEmpty]);
    expect(messages(checkBudget(budget({ elaAddress: 'EZ' + 'x'.repeat(32) }), 3))).toEqual([
      M.invalidAddress,
    ]);
    expect(messages(checkBudget(budget({ elaAddress: 'ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rr' }), 3))).toEqual([
      M.invalidAddress,
    ]);
  });
});
