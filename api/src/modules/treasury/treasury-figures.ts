import type {
  TreasuryBudget,
  TreasuryOverview,
  TreasuryTx,
  TreasuryTxKind,
} from '@cr/contract/treasury.contract';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import { weiToEla } from '../proposal-record';
import type { TreasuryState } from './treasury-chain';

/** One indexed Treasury money event (chain_events row, args with big numbers as decimal strings). */
export interface MoneyEvent {
  blockNumber: number;
  txHash: string;
  name: string;
  args: Record<string, unknown>;
}

export interface ProposalRef {
  id: string;
  number: number | null;
  title: string;
  status: ProposalStatus;
  draftHash: string | null;
}

export interface TermSpan {
  term: number;
  startHeight: number;
  endHeight: number;
}

/** Payouts of this many days set the pace the runway is measured at. */
export const RUNWAY_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;
/** Live budgets whose reservation counts as a liability of an approved proposal. */
const APPROVED: ReadonlySet<ProposalStatus> = new Set(['ACTIVE', 'NOTIFICATION']);

const KIND: Record<string, { kind: TreasuryTxKind; amount: string }> = {
  Funded: { kind: 'FUNDED', amount: 'amountWei' },
  BudgetReserved: { kind: 'RESERVED', amount: 'totalWei' },
  BudgetReleased: { kind: 'RELEASED', amount: 'amountWei' },
  BudgetClosed: { kind: 'CLOSED', amount: 'releasedWei' },
  Withdrawn: { kind: 'WITHDRAWN', amount: 'amountWei' },
};

const ela = (wei: bigint) => (wei < 0n ? `-${weiToEla(-wei)}` : weiToEla(wei));

function termAt(terms: TermSpan[], height: number): number | null {
  const t = terms.find((x) => height >= x.startHeight && height < x.endHeight);
  return t?.term ?? null;
}

interface Withdrawal {
  blockNumber: number;
  wei: bigint;
  txHash: string;
}

interface Tally {
  budget: bigint;
  paid: bigint;
  released: bigint;
  txHashes: string[];
}

/**
 * The page's figures: the contract's state as read (balance, committed, available, cap) and what its events add
 * up to (per budget, per term, over time). Pure, so the arithmetic is tested without a chain.
 */
