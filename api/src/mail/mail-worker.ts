import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '@cr/core/db/db-client';
import type { Logger } from '@cr/core/log/logger';
import type { Metrics } from '@cr/core/metrics/metrics-registry';
import { chainRefusalMail } from '../chain/chain-refusal-mail';
import { accountMail } from '../modules/account/account-mail';
import { proposalMail } from '../modules/proposal/proposal-mail';
import { trackingMail } from '../modules/proposal-tracking/tracking-mail';
import { socialMail } from '../modules/social/social-mail';
import { suggestionMail } from '../modules/suggestion/suggestion-mail';
import { CAPPED_BACKOFF, cappedExponentialDelay } from '@cr/core/queues/queue-backoff';
import { MAIL_BACKOFF, MAIL_QUEUE, type MailJob, type QueuedMailJob } from '@cr/core/queues/mail-queue';
import { withRequestId } from '@cr/core/infra/request-scope';
import { mailLanguageOf } from './mail-compose';
import { optionalMailOf, unsubscribeLinks, withUnsubscribe } from './mail-groups';
import { findMailRecipient } from './mail-recipient.repo';
import type { Mailer, OutgoingMail } from './mailer';
import { signUnsubscribeToken } from './unsubscribe-token';
import type { MailHandler, MailRenderContext } from './mail-render';

export interface MailWorkerDeps {
  /** A connection that allows blocking commands (connectRedis makes one). */
  redis: Redis;
  database: { db: Db };
  mailer: Mailer;
  logger: Logger;
  config: { PUBLIC_URL: string; CHAIN_ID?: number; QUEUE_PREFIX: string; MAIL_LINK_SECRET: string };
  /** Counts the finished jobs by outcome (cr_mail_jobs_total), when the process exports metrics. */
  metrics?: Pick<Metrics, 'mailJobs'>;
}

/** Worker timing; tests shorten the lock so a job left by a stopped worker is taken over quickly. */
export interface MailWorkerOptions {
  concurrency?: number;
  /** How long a job's lock lasts without renewal (a worker that stopped mid-job holds it this long). */
  lockDurationMs?: number;
  /** How often jobs whose lock expired are looked for and handed to another worker. */
  stalledIntervalMs?: number;
}

/**
 * The send mark of a job (`<prefix>:mail-send:<jobId>`): `sending` from just before the SMTP conversation, `sent`
 * after it; removed when the send failed (so a retry sends). Kept as long as finished jobs are (7 days).
 */
const SEND_MARK_SEC = 7 * 24 * 3600;
const SENDING = 'sending';
const SENT = 'sent';
const sendMarkKey = (prefix: string, jobId: string) => `${prefix}:mail-send:${jobId}`;

/**
 * A job whose mail already went out, or may have (a worker stopped while sending it): not sent again. Its record
 * is settled as sent (the SMTP server most likely took it); the job ends `skipped`.
 */
async function alreadySent(
  ctx: MailRenderContext,
  handler: MailHandler,
  job: Job<QueuedMailJob>,
  mark: string,
  logger: Pick<Logger, 'warn'>,
): Promise<'skipped'> {
  const note = mark === SENT ? undefined : 'a worker stopped while sending it; not sent again';
  await handler
    .settle?.(ctx, job.data, 'sent', note)
    .catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'a sent mail was not recorded as sent'));
  return 'skipped';
}

const HANDLERS: Record<string, MailHandler> = {
  account: accountMail as MailHandler,
  suggestion: suggestionMail as MailHandler,
  proposal: proposalMail as MailHandler,
  tracking: trackingMail as MailHandler,
  social: socialMail as MailHandler,
  chain: chainRefusalMail as MailHandler,
};

function handlerOf(job: MailJob): MailHandler {
  const handler = HANDLERS[job.kind.slice(0, job.kind.indexOf('.'))];
  if (!handler) throw new Error(`No mail handler for ${job.kind}`);
  return handler;
}

/**
 * The message for a job, read at send time: `off` when the member turned the job's group off (their e-mail
 * preferences), null when the handler has nothing to send; mail of an optional group carries the unsubscribe footer and
 * the List-Unsubscribe headers, in the recipient's mail language.
 */
async function renderWithPreferences(
  ctx: MailRenderContext,
  config: MailWorkerDeps['config'],
  handler: MailHandler,
  job: MailJob,
): Promise<OutgoingMail | 'off' | null> {
  const optional = optionalMailOf(job);
  if (!optional) return handler.render(ctx, job);
  const recipient = await findMailRecipient(ctx.db, optional.recipientId);
  if (recipient?.mailOff.includes(optional.group)) return 'off';
  const mail = await handler.render(ctx, job);
  if (!mail || !recipient) return mail;
  const token = signUnsubscribeToken(config.MAIL_LINK_SECRET, recipient.id, optional.group);
  return withUnsubscribe(
    mail,
    mailLanguageOf(recipient, 'en'),
    optional.group,
    unsubscribeLinks(ctx.publicUrl, token),
  );
}

