import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { AppError, conflict, forbidden, notFound } from '@cr/core/errors/app-error';
import { getGovernanceState } from '../council';
import { findProposal } from '../proposal';
import type { AuthUser } from '../session';

/**
 * Who may do what with a proposal's tracking entries and notes, decided on the server from the signed-in user
 * and the rows (never from what the page says):
 * - the owner (proposals.owner_id) writes and submits, only while the proposal is ACTIVE;
 * - the secretary general (role SECRETARY, and the chain's secretary general when the chain names one) reviews
 *   and edits the secretariat notes; a council member or an ordinary secretariat account does not;
 * - owner, secretariat and council see every entry; everyone else sees the published ones.
 */
export interface TrackingViewer {
  isOwner: boolean;
  canWrite: boolean;
  canReview: boolean;
  seesAll: boolean;
}

/** The proposal of a tracking route; a DRAFT proposal has no tracking (and is not shown to others). */
export async function trackedProposal(db: Db, ref: string, lock = false): Promise<ProposalRow> {
  const p = await findProposal(db, ref, lock);
  if (!p || p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  return p;
}

export async function isSecretaryGeneral(db: Db, user: AuthUser | null): Promise<boolean> {
  if (user?.role !== 'SECRETARY') return false;
  const gov = await getGovernanceState(db);
  return !gov?.secretaryDid || gov.secretaryDid === user.did;
}

export async function viewerOf(db: Db, p: ProposalRow, user: AuthUser | null): Promise<TrackingViewer> {
  const isOwner = !!user && p.ownerId === user.id;
  const canReview = await isSecretaryGeneral(db, user);
  return {
    isOwner,
    canWrite: isOwner && p.status === 'ACTIVE',
    canReview,
    seesAll: isOwner || user?.role === 'SECRETARY' || user?.role === 'COUNCIL',
  };
}

export const trackingError = {
  notOwner: () =>
    forbidden(
      'Only the owner of the proposal can write its tracking messages and summary.',
      'tracking.not_owner',
    ),
  notActive: () =>
    conflict(
      'tracking.not_active',
      'Tracking messages and the summary are written while the proposal is active.',
    ),
  notSecretary: () => forbidden('Only the secretary general can do this.', 'tracking.not_secretary'),
  notFound: () => new AppError(404, 'tracking.not_found', 'The tracking message was not found.'),
  limit: (max: number) => conflict('tracking.limit', `A proposal has at most ${max} tracking messages.`),
  summaryExists: () =>
    conflict('tracking.summary_exists', 'This proposal already has a summary; edit that one instead.'),
  notEditable: () =>
    conflict(
      'tracking.not_editable',
      'Only a draft or a rejected entry can be edited; this one is under review or published.',
    ),
  notSubmittable: () =>
    conflict(
      'tracking.not_submittable',
      'Only a draft or a rejected entry can be submitted; this one already was.',
    ),
  notReviewable: () =>
    conflict('tracking.not_reviewable', 'Only an entry under review can be approved or rejected.'),
};
