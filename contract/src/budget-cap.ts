/**
 * The treasury's budget cap, the one home of it for the api (make-proposal, GET /api/treasury) and the web. It is
 * Treasury.reserveBudget's integer rule:
 *
 *   available = balance > committed ? balance − committed : 0        (Treasury.available)
 *   cap       = available × BUDGET_CAP_BPS / BPS                     (Treasury.budgetCap, 10 %)
 *   refused   = total > cap                                          (BudgetOverCap(total, cap))
 *
 * The share (BUDGET_CAP_BPS) and BPS are read from the contract, never written here; budget-cap.int.test.ts checks
 * this rule against the deployed Treasury. Amounts are wei (18 decimals).
 */

/** What the rule reads from the chain (and from the site's own outbox). */
export interface BudgetCapState {
  /** The Treasury's native balance. */
  balanceWei: bigint;
  /** Treasury.committed: budgets of live proposals not yet paid. */
  committedWei: bigint;
  /**
   * Budgets of registrations the site has signed and not yet seen on chain (its outbox): each will be committed
   * before a registration signed now reaches the chain, so it counts as committed. 0 for the contract's own view.
   */
  pendingWei?: bigint;
  /** Treasury.BUDGET_CAP_BPS and Treasury.BPS, as read from the contract. */
  capBps: bigint;
  bps: bigint;
}

/** Treasury.available(): the balance not promised to live budgets (and, here, to pending registrations). */
export function availableWei(s: BudgetCapState): bigint {
  const promised = s.committedWei + (s.pendingWei ?? 0n);
  return s.balanceWei > promised ? s.balanceWei - promised : 0n;
}

/** Treasury.budgetCap(): the most one proposal registered now may ask, in wei (integer division, as on chain). */
export function budgetCapWei(s: BudgetCapState): bigint {
  return (availableWei(s) * s.capBps) / s.bps;
}

/** True when Treasury.reserveBudget would revert BudgetOverCap(total, cap). */
export function isOverBudgetCap(totalWei: bigint, capWei: bigint): boolean {
  return totalWei > capWei;
}

/** The refusal's words with the amounts (ELA, exact decimals), in English and Chinese. */
export const BUDGET_OVER_CAP_MESSAGES = {
  en: (p: { totalEla: string; capEla: string }) =>
    `The budget of ${p.totalEla} ELA is over the treasury's cap: a proposal may ask at most ${p.capEla} ELA now (10% of the treasury balance not yet committed to other proposals), so the chain would refuse it.`,
  zh: (p: { totalEla: string; capEla: string }) =>
    `预算 ${p.totalEla} ELA 超过国库上限：目前单个提案最多可申请 ${p.capEla} ELA（国库中尚未承诺给其他提案的余额的 10%），链会拒绝它。`,
} as const;

/** The error type of the refusal (HTTP 409). */
export const BUDGET_OVER_CAP_TYPE = 'proposal.budget_over_cap';
