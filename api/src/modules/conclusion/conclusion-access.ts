import { conclusionStatement, textHash } from '@cr/contracts-abi/statements';
import type { ConclusionOutcome } from '@cr/contract/conclusion.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ConclusionRow } from '@cr/core/db/schema/conclusion.schema';
import type { MilestoneRow } from '@cr/core/db/schema/milestone.schema';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { AppError, conflict, forbidden, notFound } from '@cr/core/errors/app-error';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { getGovernanceState } from '../council';
import { listMilestones } from '../milestone';
import { approvedSummaryText } from '../proposal-tracking';
import { findProposal } from '../proposal';
import { conclusionRefusal, type ConclusionRefusal } from './conclusion-rules';
import { currentConclusion } from './conclusion.repo';

export type Party = 'owner' | 'secretary';

export interface ConclusionSubject {
  p: ProposalRow;
  stages: MilestoneRow[];
  /** The approved final summary's text, or null. */
  summary: string | null;
  /** The secretary general on chain (governance_state), or null while none is set. */
  secretaryDid: string | null;
  /** The latest conclusion not cancelled. */
  current: ConclusionRow | null;
}

export async function conclusionSubject(db: Db, ref: string, lock = false): Promise<ConclusionSubject> {
  const p = await findProposal(db, ref, lock);
  if (!p || p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  const [stages, summary, state, current] = [
    p.draftHash ? await listMilestones(db, p.id, lock) : [],
    await approvedSummaryText(db, p.id),
    await getGovernanceState(db),
    await currentConclusion(db, p.id, lock),
  ];
  return { p, stages, summary, secretaryDid: state?.secretaryDid ?? null, current };
}

/** Which party `did` is: the proposal's current owner or the secretary general on chain; anyone else is refused. */
export function partyOf(s: ConclusionSubject, did: string | null | undefined): Party {
  if (did && s.p.ownerDid === did) return 'owner';
  if (did && s.secretaryDid === did) return 'secretary';
  throw forbidden(
    'Only the proposal’s owner and the secretary general can conclude a proposal.',
    'conclusion.not_party',
  );
}

export function viewerParty(s: ConclusionSubject, did: string | null | undefined): Party | null {
  if (did && s.p.ownerDid === did) return 'owner';
  if (did && s.secretaryDid === did) return 'secretary';
  return null;
}

const REFUSALS: Record<ConclusionRefusal, string> = {
  wrong_status: 'Only an active (passed) proposal with a budget can be concluded.',
  stages_outstanding: 'The proposal can be completed only when every payment stage is approved.',
  summary_required: 'The proposal can be completed only after its final summary is approved.',
  note_required: 'Please say why the proposal closes incomplete (there is no approved summary).',
};

/** Refuses unless the proposal may still be concluded (ACTIVE NORMAL), before anything else is looked at. */
export function checkOpen(s: ConclusionSubject) {
  if (s.p.kind !== 'NORMAL' || s.p.status !== 'ACTIVE')
    throw conflict('conclusion.wrong_status', REFUSALS.wrong_status);
}

/** Refuses an outcome the contract (or the spec) would refuse now. */
export function checkOutcome(s: ConclusionSubject, outcome: ConclusionOutcome, note: string | undefined) {
  const refusal = conclusionRefusal({
    status: s.p.status,
    kind: s.p.kind,
    stages: s.stages.map((r) => r.status),
    summaryApproved: s.summary !== null,
    outcome,
    note,
  });
  if (!refusal) return;
  if (refusal === 'note_required') throw new AppError(400, 'conclusion.note_required', REFUSALS[refusal]);
  throw conflict(`conclusion.${refusal}`, REFUSALS[refusal]);
}

/**
 * The words both parties sign. The summary hash is sha256 of the approved final summary's text; an INCOMPLETED
 * proposal without an approved summary hashes the conclusion note instead (why it closes).
 */
export function conclusionWords(
  s: ConclusionSubject,
  outcome: ConclusionOutcome,
  note: string | undefined,
  nonce: bigint,
  chainId: number,
) {
  const text = s.summary ?? note!.trim();
  const summaryHash = textHash(text);
  const statement = conclusionStatement({ draftHash: s.p.draftHash!, outcome, summaryHash, nonce, chainId });
  return { text, summaryHash, statement };
}

/** A SIGNED conclusion whose relayed call failed may be replaced; one on its way (or on chain) may not. */
export async function replaceable(db: Db, c: ConclusionRow): Promise<boolean> {
  if (c.status === 'SIGNING') return true;
  if (!c.actionId) return false;
  const a = await getChainAction(db, c.actionId);
  return a?.status === 'failed';
}

export const signedBy = (c: ConclusionRow, party: Party) =>
  party === 'owner' ? !!c.ownerSig : !!c.secretarySig;

export const alreadySigned = () =>
  conflict(
    'conclusion.already_signed',
    'You have already signed this conclusion; waiting for the other party.',
  );

export const onItsWay = () =>
  conflict('conclusion.pending', 'The conclusion is signed by both and on its way to the chain.');

export const changed = () =>
  conflict('conclusion.changed', 'The conclusion changed after this QR code was made. Please start again.');

/** A fresh statement nonce (uint64). */
export const conclusionNonce = () => BigInt(Date.now());