export function treasuryFigures(input: {
  chainId: number | null;
  address: string;
  state: TreasuryState;
  events: MoneyEvent[];
  proposals: ProposalRef[];
  /** Each draft's status as the Governance contract last announced it. */
  chainStatuses: ReadonlyMap<string, ProposalStatus>;
  terms: TermSpan[];
  avgBlockMs: number | null;
  historyIndexed: boolean;
}): TreasuryOverview {
  const { state, events, terms } = input;
  const byHash = new Map(input.proposals.map((p) => [p.draftHash?.toLowerCase(), p]));
  const txs: TreasuryTx[] = [];
  const budgets = new Map<string, Tally>();
  const paidByTerm = new Map<number | null, { paid: bigint; txHashes: string[] }>();
  const balanceSeries: TreasuryOverview['balanceSeries'] = [];
  const withdrawals: Withdrawal[] = [];
  let balance = 0n;
  let paid = 0n;

  for (const e of events) {
    const k = KIND[e.name];
    if (!k) continue;
    const amount = BigInt(String(e.args[k.amount] ?? '0'));
    const draftHash = e.args.draftHash ? String(e.args.draftHash).toLowerCase() : null;
    const term = termAt(terms, e.blockNumber);
    txs.push({
      kind: k.kind,
      txHash: e.txHash,
      blockNumber: e.blockNumber,
      amountEla: ela(amount),
      draftHash,
      term,
    });
    if (draftHash) {
      const b = budgets.get(draftHash) ?? { budget: 0n, paid: 0n, released: 0n, txHashes: [] };
      if (k.kind === 'RESERVED') b.budget += amount;
      if (k.kind === 'RELEASED' || k.kind === 'CLOSED') b.released += amount;
      if (k.kind === 'WITHDRAWN') b.paid += amount;
      if (!b.txHashes.includes(e.txHash)) b.txHashes.push(e.txHash);
      budgets.set(draftHash, b);
    }
    if (k.kind === 'FUNDED' || k.kind === 'WITHDRAWN') {
      balance += k.kind === 'FUNDED' ? amount : -amount;
      balanceSeries.push({ blockNumber: e.blockNumber, balanceEla: ela(balance), txHash: e.txHash });
    }
    if (k.kind === 'WITHDRAWN') {
      paid += amount;
      withdrawals.push({ blockNumber: e.blockNumber, wei: amount, txHash: e.txHash });
      const t = paidByTerm.get(term) ?? { paid: 0n, txHashes: [] };
      t.paid += amount;
      t.txHashes.push(e.txHash);
      paidByTerm.set(term, t);
    }
  }

  const budgetRows: TreasuryBudget[] = [...budgets].map(([draftHash, b]) => {
    const p = byHash.get(draftHash);
    return {
      draftHash,
      proposal: p ? { id: p.id, number: p.number, title: p.title, status: p.status } : null,
      status: input.chainStatuses.get(draftHash) ?? null,
      budgetEla: ela(b.budget),
      paidEla: ela(b.paid),
      releasedEla: ela(b.released),
      reservedEla: ela(b.budget - b.paid - b.released),
      txHashes: b.txHashes,
    };
  });
  const reservedActive = [...budgets].reduce((sum, [hash, b]) => {
    const status = input.chainStatuses.get(hash);
    return status && APPROVED.has(status) ? sum + (b.budget - b.paid - b.released) : sum;
  }, 0n);

  return {
    chainId: input.chainId,
    address: input.address,
    blockNumber: state.blockNumber,
    historyIndexed: input.historyIndexed,
    balanceEla: ela(state.balanceWei),
    reservedEla: ela(state.committedWei),
    reservedActiveEla: ela(reservedActive),
    availableEla: ela(state.availableWei),
    capEla: ela(state.capWei),
    capBps: state.capBps,
    paidEla: ela(paid),
    paidByTerm: [...paidByTerm]
      .map(([term, t]) => ({ term, paidEla: ela(t.paid), txHashes: t.txHashes }))
      .sort((a, b) => (b.term ?? -1) - (a.term ?? -1)),
    runway: runway(withdrawals, state, input.avgBlockMs),
    unexplainedEla: input.historyIndexed ? ela(state.balanceWei - balance) : '0',
    balanceSeries,
    budgets: budgetRows.sort((a, b) => (b.proposal?.number ?? 0) - (a.proposal?.number ?? 0)),
    transactions: txs.reverse(),
  };
}

/**
 * The pace of the last RUNWAY_WINDOW_DAYS (counted in blocks at the observed interval) and the whole days the
 * balance lasts at it. Integer arithmetic on wei: the days are floored, the daily pace exact to the wei.
 */
function runway(withdrawals: Withdrawal[], state: TreasuryState, avgBlockMs: number | null) {
  const windowBlocks = avgBlockMs ? Math.ceil((RUNWAY_WINDOW_DAYS * DAY_MS) / avgBlockMs) : null;
  const recent =
    windowBlocks === null ? [] : withdrawals.filter((w) => w.blockNumber > state.blockNumber - windowBlocks);
  const paidWei = recent.reduce((sum, w) => sum + w.wei, 0n);
  const days = BigInt(RUNWAY_WINDOW_DAYS);
  return {
    windowDays: RUNWAY_WINDOW_DAYS,
    windowBlocks,
    paidInWindowEla: ela(paidWei),
    perDayEla: paidWei > 0n ? ela(paidWei / days) : null,
    days: paidWei > 0n ? Number((state.balanceWei * days) / paidWei) : null,
    txHashes: recent.map((t) => t.txHash),
  };
}
