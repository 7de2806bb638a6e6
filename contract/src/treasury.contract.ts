import { z } from 'zod';
import { proposalStatusSchema } from './proposal.contract';

/**
 * The public treasury page (GET /api/treasury). Every figure comes from the chain: the balance, the reserved
 * total and the cap are the Treasury contract's state read through the RPC at `blockNumber` (the height the
 * indexed events reach), the rest is summed from its indexed events, each of which names its transaction.
 * Amounts are ELA as exact decimal strings of the contract's wei (18 decimals), never floats.
 */

/** ELA as an exact decimal string without trailing zeros ("12.5", "3", "0.000000000000000001"). */
export const elaAmountSchema = z.string().regex(/^-?\d+(\.\d{1,18})?$/);

export const txHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

export const TREASURY_TX_KINDS = ['FUNDED', 'RESERVED', 'RELEASED', 'CLOSED', 'WITHDRAWN'] as const;
export const treasuryTxKindSchema = z.enum(TREASURY_TX_KINDS);
export type TreasuryTxKind = z.infer<typeof treasuryTxKindSchema>;

/** The proposal a transaction or a budget belongs to, when the site knows it. */
export const treasuryProposalRefSchema = z.object({
  id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
  status: proposalStatusSchema,
});

/** One Treasury event that moved money or a reservation, with its transaction. */
export const treasuryTxSchema = z.object({
  kind: treasuryTxKindSchema,
  txHash: txHashSchema,
  blockNumber: z.number().int(),
  /** FUNDED: received; RESERVED: budget total; RELEASED / CLOSED: freed; WITHDRAWN: paid to the recipient. */
  amountEla: elaAmountSchema,
  draftHash: z.string().nullable(),
  /** The council term whose blocks hold it (null before the first term). */
  term: z.number().int().nullable(),
});
export type TreasuryTx = z.infer<typeof treasuryTxSchema>;

/** A proposal's budget as the treasury holds it: reserved at registration, then paid, released or still owed. */
export const treasuryBudgetSchema = z.object({
  draftHash: z.string(),
  proposal: treasuryProposalRefSchema.nullable(),
  /** The proposal's status on chain (Governance `StatusChanged`); null before its registration is indexed. */
  status: proposalStatusSchema.nullable(),
  budgetEla: elaAmountSchema,
  paidEla: elaAmountSchema,
  releasedEla: elaAmountSchema,
  /** Still promised (budget − paid − released): counted in the reserved total. */
  reservedEla: elaAmountSchema,
  txHashes: z.array(txHashSchema),
});
export type TreasuryBudget = z.infer<typeof treasuryBudgetSchema>;

export const treasuryTermPaidSchema = z.object({
  /** Null: paid before the first council term was seated. */
  term: z.number().int().nullable(),
  paidEla: elaAmountSchema,
  txHashes: z.array(txHashSchema),
});

/** The balance after each FUNDED / WITHDRAWN transaction, oldest first. */
export const treasuryBalancePointSchema = z.object({
  blockNumber: z.number().int(),
  balanceEla: elaAmountSchema,
  txHash: txHashSchema,
});

export const treasuryOverviewSchema = z.object({
  chainId: z.number().int().nullable(),
  /** The Treasury contract. */
  address: z.string(),
  /** The block whose state these figures are (the height the indexed events reach). */
  blockNumber: z.number().int(),
  /** False until the chain worker has indexed the treasury's events: the contract's figures stand alone. */
  historyIndexed: z.boolean(),
  /** The contract's native balance. */
  balanceEla: elaAmountSchema,
  /** The contract's `committed`: budgets of live proposals not yet paid (liabilities). */
  reservedEla: elaAmountSchema,
  /** Of that, by proposals ACTIVE or in their NOTIFICATION (veto) window, by their status on chain. */
  reservedActiveEla: elaAmountSchema,
  /** balance − reserved (the contract's `available()`). */
  availableEla: elaAmountSchema,
  /**
   * The most one proposal registered now may ask: the contract's `budgetCap()` rule (contract/budget-cap.ts) over
   * its balance and `committed`, less the budgets of registrations signed on the site and not yet reserved on
   * chain (they reach the chain first); make-proposal refuses by the same reading. With its share of available.
   */
  capEla: elaAmountSchema,
  capBps: z.number().int(),
  /** Everything withdrawn to recipients. */
  paidEla: elaAmountSchema,
  paidByTerm: z.array(treasuryTermPaidSchema),
  /** Payouts over the last `windowDays` days and how long the balance lasts at that pace (null without payouts). */
  runway: z.object({
    windowDays: z.number().int(),
    /** Null while the block interval is unknown (no window in blocks). */
    windowBlocks: z.number().int().nullable(),
    paidInWindowEla: elaAmountSchema,
    perDayEla: elaAmountSchema.nullable(),
    days: z.number().int().nullable(),
    txHashes: z.array(txHashSchema),
  }),
  /** Balance the events do not explain (ELA forced in without a `Funded` event); "0" normally. */
  unexplainedEla: elaAmountSchema,
  balanceSeries: z.array(treasuryBalancePointSchema),
  budgets: z.array(treasuryBudgetSchema),
  /** Every money or reservation event, newest first. */
  transactions: z.array(treasuryTxSchema),
});
export type TreasuryOverview = z.infer<typeof treasuryOverviewSchema>;
