import type { Db } from '@cr/core/db/db-client';
import type { MailJob } from '@cr/core/queues/mail-queue';
import type { OutgoingMail } from './mailer';

/** What a mail area reads while writing a message at send time. */
export interface MailRenderContext {
  db: Db;
  /** The site's public origin, for links. */
  publicUrl: string;
  /** The governance chain (block-time estimates in reminders); undefined without a chain. */
  chainId: number | undefined;
}

export type MailOutcome = 'sent' | 'skipped' | 'failed';

/** One area's mail (account, suggestion, proposal): its texts live beside it, one module per area. */
export interface MailHandler<J extends MailJob = MailJob> {
  /** The message for the job, or null when there is nothing to send (recipient gone, no address, already sent). */
  render(ctx: MailRenderContext, job: J): Promise<OutgoingMail | null>;
  /** Records the outcome where the job has a record in the database (proposal notifications). */
  settle?(ctx: MailRenderContext, job: J, outcome: MailOutcome, error?: string): Promise<void>;
}
