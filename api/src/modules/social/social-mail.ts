import type { Language } from '@cr/contract/profile.contract';
import { composeMail, htmlLink, mailLanguageOf, pageUrl, type MailPart } from '../../mail/mail-compose';
import { mailableRecipient } from '../../mail/mail-recipient.repo';
import type { MailHandler } from '../../mail/mail-render';
import type { MailJob } from '@cr/core/queues/mail-queue';

/**
 * The hourly digest of unread direct messages: how many are waiting and a link to the Messages page. The text of
 * the messages is never put in the e-mail (it stays on the site, readable only by the two members).
 */
export type SocialJob = Extract<MailJob, { kind: `social.${string}` }>;

/** The web page listing the member's conversations (web/src/lib/paths.ts ROUTES.messages). */
export const MESSAGES_PAGE = '/profile/messages';

export function digestParts(count: number, link: string): Record<Language, MailPart> {
  const en =
    count === 1
      ? 'You have 1 unread message on Cyber Republic.'
      : `You have ${count} unread messages on Cyber Republic.`;
  const zh = `您在 Cyber Republic 有 ${count} 条未读私信。`;
  return {
    en: { subject: 'Unread messages on Cyber Republic', text: [en, link], html: [en, htmlLink(link)] },
    zh: { subject: 'Cyber Republic 未读私信', text: [zh, link], html: [zh, htmlLink(link)] },
  };
}

export const socialMail: MailHandler<SocialJob> = {
  async render(ctx, job) {
    const r = await mailableRecipient(ctx.db, job.recipientId);
    if (!r) return null;
    const lang = mailLanguageOf(r, 'en');
    return composeMail(r.email, lang, digestParts(job.count, pageUrl(ctx.publicUrl, MESSAGES_PAGE)));
  },
};
