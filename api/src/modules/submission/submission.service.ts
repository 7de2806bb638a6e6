import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import { personName } from '@cr/contract/person-name';
import {
  type adminSubmissionsQuerySchema,
  type CampaignFormValues,
  type ProgramState,
  type Submission,
  type SubmissionList,
  type SubmissionStatus,
  type issueInputSchema,
  type submissionDecisionSchema,
  submissionMessages,
  type SubmissionMessageType,
} from '@cr/contract/submission.contract';
import type { z } from 'zod';
import { AppError } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import { hasRole } from '@cr/contract/roles.contract';
import { findCommunity, grantOrganizer, rolesOf } from '../community';
import { crclesSuspended, trainingPostponed } from '../site';
import type { AuthUser } from '../session';
import { ownsUploads } from '../upload';
import * as repo from './submission.repo';

export const SUBMISSION_PAGE_SIZE = 20;

export function submissionError(status: number, type: SubmissionMessageType, field?: string): AppError {
  const message = submissionMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}

const isAdmin = (user: AuthUser | null) => !!user && hasRole(user.role, 'ADMIN');

function toSubmission(row: repo.SubmissionWithAuthor): Submission {
  const s = row.submission;
  return {
    _id: s.id,
    type: s.type as Submission['type'],
    campaign: (s.campaign ?? null) as Submission['campaign'],
    title: s.title,
    description: s.description,
    fields: s.fields,
    attachment: s.attachment,
    communityId: s.communityId,
    communityName: row.communityName,
    status: s.status as SubmissionStatus,
    answer: s.answer,
    author: { _id: row.author.id, username: row.author.username, name: personName(row.author) },
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/**
 * Who reads a submission: its author and admins always; other signed-in members only a public issue (a bug,
 * suggestion, community request or other). Security issues and form answers are never shown to strangers;
 * they get "not found", so that they cannot even tell one exists.
 */
function canRead(viewer: AuthUser, s: repo.SubmissionWithAuthor['submission']): boolean {
  if (s.authorId === viewer.id || isAdmin(viewer)) return true;
  return s.campaign === null && s.type !== 'SECURITY_ISSUE';
}

export async function getSubmission(deps: AppDeps, viewer: AuthUser, id: string): Promise<Submission> {
  const row = await repo.findSubmission(deps.database.db, id);
  if (!row || !canRead(viewer, row.submission)) throw submissionError(404, 'submission.not_found');
  return toSubmission(row);
}

async function checkAttachment(db: Db, userId: string, url: string | null) {
  if (url && !(await ownsUploads(db, [url], userId)))
    throw submissionError(400, 'submission.attachment_invalid', 'attachment');
}

/** A member files an issue; an attachment must be an image they uploaded (≤ 200 KB, sniffed by the upload). */
export async function fileIssue(
  tx: Db,
  user: AuthUser,
  input: z.output<typeof issueInputSchema>,
): Promise<CommandOutcome<string>> {
  await checkAttachment(tx, user.id, input.attachment);
  const row = await repo.insertSubmission(tx, {
    type: input.type,
    title: input.title,
    description: input.description,
    attachment: input.attachment,
    authorId: user.id,
  });
  return { result: row.id };
}

/** The program switches the campaign forms obey (site settings). */
export async function programState(deps: AppDeps): Promise<ProgramState> {
  const db = deps.database.db;
  return { trainingPostponed: await trainingPostponed(db), empowerSuspended: await crclesSuspended(db) };
}

/** A campaign form: refused while its program is postponed or suspended; the answers are stored as given. */
export async function submitForm(
  tx: Db,
  user: AuthUser,
  input: CampaignFormValues,
): Promise<CommandOutcome<string>> {
  if (input.campaign === 'AMBASSADOR_TRAINING' && (await trainingPostponed(tx)))
    throw submissionError(409, 'submission.training_postponed');
  if (input.campaign === 'EMPOWER_35' && (await crclesSuspended(tx)))
    throw submissionError(409, 'submission.empower_suspended');
  let communityId: string | null = null;
  if (input.campaign === 'COMMUNITY_ORGANIZER') {
    communityId = input.communityId;
    if (!(await findCommunity(tx, communityId)))
      throw submissionError(400, 'submission.community_required', 'communityId');
    if ((await rolesOf(tx, user.id)).get(communityId) === 'ORGANIZER')
      throw submissionError(409, 'submission.already_organizer', 'communityId');
  }
  const { campaign, ...fields } = input;
  const title = 'title' in input ? input.title : input.fullLegalName;
  const description =
    'description' in input ? input.description : 'experience' in input ? input.experience : '';
  const row = await repo.insertSubmission(tx, {
    type: campaign === 'EMPOWER_35' ? 'EMPOWER_35' : 'FORM_EXT',
    campaign,
    title,
    description,
    fields,
    communityId,
    authorId: user.id,
  });
  return { result: row.id };
}

/** My issues or my forms, newest first, with the admin's status and answer. */
export async function mySubmissions(
  deps: AppDeps,
  user: AuthUser,
  kind: 'issues' | 'forms',
): Promise<SubmissionList> {
  const { rows, total } = await repo.listSubmissions(deps.database.db, {
    kind,
    authorId: user.id,
    limit: 200,
    offset: 0,
  });
  return { list: rows.map(toSubmission), total, page: 1, pageSize: 200 };
}

export async function adminList(
  deps: AppDeps,
  query: z.output<typeof adminSubmissionsQuerySchema>,
): Promise<SubmissionList> {
  const { rows, total } = await repo.listSubmissions(deps.database.db, {
    kind: query.kind,
    status: query.status,
    campaign: query.campaign,
    limit: SUBMISSION_PAGE_SIZE,
    offset: (query.page - 1) * SUBMISSION_PAGE_SIZE,
  });
  return { list: rows.map(toSubmission), total, page: query.page, pageSize: SUBMISSION_PAGE_SIZE };
}

/**
 * The admin answers a submission. Approving an organizer application makes its author an organizer of the
 * community (and LEADER), in the same transaction as the status move.
 */
export async function decideSubmission(
  tx: Db,
  admin: AuthUser,
  id: string,
  input: z.output<typeof submissionDecisionSchema>,
): Promise<CommandOutcome<string>> {
  const s = await repo.lockSubmission(tx, id);
  if (!s) throw submissionError(404, 'submission.not_found');
  const moved = await repo.decide(
    tx,
    id,
    [s.status as SubmissionStatus],
    input.status,
    input.answer,
    admin.id,
  );
  if (!moved) throw submissionError(409, 'submission.already_decided');
  if (input.status === 'APPROVED' && s.campaign === 'COMMUNITY_ORGANIZER' && s.communityId)
    await grantOrganizer(tx, s.communityId, s.authorId);
  return { result: id };
}
