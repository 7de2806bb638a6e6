import nodemailer from 'nodemailer';
import type { Logger } from '@cr/core/log/logger';

export interface OutgoingMail {
  /** One recipient per message: bulk mail is sent as separate messages, never a shared To: list. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Mail over SMTP (smtp:// or smtps://), one pooled transport for the process. */
export function createMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  transport.set('pool', true);
  return {
    async send(mail) {
      if (mail.to.includes(',') || mail.to.includes(';')) throw new Error('One recipient per message');
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      logger.info({ subject: mail.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
