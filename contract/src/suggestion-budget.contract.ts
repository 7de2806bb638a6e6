import { z } from 'zod';
import {
  ELA_BURN_ADDRESS,
  escAddressProblem,
  isChecksummedEscAddress,
  isStandardElaAddress,
  normalizeEscAddress,
} from './address';
import { amountToSela } from './ela-amount';
import { SUGGESTION_MESSAGES as M } from './suggestion-messages.contract';

/**
 * A payment address: an Elastos Smart Chain address (0x…), what the on-chain treasury pays to, written in one
 * case or in mixed case with a valid EIP-55 checksum; it is stored in its EIP-55 form (`paymentAddressForm`).
 * Checked when the content is saved, so a suggestion that could never be signed is never posted. Suggestions
 * stored before this rule may still hold a main-chain ELA address: they load as they are, show this error in the
 * form, and signing refuses them (proposal.esc_address_required) until the budget is edited.
 */
export function isPaymentAddress(address: string): boolean {
  const checksummed = normalizeEscAddress(address);
  return checksummed !== null && isChecksummedEscAddress(checksummed);
}

/** The stored form of a payment address: EIP-55 when it is a Smart Chain address, else as written. */
export function paymentAddressForm(address: string): string {
  return normalizeEscAddress(address) ?? address;
}

/**
 * The message for a payment address that is not one: a mixed-case address with a wrong checksum is told that the
 * checksum is what is wrong; a main-chain ELA address gets told where to pay instead.
 */
export function paymentAddressMessage(address: string): string {
  if (escAddressProblem(address) === 'checksum') return M.addressChecksum;
  return isStandardElaAddress(address) && address !== ELA_BURN_ADDRESS
    ? M.escAddressRequired
    : M.invalidAddress;
}

/** A problem found by a rule: dotted path into the content and the message to show there. */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

export const PAYMENT_TYPES = ['ADVANCE', 'COMPLETION', 'CONDITIONED'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;
/** Labels of the spec (§3). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  ADVANCE: 'Project Initiation Payment',
  COMPLETION: 'Project Completion Payment',
  CONDITIONED: 'Project Milestone Payment',
};

export const LIMITS = {
  titleChars: 200,
  abstractWords: 200,
  abstractChars: 5_000,
  markdownChars: 20_000,
  shortTextChars: 300,
  lineChars: 200,
  itemTextChars: 5_000,
  milestones: 50,
  teamMembers: 50,
  relevanceItems: 20,
  links: 10,
  linkChars: 500,
  customizedIds: 100,
  /** A single payment other than the completion payment: at most 30% of the total (spec §5, §9). */
  paymentCapPercent: 30n,
  /** Consecutive milestones at most this many months apart (spec §9 "checkpoints at most 3 months apart"). */
  milestoneGapMonths: 3,
} as const;

const optText = z.string().nullish();

/** Plan milestone (spec §3 "date, version, introduction, goal"): date YYYY-MM-DD, an introduction, a goal. */
export const milestoneInputSchema = z.object({
  date: optText,
  introduction: optText,
  goal: optText,
});
/** Budget/payment line (spec §3): type, amount (ELA string), criteria, legacy reasons, the milestone it pays. */
export const paymentInputSchema = z.object({
  type: paymentTypeSchema.nullish(),
  amount: optText,
  /** Index into plan.milestones (0 = the first milestone). */
  milestone: z.number().int().nullish(),
  criteria: optText,
  reasons: optText,
});
export const budgetInputSchema = z.object({
  /** Total budget in ELA: must equal the sum of the payments. */
  total: optText,
  /** Where the ELA is paid: a wallet address, not an exchange deposit address. */
  elaAddress: optText,
  payments: z.array(paymentInputSchema).nullish(),
  statement: optText,
});
export type MilestoneInput = z.infer<typeof milestoneInputSchema>;
export type PaymentInput = z.infer<typeof paymentInputSchema>;
export type BudgetInput = z.infer<typeof budgetInputSchema>;

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/** Parses YYYY-MM-DD as a real calendar date (UTC midnight), or null. */
export function parseIsoDate(text: string | null | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : d;
}

/** The date `months` later, clamped to the month's last day (Jan 31 + 3 months = Apr 30). */
export function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay)));
}

