import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '../db/db-client';
import type { Logger } from '../http/logger';
import { accountMail } from '../modules/account/account-mail';
import { proposalMail } from '../modules/proposal/proposal-mail';
import { trackingMail } from '../modules/proposal-tracking/tracking-mail';
import { socialMail } from '../modules/social/social-mail';
import { suggestionMail } from '../modules/suggestion/suggestion-mail';
import { CAPPED_BACKOFF, cappedExponentialDelay } from '../queues/queue-backoff';
import { MAIL_BACKOFF, MAIL_QUEUE, type MailJob } from '../queues/mail-queue';
import type { Mailer } from './mailer';
import type { MailHandler, MailRenderContext } from './mail-render';

export interface MailWorkerDeps {
  /** A connection that allows blocking commands (connectRedis makes one). */
  redis: Redis;
  database: { db: Db };
  mailer: Mailer;
  logger: Logger;
  config: { PUBLIC_URL: string; CHAIN_ID?: number; QUEUE_PREFIX: string };
}

const HANDLERS: Record<string, MailHandler> = {
  account: accountMail as MailHandler,
  suggestion: suggestionMail as MailHandler,
  proposal: proposalMail as MailHandler,
  tracking: trackingMail as MailHandler,
  social: socialMail as MailHandler,
};

function handlerOf(job: MailJob): MailHandler {
  const handler = HANDLERS[job.kind.slice(0, job.kind.indexOf('.'))];
  if (!handler) throw new Error(`No mail handler for ${job.kind}`);
  return handler;
}

/**
 * The processor of the mail queue: writes each message at send time (the recipient's current address and
 * language) and sends it with the Mailer, one recipient per message. A failed send is retried with capped
 * exponential backoff (MAIL_BACKOFF, MAIL_ATTEMPTS); the job's id keeps a repeated add from mailing twice.
 * Any number of api processes may run it: BullMQ hands each job to one of them.
 */
export function startMailWorker(deps: MailWorkerDeps, concurrency = 4): { close(): Promise<void> } {
  const ctx: MailRenderContext = {
    db: deps.database.db,
    publicUrl: deps.config.PUBLIC_URL,
    chainId: deps.config.CHAIN_ID,
  };
  const worker = new Worker<MailJob>(
    MAIL_QUEUE,
    async (job: Job<MailJob>) => {
      const handler = handlerOf(job.data);
      try {
        const mail = await handler.render(ctx, job.data);
        if (!mail) {
          await handler.settle?.(ctx, job.data, 'skipped');
          return 'skipped';
        }
        await deps.mailer.send(mail);
      } catch (err) {
        const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        deps.logger.warn({ err, kind: job.data.kind, jobId: job.id, last }, 'mail not sent');
        if (last)
          await handler
            .settle?.(ctx, job.data, 'failed', (err as Error).message?.slice(0, 500))
            .catch(() => undefined);
        throw err;
      }
      // Sent: a failure to record it must not send it again.
      await handler.settle?.(ctx, job.data, 'sent').catch((err: unknown) => {
        deps.logger.warn({ err, jobId: job.id }, 'mail sent but not recorded');
      });
      return 'sent';
    },
    {
      connection: deps.redis,
      prefix: deps.config.QUEUE_PREFIX,
      concurrency,
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === CAPPED_BACKOFF ? cappedExponentialDelay(attemptsMade, MAIL_BACKOFF) : MAIL_BACKOFF.delayMs,
      },
    },
  );
  worker.on('error', (err) => deps.logger.warn({ err }, 'mail worker error'));
  return { close: () => worker.close() };
}