/**
 * The processor of the mail queue: writes each message at send time (the recipient's current address and
 * language) and sends it with the Mailer, one recipient per message. A failed send is retried with capped
 * exponential backoff (MAIL_BACKOFF, MAIL_ATTEMPTS); the job's id keeps a repeated add from mailing twice.
 * Any number of api processes may run it: BullMQ hands each job to one of them.
 */
export function startMailWorker(
  deps: MailWorkerDeps,
  opts: MailWorkerOptions = {},
): { close(force?: boolean): Promise<void> } {
  const ctx: MailRenderContext = {
    db: deps.database.db,
    publicUrl: deps.config.PUBLIC_URL,
    chainId: deps.config.CHAIN_ID,
  };
  const sendJob = async (job: Job<QueuedMailJob>): Promise<'sent' | 'skipped'> => {
    const handler = handlerOf(job.data);
    const markKey = sendMarkKey(deps.config.QUEUE_PREFIX, job.id ?? job.name);
    // This job was sent, or a worker stopped while sending it (killed after the SMTP server took the message
    // but before the job was acknowledged): BullMQ hands the stalled job to another worker, which finds the
    // mark and does not send it again.
    const mark = await deps.redis.get(markKey);
    if (mark) return alreadySent(ctx, handler, job, mark, deps.logger);
    try {
      const mail = await renderWithPreferences(ctx, deps.config, handler, job.data);
      if (mail === 'off') {
        await handler.settle?.(ctx, job.data, 'skipped', 'turned off in the e-mail preferences');
        return 'skipped';
      }
      if (!mail) {
        await handler.settle?.(ctx, job.data, 'skipped');
        return 'skipped';
      }
      // Claimed before sending: at most once, even when this process dies in the middle.
      if ((await deps.redis.set(markKey, SENDING, 'EX', SEND_MARK_SEC, 'NX')) !== 'OK')
        return alreadySent(ctx, handler, job, (await deps.redis.get(markKey)) ?? SENDING, deps.logger);
      try {
        await deps.mailer.send(mail);
      } catch (err) {
        await deps.redis.del(markKey); // not sent: a retry may send it
        throw err;
      }
    } catch (err) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      deps.logger.warn({ err, kind: job.data.kind, jobId: job.id, last }, 'mail not sent');
      if (last)
        await handler
          .settle?.(ctx, job.data, 'failed', (err as Error).message?.slice(0, 500))
          .catch((e: unknown) =>
            deps.logger.warn({ err: e, jobId: job.id }, 'a failed mail was not recorded'),
          );
      throw err;
    }
    // Sent: a failure to record it must not send it again.
    await deps.redis.set(markKey, SENT, 'EX', SEND_MARK_SEC).catch((err: unknown) => {
      deps.logger.warn({ err, jobId: job.id }, 'mail sent but not marked');
    });
    await handler.settle?.(ctx, job.data, 'sent').catch((err: unknown) => {
      deps.logger.warn({ err, jobId: job.id }, 'mail sent but not recorded');
    });
    deps.logger.info({ kind: job.data.kind, jobId: job.id }, 'mail job sent');
    return 'sent';
  };
  const worker = new Worker<QueuedMailJob>(
    MAIL_QUEUE,
    // The request that queued the mail is the current one while it is sent: its lines name it (reqId).
    (job: Job<QueuedMailJob>) => withRequestId(job.data.requestId, () => sendJob(job)),
    {
      connection: deps.redis,
      prefix: deps.config.QUEUE_PREFIX,
      concurrency: opts.concurrency ?? 4,
      ...(opts.lockDurationMs ? { lockDuration: opts.lockDurationMs } : {}),
      ...(opts.stalledIntervalMs ? { stalledInterval: opts.stalledIntervalMs } : {}),
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === CAPPED_BACKOFF ? cappedExponentialDelay(attemptsMade, MAIL_BACKOFF) : MAIL_BACKOFF.delayMs,
      },
    },
  );
  worker.on('error', (err) => deps.logger.warn({ err }, 'mail worker error'));
  worker.on('completed', (_job, outcome: unknown) =>
    deps.metrics?.mailJobs.inc({ outcome: outcome === 'skipped' ? 'skipped' : 'sent' }),
  );
  worker.on('failed', () => deps.metrics?.mailJobs.inc({ outcome: 'failed' }));
  return { close: (force = false) => worker.close(force) };
}
