import { createHash } from 'node:crypto';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import { currentRequestId } from '../infra/request-scope';
import { CAPPED_BACKOFF, type BackoffSpec } from './queue-backoff';

/**
 * Every e-mail the product sends goes through this one BullMQ queue; api/src/mail/mail-worker.ts renders each job
 * in its recipient's language at send time and sends it, one recipient per message.
 */
export const MAIL_QUEUE = 'mail';

/**
 * The e-mails the product sends. A job names its recipient and subject by id; the text is written at send time
 * from the current rows, in the recipient's language. Only what exists nowhere else is carried: the registration
 * code and the reset token (stored hashed), so those two jobs are removed from Redis as soon as they finish.
 */
export type MailJob =
  /** The 6-digit code for registering `email` (no account yet: both languages). */
  | { kind: 'account.registration-code'; email: string; code: string; ttlMinutes: number; expiresAt: string }
  /** The single-use password reset link. */
  | { kind: 'account.reset-link'; userId: string; token: string; ttlMinutes: number; expiresAt: string }
  /** "Your password was changed" after a reset or a change. */
  | { kind: 'account.password-changed'; userId: string; changedAt: string }
  /** A new or edited comment: to a mentioned member (`mentioned`), the author or a subscriber. */
  | { kind: 'suggestion.comment'; recipientId: string; commentId: string; mentioned: boolean }
  /** A council action on a suggestion, to the secretary and the author; `commentId` carries the request's text. */
  | {
      kind: 'suggestion.council';
      recipientId: string;
      suggestionId: string;
      actorId: string;
      action: 'consideration' | 'info-request';
      commentId?: string;
    }
  /** The owner's proposal moved to `status` (a proposal_notifications row records it). */
  | { kind: 'proposal.status'; recipientId: string; proposalId: string; status: ProposalStatus }
  /** A council member has not voted and the voting window closes soon (a proposal_notifications row records it). */
  | { kind: 'proposal.reminder'; recipientId: string; proposalId: string; lead: 'early' | 'late' }
  /** The owner submitted a tracking message or the summary for review (to the secretariat), `round` = submission. */
  | { kind: 'tracking.submitted'; recipientId: string; entryId: string; round: number }
  /** The secretary general approved or rejected a submission (to the owner). */
  | {
      kind: 'tracking.reviewed';
      recipientId: string;
      entryId: string;
      round: number;
      decision: 'approve' | 'reject';
    }
  /** The chain refused for good an action the recipient signed (a chain_refusal_notices row records it). */
  | { kind: 'chain.refused'; recipientId: string; actionId: string }
  /** Unread direct messages older than an hour, once per message (`batchAt` = when the batch was claimed). */
  | { kind: 'social.digest'; recipientId: string; count: number; batchAt: string };

export type MailKind = MailJob['kind'];

/**
 * A job as it sits on the queue: the mail, and the request id of the work that queued it (infra/request-scope),
 * which the mail worker enters again while it sends, so its log lines name the request. Not part of the job's id.
 */
export type QueuedMailJob = MailJob & { requestId?: string };

/** The logging queueMails needs (the api's pino logger and the chain worker's logger both fit). */
export interface MailLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
export type MailQueue = Queue<QueuedMailJob>;

/** Jobs that carry a secret: removed from Redis when done or failed, never kept for dedupe. */
const SECRET_KINDS: ReadonlySet<MailKind> = new Set(['account.registration-code', 'account.reset-link']);

/**
 * Jobs recorded in the database before they are queued (proposal_notifications, `pending` until sent): when
 * queueing fails, the chain worker's sweep (pendingProposalMail) queues them again.
 */
const RECORDED_KINDS: ReadonlySet<MailKind> = new Set(['proposal.status', 'proposal.reminder']);

// 2 s, 4 s, 8 s … capped at 5 minutes: 12 attempts span about 40 minutes of an SMTP server that is down.
export const MAIL_BACKOFF: BackoffSpec = { delayMs: 2_000, capMs: 5 * 60_000 };
export const MAIL_ATTEMPTS = 12;
/** Finished jobs stay this long so adding the same jobId again (a retry, a replay) does not mail twice. */
const KEEP_DONE_SEC = 7 * 24 * 3600;
/** A queue call that has not answered by then counts as failed (the connection waits through Redis outages). */
export const MAIL_QUEUE_TIMEOUT_MS = 5_000;

const short = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 24);

/**
 * The job's id, the same whenever the same e-mail is asked for again, so a repeated add is a no-op. BullMQ refuses
 * `:` in custom ids, hence `/`.
 */
