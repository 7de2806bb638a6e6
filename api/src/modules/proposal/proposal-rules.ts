import type { ProposalStatus, ProposalWindow } from '@cr/contract/proposal.contract';
import { etaOf, type ChainClock } from '../../chain/chain-clock';
import { statusTable } from '@cr/core/db/status-table';

/**
 * Proposal rules as pure functions (docs/proposal-states.md): windows by block height, ETAs from the observed
 * block interval, reminder lead times. The vote tally and its pass rule live in contract/vote-tally.ts (shared
 * with the web).
 */

/**
 * Allowed moves of `proposals.status` (docs/proposal-states.md), enforced by `moveProposalStatus`. DRAFT →
 * PROPOSED is the member's registration; every later move is the Governance contract's `StatusChanged` (its
 * `_decideCouncil`, `_decideVeto`, `conclude` and a TERMINATE proposal's effect), so this table mirrors the contract.
 */
export const PROPOSAL_TRANSITIONS = statusTable<ProposalStatus>('proposal', {
  DRAFT: ['PROPOSED'],
  // → DRAFT: the chain refused the registration for good (proposal-refusal.ts); it was never public on chain.
  PROPOSED: ['NOTIFICATION', 'REJECT', 'DEFERRED', 'DRAFT'],
  NOTIFICATION: ['ACTIVE', 'VETOED'],
  ACTIVE: ['FINAL', 'INCOMPLETED', 'TERMINATED'],
  REJECT: [],
  DEFERRED: [],
  VETOED: [],
  FINAL: [],
  INCOMPLETED: [],
  TERMINATED: [],
});

/**
 * The windows of a proposal registered at R with period V: voting [R, R+V), veto [R+V, R+2V). Heights come from
 * the ProposalRegistered event (votingEnd, vetoEnd), so a change of V on chain is honoured.
 */
export function proposalWindow(
  p: {
    status: ProposalStatus;
    registeredHeight: number | null;
    votingEndHeight: number | null;
    vetoEndHeight: number | null;
  },
  clock: ChainClock,
): ProposalWindow {
  const h = clock.height;
  const votingOpen =
    p.status === 'PROPOSED' && p.votingEndHeight !== null && h !== null && h < p.votingEndHeight;
  const vetoOpen =
    p.status === 'NOTIFICATION' &&
    p.votingEndHeight !== null &&
    p.vetoEndHeight !== null &&
    h !== null &&
    h >= p.votingEndHeight &&
    h < p.vetoEndHeight;
  const currentEndHeight =
    p.status === 'PROPOSED' ? p.votingEndHeight : p.status === 'NOTIFICATION' ? p.vetoEndHeight : null;
  const blocksLeft = currentEndHeight !== null && h !== null ? Math.max(0, currentEndHeight - h) : null;
  const endsAt = currentEndHeight !== null ? etaOf(currentEndHeight, clock) : null;
  return {
    registeredHeight: p.registeredHeight,
    votingEndHeight: p.votingEndHeight,
    vetoEndHeight: p.vetoEndHeight,
    currentEndHeight,
    blocksLeft,
    endsAt: endsAt?.toISOString() ?? null,
    votingOpen,
    vetoOpen,
  };
}

/**
 * Whether a vote may be cast at `height`: PROPOSED, registered (its window is known) and height < R+V. The chain
 * counts a vote by the block it lands in, so the api refuses one the chain would refuse anyway.
 */
export function votingOpenAt(
  p: { status: ProposalStatus; votingEndHeight: number | null },
  height: number | null,
): boolean {
  return (
    p.status === 'PROPOSED' && p.votingEndHeight !== null && height !== null && height < p.votingEndHeight
  );
}

export function vetoOpenAt(
  p: { status: ProposalStatus; votingEndHeight: number | null; vetoEndHeight: number | null },
  height: number | null,
): boolean {
  if (height === null || p.votingEndHeight === null || p.vetoEndHeight === null) return false;
  // The veto call itself moves a decided PROPOSED proposal to NOTIFICATION (Governance.veto), so a PROPOSED one
  // past its voting end with enough yes votes is open to vetoes too; the contract refuses otherwise.
  const inWindow = height >= p.votingEndHeight && height < p.vetoEndHeight;
  return inWindow && (p.status === 'NOTIFICATION' || p.status === 'PROPOSED');
}

/** The veto threshold in wei: circulating supply × bps / 10,000 (the contract's formula). */
export function vetoThresholdWei(circulatingSupplyWei: string | null, bps: number | null): bigint | null {
  if (!circulatingSupplyWei || bps === null) return null;
  return (BigInt(circulatingSupplyWei) * BigInt(bps)) / 10_000n;
}

/** total / threshold × 100, two decimals. */
export function percentOf(totalWei: bigint, thresholdWei: bigint | null): number | null {
  if (!thresholdWei || thresholdWei === 0n) return null;
  return Number((totalWei * 10_000n) / thresholdWei) / 100;
}

export const DAY_MS = 86_400_000;

export interface ReminderOptions {
  /** How long before the end each reminder goes (spec: 3 days and 1 day). */
  earlyMs: number;
  lateMs: number;
  /** The nominal window the lead times are meant for (5,040 blocks ≈ 7 days). */
  nominalWindowMs: number;
}

export const DEFAULT_REMINDERS: ReminderOptions = {
  earlyMs: 3 * DAY_MS,
  lateMs: DAY_MS,
  nominalWindowMs: 7 * DAY_MS,
};

/**
 * Reminder lead times in blocks: the duration in blocks at the observed interval, but never more than the same
 * share of the actual window (3/7 and 1/7 of V). In production (2-minute blocks, V = 5,040) that is exactly 3 days
 * (2,160 blocks) and 1 day (720); on a dev chain with 60-block windows the reminders keep their place in the
 * window (25 and 8 blocks before the end) instead of both firing at once.
 */
export function reminderLeads(
  votingPeriodBlocks: number,
  avgBlockMs: number | null,
  opts: ReminderOptions = DEFAULT_REMINDERS,
): { early: number; late: number } {
  const lead = (ms: number) => {
    const share = Math.floor((votingPeriodBlocks * ms) / opts.nominalWindowMs);
    const byTime = avgBlockMs ? Math.ceil(ms / avgBlockMs) : share;
    return Math.max(1, Math.min(share, byTime));
  };
  return { early: lead(opts.earlyMs), late: lead(opts.lateMs) };
}

/** Which reminder is due at `height` for a voting window ending at `votingEnd` (null: none now). */
export function dueReminder(
  votingEnd: number,
  height: number,
  leads: { early: number; late: number },
  sent: { early: boolean; late: boolean },
): 'early' | 'late' | null {
  const left = votingEnd - height;
  if (left <= 0) return null;
  if (left <= leads.late && !sent.late) return 'late';
  if (left <= leads.early && !sent.early && left > leads.late) return 'early';
  return null;
}
