import type { AppDeps } from '../../app-deps';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import type { Db } from '@cr/core/db/db-client';
import type { MilestoneRow } from '@cr/core/db/schema/milestone.schema';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { AppError, conflict, forbidden, notFound } from '@cr/core/errors/app-error';
import { getGovernanceState } from '../council';
import { chainConfig, findProposal } from '../proposal';
import { listMilestones } from './milestone.repo';
import { summaryApproved } from '../proposal-tracking';
import { requestRefusal, type RequestRefusal } from './milestone-rules';

/** Where payment actions are relayed: the Treasury of the configured chain. */
export function treasuryConfig(deps: AppDeps) {
  const { chainId } = chainConfig(deps);
  const treasury = deps.config.TREASURY_ADDRESS;
  if (!treasury)
    throw new AppError(503, 'chain.unavailable', 'The treasury contract is not configured on this server.');
  return { chainId, treasury };
}

/** A fresh statement nonce: a repeated action (a request after a rejection) must be new words to the contract. */
export const paymentNonce = () => BigInt(Date.now());

export interface PaymentSubject {
  p: ProposalRow;
  stages: MilestoneRow[];
}

/** The proposal and its milestone rows (locked in a transaction); refused unless it is a NORMAL one with stages. */
export async function paymentSubject(db: Db, ref: string, lock = false): Promise<PaymentSubject> {
  const p = await findProposal(db, ref, lock);
  if (!p) throw notFound('proposal', 'proposal.not_found');
  const stages = p.draftHash ? await listMilestones(db, p.id, lock) : [];
  if (p.kind !== 'NORMAL' || stages.length === 0)
    throw conflict('milestone.none', 'This proposal has no payments to make (yet).');
  return { p, stages };
}

export function checkOwner(p: ProposalRow, did: string | null | undefined) {
  if (!did || p.ownerDid !== did)
    throw forbidden('Only the proposal’s owner can do this.', 'milestone.not_owner');
}

/** The secretary general is the DID the Council contract holds (projected into governance_state). */
export async function checkSecretary(db: Db, did: string | null | undefined): Promise<string> {
  const state = await getGovernanceState(db);
  if (!did || !state?.secretaryDid || state.secretaryDid !== did)
    throw forbidden('Only the secretary general can review payments.', 'milestone.not_secretary');
  return state.secretaryDid;
}

export async function isSecretary(db: Db, did: string | null | undefined): Promise<boolean> {
  const state = await getGovernanceState(db);
  return !!did && state?.secretaryDid === did;
}

const REFUSALS: Record<RequestRefusal, string> = {
  closed:
    'Payments can only be requested while the proposal is passed (not after it ended or was terminated).',
  out_of_order: 'Stages are paid in order: request the first stage that is not approved yet.',
  not_requestable: 'This stage is already requested or approved.',
  advance: 'The advance payment is approved when the proposal passes; withdraw it.',
  summary_required: 'The completion payment can be requested only after the final summary is approved.',
};

/**
 * Stage `stage` may be requested now: the proposal is passed, stages go in order, and the completion payment only
 * once the final summary is approved by the secretary general (spec §5; tracking.repo `summaryApproved`).
 */
export async function checkRequestable(db: Db, s: PaymentSubject, stage: number): Promise<MilestoneRow> {
  const refusal = requestRefusal(s.p.status, s.stages, stage, await summaryApproved(db, s.p.id));
  if (refusal) throw conflict(`milestone.${refusal}`, REFUSALS[refusal]);
  return s.stages.find((r) => r.stage === stage)!;
}

/** An action on these rows that is still on its way to the chain: another one now would be refused there. */
export async function checkNotPending(db: Db, rows: MilestoneRow[]): Promise<void> {
  for (const r of rows) {
    if (!r.actionId) continue;
    const a = await getChainAction(db, r.actionId);
    if (a && (a.status === 'unchain' || a.status === 'chaining'))
      throw conflict(
        'milestone.pending',
        'A signed action on this payment is still on its way to the chain.',
      );
  }
}

export const changed = () =>
  conflict('milestone.changed', 'The payment changed after this QR code was made. Please start again.');