/** Milestone rules: non-empty when required, valid dates, each later than the previous and ≤ 3 months after. */
export function checkMilestones(milestones: MilestoneInput[], required: boolean): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const at = (i: number, field: string) => ['plan', 'milestones', i, field];
  if (milestones.length === 0) {
    if (required) issues.push({ path: ['plan', 'milestones'], message: M.milestonesEmpty });
    return issues;
  }
  if (milestones.length > LIMITS.milestones)
    issues.push({ path: ['plan', 'milestones'], message: M.tooLong });
  let previous: Date | null = null;
  milestones.forEach((ms, i) => {
    if (blank(ms.introduction)) issues.push({ path: at(i, 'introduction'), message: M.required });
    else if (ms.introduction!.length > LIMITS.itemTextChars)
      issues.push({ path: at(i, 'introduction'), message: M.tooLong });
    if (ms.goal && ms.goal.length > LIMITS.itemTextChars)
      issues.push({ path: at(i, 'goal'), message: M.tooLong });
    if (blank(ms.date)) {
      issues.push({ path: at(i, 'date'), message: M.required });
      previous = null;
      return;
    }
    const date = parseIsoDate(ms.date);
    if (!date) {
      issues.push({ path: at(i, 'date'), message: M.invalidDate });
      previous = null;
      return;
    }
    if (previous) {
      if (date.getTime() <= previous.getTime())
        issues.push({ path: at(i, 'date'), message: M.milestoneDateOrder });
      else if (date.getTime() > addMonths(previous, LIMITS.milestoneGapMonths).getTime())
        issues.push({ path: at(i, 'date'), message: M.milestoneTooFar });
    }
    previous = date;
  });
  return issues;
}

/**
 * Budget rules (spec §5), checked on the server with the same code the form runs:
 * a valid total and ELA address; a non-empty payment schedule; each amount a valid amount; one payment per
 * milestone and one for each milestone; the initiation payment (at most one) only on the first milestone; exactly
 * one completion payment, on the last; milestone payments not on the last; no payment but the completion payment
 * above 30% of the total; the payments summing exactly to the total.
 */
export function checkBudget(budget: BudgetInput, milestoneCount: number): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const payments = budget.payments ?? [];
  const line = (i: number, field: string) => ['budget', 'payments', i, field];

  const total = blank(budget.total) ? null : amountToSela(budget.total!.trim());
  if (blank(budget.total)) issues.push({ path: ['budget', 'total'], message: M.required });
  else if (total === null || total <= 0n)
    issues.push({ path: ['budget', 'total'], message: M.invalidAmount });

  const address = budget.elaAddress?.trim() ?? '';
  if (!address) issues.push({ path: ['budget', 'elaAddress'], message: M.required });
  else if (!isPaymentAddress(address))
    issues.push({ path: ['budget', 'elaAddress'], message: paymentAddressMessage(address) });

  if (budget.statement && budget.statement.length > LIMITS.markdownChars)
    issues.push({ path: ['budget', 'statement'], message: M.tooLong });

  if (payments.length === 0) {
    issues.push({ path: ['budget', 'payments'], message: M.paymentsEmpty });
    return issues;
  }

  const last = milestoneCount - 1;
  const used = new Set<number>();
  let sum = 0n;
  let allAmountsValid = true;
  payments.forEach((p, i) => {
    if (!p.type) issues.push({ path: line(i, 'type'), message: M.required });
    const amount = blank(p.amount) ? null : amountToSela(p.amount!.trim());
    if (blank(p.amount)) issues.push({ path: line(i, 'amount'), message: M.required });
    else if (amount === null) issues.push({ path: line(i, 'amount'), message: M.invalidAmount });
    if (amount === null) allAmountsValid = false;
    else sum += amount;
    if (blank(p.criteria)) issues.push({ path: line(i, 'criteria'), message: M.required });
    else if (p.criteria!.length > LIMITS.itemTextChars)
      issues.push({ path: line(i, 'criteria'), message: M.tooLong });
    if (p.reasons && p.reasons.length > LIMITS.itemTextChars)
      issues.push({ path: line(i, 'reasons'), message: M.tooLong });

    const ms = p.milestone;
    if (ms === null || ms === undefined || ms < 0 || ms > last) {
      issues.push({ path: line(i, 'milestone'), message: M.paymentMilestoneMissing });
    } else if (used.has(ms)) {
      issues.push({ path: line(i, 'milestone'), message: M.milestoneUsed });
    } else {
      used.add(ms);
      if (p.type === 'ADVANCE' && ms !== 0)
        issues.push({ path: line(i, 'milestone'), message: M.advanceNotFirst });
      if (p.type === 'COMPLETION' && ms !== last)
        issues.push({ path: line(i, 'milestone'), message: M.completionNotLast });
      if (p.type === 'CONDITIONED' && ms === last)
        issues.push({ path: line(i, 'milestone'), message: M.conditionedOnLast });
    }
    if (total !== null && total > 0n && amount !== null && p.type !== 'COMPLETION') {
      if (amount * 100n > total * LIMITS.paymentCapPercent)
        issues.push({ path: line(i, 'amount'), message: M.paymentOverCap });
    }
  });

  const completions = payments.filter((p) => p.type === 'COMPLETION').length;
  const advances = payments.filter((p) => p.type === 'ADVANCE').length;
  if (completions !== 1 || advances > 1 || payments.length !== milestoneCount)
    issues.push({ path: ['budget', 'payments'], message: M.paymentStructure });

  if (total !== null && total > 0n && allAmountsValid && sum !== total)
    issues.push({ path: ['budget', 'total'], message: M.paymentSumMismatch });
  return issues;
}
