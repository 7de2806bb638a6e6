import {
  composeMail,
  escapeHtml,
  htmlLink,
  mailLanguageOf,
  pageUrl,
  type MailPart,
} from '../../mail/mail-compose';
import { mailableRecipient } from '../../mail/mail-recipient.repo';
import type { MailHandler } from '../../mail/mail-render';
import type { MailJob } from '@cr/core/queues/mail-queue';
import { commentForMail, suggestionForMail, usernameOf, type Recipient } from './suggestion-mail.repo';

/** The suggestion e-mails (comments, mentions, council actions): who gets them, their texts, their handler. */

export type { Recipient } from './suggestion-mail.repo';
export { usersByIds, usersWithRole } from './suggestion-mail.repo';

export interface MailOutcome {
  mailed: number;
  mailFailed: number;
}

type SuggestionJob = Extract<MailJob, { kind: `suggestion.${string}` }>;

/** One job per recipient with an address (never a shared To: list), each recipient once. */
function perRecipient(recipients: Recipient[], job: (r: Recipient) => SuggestionJob): SuggestionJob[] {
  const seen = new Set<string>();
  return recipients.filter((r) => r.email && !seen.has(r.id) && seen.add(r.id)).map(job);
}

/** Notices of a new or edited comment; `mentioned` members get the "mentioned you" message. */
export function commentMails(
  recipients: Recipient[],
  commentId: string,
  mentioned: Set<string>,
): SuggestionJob[] {
  return perRecipient(recipients, (r) => ({
    kind: 'suggestion.comment',
    recipientId: r.id,
    commentId,
    mentioned: mentioned.has(r.id),
  }));
}

/** Notices of a council action on a suggestion (to the secretary and the author). */
export function councilMails(
  recipients: Recipient[],
  action: {
    suggestionId: string;
    actorId: string;
    action: 'consideration' | 'info-request';
    commentId?: string;
  },
): SuggestionJob[] {
  return perRecipient(recipients, (r) => ({ kind: 'suggestion.council', recipientId: r.id, ...action }));
}

/**
 * What a write that e-mails answers once committed: the notices were queued after the commit by the command's
 * effects (`mailFailed` when the queue did not take them; the committed change stands, the page says so).
 */
export function mailOutcome(jobs: number, mailFailed: boolean): MailOutcome {
  return mailFailed ? { mailed: 0, mailFailed: jobs } : { mailed: jobs, mailFailed: 0 };
}

// ---- texts (English and Chinese) ----

interface SuggestionRef {
  number: number;
  title: string;
  link: string;
}

/** A quoted paragraph of user text (escaped in HTML). */
const quote = (text: string) => `<blockquote>${escapeHtml(text).replaceAll('\n', '<br>')}</blockquote>`;

function commentParts(
  s: SuggestionRef,
  who: string,
  body: string,
  mentioned: boolean,
): Record<'en' | 'zh', MailPart> {
  const t = escapeHtml(s.title);
  const w = escapeHtml(who);
  const en = mentioned
    ? {
        subject: `${who} mentioned you on suggestion #${s.number}`,
        lead: (x: string, y: string) => `${x} mentioned you in a comment on suggestion #${s.number} "${y}":`,
      }
    : {
        subject: `New comment on suggestion #${s.number}`,
        lead: (x: string, y: string) => `${x} commented on suggestion #${s.number} "${y}":`,
      };
  const zh = mentioned
    ? {
        subject: `${who} 在建议 #${s.number} 中提到了您`,
        lead: (x: string, y: string) => `${x} 在建议 #${s.number}「${y}」的评论中提到了您：`,
      }
    : {
        subject: `建议 #${s.number} 有新评论`,
        lead: (x: string, y: string) => `${x} 评论了建议 #${s.number}「${y}」：`,
      };
  return {
    en: {
      subject: en.subject,
      text: [en.lead(who, s.title), body, s.link],
      html: [en.lead(w, t), quote(body), htmlLink(s.link)],
    },
    zh: {
      subject: zh.subject,
      text: [zh.lead(who, s.title), body, s.link],
      html: [zh.lead(w, t), quote(body), htmlLink(s.link)],
    },
  };
}

function councilParts(
  s: SuggestionRef,
  who: string,
  action: 'consideration' | 'info-request',
  comment: string | null,
): Record<'en' | 'zh', MailPart> {
  const t = escapeHtml(s.title);
  const w = escapeHtml(who);
  const extra = (label: string) =>
    comment ? { text: [label, comment], html: [label, quote(comment)] } : { text: [], html: [] };
  if (action === 'consideration') {
    const en = (x: string, y: string) =>
      `Council member ${x} marked suggestion #${s.number} "${y}" as under council consideration.`;
    const zh = (x: string, y: string) => `委员 ${x} 已将建议 #${s.number}「${y}」标记为“委员会审议中”。`;
    return {
      en: {
        subject: `Suggestion #${s.number}: marked as under council consideration`,
        text: [en(who, s.title), s.link],
        html: [en(w, t), htmlLink(s.link)],
      },
      zh: {
        subject: `建议 #${s.number}：已标记为委员会审议中`,
        text: [zh(who, s.title), s.link],
        html: [zh(w, t), htmlLink(s.link)],
      },
    };
  }
  const en = (x: string, y: string) =>
    `Council member ${x} asked for more information on suggestion #${s.number} "${y}".`;
  const zh = (x: string, y: string) => `委员 ${x} 请求补充建议 #${s.number}「${y}」的信息。`;
  const enC = extra('Comment:');
  const zhC = extra('评论：');
  return {
    en: {
      subject: `Suggestion #${s.number}: more information requested`,
      text: [en(who, s.title), ...enC.text, s.link],
      html: [en(w, t), ...enC.html, htmlLink(s.link)],
    },
    zh: {
      subject: `建议 #${s.number}：需要更多信息`,
      text: [zh(who, s.title), ...zhC.text, s.link],
      html: [zh(w, t), ...zhC.html, htmlLink(s.link)],
    },
  };
}

/** Writes suggestion mail at send time in the recipient's language (English when they chose none). */
export const suggestionMail: MailHandler<SuggestionJob> = {
  async render(ctx, job) {
    const r = await mailableRecipient(ctx.db, job.recipientId);
    if (!r) return null;
    const lang = mailLanguageOf(r, 'en');
    const ref = (s: { number: number; title: string }) => ({
      ...s,
      link: pageUrl(ctx.publicUrl, `/suggestion/${s.number}`),
    });
    if (job.kind === 'suggestion.comment') {
      const c = await commentForMail(ctx.db, job.commentId);
      if (!c || c.deletedAt) return null; // deleted before it was mailed
      return composeMail(r.email, lang, commentParts(ref(c), c.commenter, c.body, job.mentioned));
    }
    const s = await suggestionForMail(ctx.db, job.suggestionId);
    const actor = await usernameOf(ctx.db, job.actorId);
    if (!s || !actor) return null;
    const comment = job.commentId ? ((await commentForMail(ctx.db, job.commentId))?.body ?? null) : null;
    return composeMail(r.email, lang, councilParts(ref(s), actor, job.action, comment));
  },
};
