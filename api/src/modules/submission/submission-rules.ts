import type { SubmissionStatus } from '@cr/contract/submission.contract';
import { statusTable } from '@cr/core/db/status-table';

/**
 * Submission status moves: the admin answers a PENDING submission (APPROVED or REJECTED) or archives it; an
 * archived one may be reopened. An approval is final: approving an organizer has granted the role.
 */
export const SUBMISSION_TRANSITIONS = statusTable<SubmissionStatus>('submissions', {
  PENDING: ['APPROVED', 'REJECTED', 'ARCHIVED'],
  REJECTED: ['PENDING', 'ARCHIVED'],
  ARCHIVED: ['PENDING'],
  APPROVED: ['ARCHIVED'],
});