export function mailJobId(job: MailJob): string {
  switch (job.kind) {
    case 'account.registration-code':
      return `registration-code/${short(`${job.email}\n${job.code}\n${job.expiresAt}`)}`;
    case 'account.reset-link':
      return `reset-link/${short(job.token)}`;
    case 'account.password-changed':
      return `password-changed/${job.userId}/${Date.parse(job.changedAt)}`;
    case 'suggestion.comment':
      return `${job.mentioned ? 'mention' : 'comment'}/${job.commentId}/${job.recipientId}`;
    case 'suggestion.council':
      return job.action === 'consideration'
        ? `consideration/${job.suggestionId}/${job.recipientId}`
        : `info-request/${job.commentId ?? job.suggestionId}/${job.recipientId}`;
    case 'proposal.status':
      return `status/${job.proposalId}/${job.status}/${job.recipientId}`;
    case 'proposal.reminder':
      return `reminder/${job.proposalId}/${job.lead}/${job.recipientId}`;
    case 'tracking.submitted':
      return `tracking-submitted/${job.entryId}/${job.round}/${job.recipientId}`;
    case 'tracking.reviewed':
      return `tracking-reviewed/${job.entryId}/${job.round}/${job.recipientId}`;
    case 'chain.refused':
      return `chain-refused/${job.actionId}/${job.recipientId}`;
    case 'social.digest':
      return `message-digest/${job.recipientId}/${Date.parse(job.batchAt)}`;
  }
}

export function mailJobOptions(job: MailJob): JobsOptions {
  const secret = SECRET_KINDS.has(job.kind);
  return {
    jobId: mailJobId(job),
    attempts: MAIL_ATTEMPTS,
    backoff: { type: CAPPED_BACKOFF, delay: MAIL_BACKOFF.delayMs },
    removeOnComplete: secret ? true : { age: KEEP_DONE_SEC },
    removeOnFail: secret ? true : { age: KEEP_DONE_SEC },
  };
}

/** `connection` must allow blocking commands (`maxRetriesPerRequest: null`, as connectRedis makes it). */
export function openMailQueue(connection: Redis, prefix: string): MailQueue {
  const queue = new Queue<QueuedMailJob>(MAIL_QUEUE, { connection, prefix });
  queue.on('error', () => undefined); // reconnects; queueMails times out meanwhile
  return queue;
}

/** Some e-mails could not be put on the queue and nothing will queue them later. */
export class MailNotQueuedError extends Error {
  readonly type = 'mail.not_queued';
  constructor(
    readonly count: number,
    cause: unknown,
  ) {
    super(`${count} e-mail(s) could not be queued: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'MailNotQueuedError';
  }
}

/**
 * Puts e-mails on the mail queue. Every caller uses this, after its transaction committed (a rolled-back change
 * mails nothing). Failure policy when Redis does not take them within MAIL_QUEUE_TIMEOUT_MS:
 * - jobs recorded in the database (proposal notifications) are logged and left to the sweep that re-queues
 *   pending rows: the call returns normally;
 * - any other job would be lost, so the call throws MailNotQueuedError (count = the lost ones) and the caller
 *   tells the person (a registration code that was not sent is an error the form shows; a comment's notices
 *   count as `mailFailed`). The committed change itself stands.
 */
export async function queueMails(
  deps: { mailQueue: MailQueue; logger: MailLog },
  jobs: MailJob[],
): Promise<void> {
  if (jobs.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const requestId = currentRequestId();
  const withRequest = (data: MailJob): QueuedMailJob => (requestId ? { ...data, requestId } : data);
  try {
    await Promise.race([
      deps.mailQueue.addBulk(
        jobs.map((data) => ({ name: data.kind, data: withRequest(data), opts: mailJobOptions(data) })),
      ),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the mail queue did not answer in ${MAIL_QUEUE_TIMEOUT_MS} ms`)),
          MAIL_QUEUE_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (err) {
    const lost = jobs.filter((j) => !RECORDED_KINDS.has(j.kind));
    const kinds = [...new Set(jobs.map((j) => j.kind))];
    if (lost.length === 0) {
      deps.logger.warn(
        { err, kinds, count: jobs.length },
        'mail not queued; the pending sweep queues it later',
      );
      return;
    }
    deps.logger.error({ err, kinds, lost: lost.length }, 'mail could not be queued');
    throw new MailNotQueuedError(lost.length, err);
  } finally {
    clearTimeout(timer);
  }
}
