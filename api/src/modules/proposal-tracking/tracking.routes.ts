import { z } from 'zod';
import {
  notesEditSchema,
  proposalNotesSchema,
  trackingCreateSchema,
  trackingEntrySchema,
  trackingItemParamsSchema,
  trackingListSchema,
  trackingParamsSchema,
  trackingReviewSchema,
  trackingUpdateSchema,
} from '@cr/contract/proposal-tracking.contract';
import type { AppDeps } from '../../app-deps';
import type { ProposalTrackingRow } from '@cr/core/db/schema/proposal-tracking.schema';
import { unauthorized } from '@cr/core/errors/app-error';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { editNotes, getNotes } from './notes.service';
import {
  createEntry,
  listTracking,
  reviewEntry,
  submitEntry,
  trackingAnswer,
  updateEntry,
} from './tracking.service';

const TAG = 'proposal tracking';
const writeResult = z.object({ entry: trackingEntrySchema, mailFailed: z.boolean() });
/** What every tracking write answers once committed: the entry, and whether its e-mails were not queued. */
const answer = (
  row: ProposalTrackingRow,
  { deps }: { deps: AppDeps },
  { mailFailed }: { mailFailed: boolean },
) => trackingAnswer(deps, row, mailFailed);

/**
 * Tracking messages, the summary and the secretariat notes (docs/tracking-states.md). Reads are public (the
 * service filters by viewer); writes need a sign-in, and the service checks ownership (owner writes) and the
 * secretary general (reviews, notes) against the rows and the chain's secretary general.
 */
export const trackingRoutes = [
  defineRoute({
    method: 'get',
    path: '/proposals/:id/tracking',
    tag: TAG,
    summary:
      'Tracking messages and the summary: PUBLISHED ones for everyone; all statuses for the owner, the secretariat and the council.',
    policy: policy.public,
    params: trackingParamsSchema,
    response: trackingListSchema,
    handler: ({ deps, user, params }) => listTracking(deps, user, params.id),
  }),
  defineCommand({
    method: 'post',
    path: '/proposals/:id/tracking',
    tag: TAG,
    summary:
      'The owner of an ACTIVE proposal writes a tracking message (at most 128) or the summary (one), as a draft or submitted for review (e-mails the secretariat).',
    policy: policy.member,
    params: trackingParamsSchema,
    body: trackingCreateSchema,
    response: writeResult,
    run: (tx, { user, params, body }) => createEntry(tx, user ?? fail(), params.id, body),
    answer,
  }),
  defineCommand({
    method: 'put',
    path: '/proposals/:id/tracking/:itemId',
    tag: TAG,
    summary: 'The owner edits a DRAFT or rejected entry; `submit` sends it for review.',
    policy: policy.member,
    params: trackingItemParamsSchema,
    body: trackingUpdateSchema,
    response: writeResult,
    run: (tx, { user, params, body }) => updateEntry(tx, user ?? fail(), params.id, params.itemId, body),
    answer,
  }),
  defineCommand({
    method: 'post',
    path: '/proposals/:id/tracking/:itemId/submit',
    tag: TAG,
    summary: 'The owner submits a DRAFT or rejected entry for review (e-mails the secretariat).',
    policy: policy.member,
    params: trackingItemParamsSchema,
    response: writeResult,
    run: (tx, { user, params }) => submitEntry(tx, user ?? fail(), params.id, params.itemId),
    answer,
  }),
  defineCommand({
    method: 'post',
    path: '/proposals/:id/tracking/:itemId/review',
    tag: TAG,
    summary:
      'The secretary general approves (PUBLISHED) or rejects with a comment (REJECT) an entry under review (e-mails the owner).',
    policy: policy.role('SECRETARY'),
    params: trackingItemParamsSchema,
    body: trackingReviewSchema,
    response: writeResult,
    run: (tx, { user, params, body }) => reviewEntry(tx, user ?? fail(), params.id, params.itemId, body),
    answer,
  }),
  defineRoute({
    method: 'get',
    path: '/proposals/:id/notes',
    tag: TAG,
    summary: 'The secretariat notes of a proposal and every earlier version, newest first.',
    policy: policy.public,
    params: trackingParamsSchema,
    response: proposalNotesSchema,
    handler: ({ deps, user, params }) => getNotes(deps, user, params.id),
  }),
  defineCommand({
    method: 'put',
    path: '/proposals/:id/notes',
    tag: TAG,
    summary: 'The secretary general saves the notes (a new version; the earlier ones stay in the history).',
    policy: policy.role('SECRETARY'),
    params: trackingParamsSchema,
    body: notesEditSchema,
    response: proposalNotesSchema,
    run: (tx, { user, params, body }) => editNotes(tx, user ?? fail(), params.id, body),
    answer: (proposalId, { deps, user }) => getNotes(deps, user, proposalId),
  }),
];

function fail(): never {
  throw unauthorized();
}
