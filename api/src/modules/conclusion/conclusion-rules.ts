import type { ConclusionAction, ConclusionOutcome, ConclusionStatus } from '@cr/contract/conclusion.contract';
import type { MilestoneStatus } from '@cr/contract/milestone.contract';
import type { ProposalKind, ProposalStatus } from '@cr/contract/proposal.contract';
import { statusTable } from '@cr/core/db/status-table';

/** Kind of the relayed Governance.conclude call (subject type `proposal`). */
export const CONCLUDE_KIND = 'proposal.conclude';

/**
 * A conclusion's moves: the second signature makes it SIGNED (its chain action is recorded with it); a SIGNING one
 * is cancelled or replaced by either party; a SIGNED one is set aside only when its chain action failed.
 */
export const CONCLUSION_TRANSITIONS = statusTable<ConclusionStatus>('conclusion', {
  SIGNING: ['SIGNED', 'CANCELLED'],
  SIGNED: ['CANCELLED'],
  CANCELLED: [],
});

const APPROVED: readonly MilestoneStatus[] = ['WAITING_FOR_WITHDRAWAL', 'WITHDRAWN'];

export type ConclusionRefusal = 'wrong_status' | 'stages_outstanding' | 'summary_required' | 'note_required';

/**
 * Why `outcome` cannot be signed now (null: it can). Mirrors Governance.conclude: only an ACTIVE NORMAL proposal,
 * FINAL only when every stage is approved (the contract's StagesOutstanding) — and, by the spec, only with the
 * final summary approved (the completion payment needs it anyway). INCOMPLETED without an approved summary needs
 * a note: its hash is the statement's summary hash.
 */
export function conclusionRefusal(a: {
  status: ProposalStatus;
  kind: ProposalKind;
  stages: readonly MilestoneStatus[];
  summaryApproved: boolean;
  outcome: ConclusionOutcome;
  note: string | undefined;
}): ConclusionRefusal | null {
  if (a.kind !== 'NORMAL' || a.status !== 'ACTIVE') return 'wrong_status';
  if (a.outcome === 'FINAL') {
    if (!a.summaryApproved) return 'summary_required';
    if (a.stages.length === 0 || a.stages.some((s) => !APPROVED.includes(s))) return 'stages_outstanding';
    return null;
  }
  if (!a.summaryApproved && !a.note?.trim()) return 'note_required';
  return null;
}

export const finalReady = (stages: readonly MilestoneStatus[], summaryApproved: boolean) =>
  summaryApproved && stages.length > 0 && stages.every((s) => APPROVED.includes(s));

/** What a party may do, given the conclusion being signed (or none) and whether they signed it. */
export function conclusionActionsFor(a: {
  party: boolean;
  open: boolean;
  finalReady: boolean;
  pending: {
    status: ConclusionStatus;
    outcome: ConclusionOutcome;
    signedByViewer: boolean;
    replaceable: boolean;
  } | null;
}): ConclusionAction[] {
  if (!a.party || !a.open) return [];
  const p = a.pending;
  if (p && p.status === 'SIGNED' && !p.replaceable) return [];
  const out: ConclusionAction[] = [];
  if (p?.status === 'SIGNING' && !p.signedByViewer) out.push('cosign');
  // The pending outcome is not offered again: the viewer has signed it, or co-signs it. Only the other outcome
  // (which replaces it with a new statement) is.
  const pendingOutcome = p?.status === 'SIGNING' ? p.outcome : null;
  if (a.finalReady && pendingOutcome !== 'FINAL') out.push('final');
  if (pendingOutcome !== 'INCOMPLETED') out.push('incompleted');
  if (p?.status === 'SIGNING') out.push('cancel');
  return out;
}
