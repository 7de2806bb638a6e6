import type { MailGroup } from '@cr/contract/mail-preferences.contract';
import type { Language } from '@cr/contract/profile.contract';
import type { MailJob, MailKind } from '@cr/core/queues/mail-queue';
import { escapeHtml, pageUrl, type MailLanguage } from './mail-compose';
import type { OutgoingMail } from './mailer';

/**
 * Which preference group each kind of mail belongs to (docs/mail.md). `null`: account and security mail, always
 * sent, without an unsubscribe link.
 */
export const MAIL_GROUP_OF: Record<MailKind, MailGroup | null> = {
  'account.registration-code': null,
  'account.reset-link': null,
  'account.password-changed': null,
  'suggestion.comment': 'comments',
  'suggestion.council': 'council',
  'proposal.status': 'proposal-status',
  'proposal.reminder': 'vote-reminders',
  'tracking.submitted': 'tracking',
  'tracking.reviewed': 'tracking',
  'social.digest': 'messages',
  // What you signed did not take effect: always told, like account mail.
  'chain.refused': null,
};

/** The group of a job and its recipient, when the member may turn it off. */
export function optionalMailOf(job: MailJob): { group: MailGroup; recipientId: string } | null {
  const group = MAIL_GROUP_OF[job.kind];
  return group && 'recipientId' in job ? { group, recipientId: job.recipientId } : null;
}

/** The groups' names in the unsubscribe footer (the settings page has its own, in web/src/features/profile/locales). */
export const MAIL_GROUP_NAMES: Record<Language, Record<MailGroup, string>> = {
  en: {
    comments: 'comments and mentions',
    council: 'suggestion council notices',
    'proposal-status': 'proposal status changes',
    'vote-reminders': 'vote reminders',
    tracking: 'tracking and payment reviews',
    messages: 'unread direct messages',
  },
  zh: {
    comments: '评论与提及',
    council: '建议的委员会通知',
    'proposal-status': '提案状态变更',
    'vote-reminders': '投票提醒',
    tracking: '进度与付款审核',
    messages: '未读私信',
  },
};

/** The page that confirms an unsubscribe link, and the one-click (RFC 8058) endpoint mail clients POST to. */
export const unsubscribeLinks = (publicUrl: string, token: string) => ({
  page: pageUrl(publicUrl, `/unsubscribe?token=${token}`),
  oneClick: pageUrl(publicUrl, `/api/mail/unsubscribe?token=${token}`),
  settings: pageUrl(publicUrl, '/profile/info#mail-preferences'),
});

/**
 * Adds the unsubscribe footer (text and HTML, in the message's language) and the List-Unsubscribe headers
 * (RFC 2369, RFC 8058 one-click) to a message of an optional group.
 */
export function withUnsubscribe(
  mail: OutgoingMail,
  lang: MailLanguage,
  group: MailGroup,
  links: ReturnType<typeof unsubscribeLinks>,
): OutgoingMail {
  const langs: Language[] = lang === 'both' ? ['en', 'zh'] : [lang];
  const text = langs.map((l) =>
    l === 'en'
      ? `You receive this e-mail for ${MAIL_GROUP_NAMES.en[group]}. Unsubscribe from these e-mails: ${links.page}\nAll e-mail preferences: ${links.settings}`
      : `您收到此邮件，是因为您订阅了「${MAIL_GROUP_NAMES.zh[group]}」。退订此类邮件：${links.page}\n全部邮件偏好：${links.settings}`,
  );
  const html = langs.map((l) =>
    l === 'en'
      ? `You receive this e-mail for ${MAIL_GROUP_NAMES.en[group]}. <a href="${escapeHtml(links.page)}">Unsubscribe from these e-mails</a> · <a href="${escapeHtml(links.settings)}">All e-mail preferences</a>`
      : `您收到此邮件，是因为您订阅了「${MAIL_GROUP_NAMES.zh[group]}」。<a href="${escapeHtml(links.page)}">退订此类邮件</a> · <a href="${escapeHtml(links.settings)}">全部邮件偏好</a>`,
  );
  const footerHtml = `<hr>\n<p style="font-size:12px;color:#666">${html.join('<br>\n')}</p>\n`;
  return {
    ...mail,
    text: `${mail.text.replace(/\n+$/, '')}\n\n-- \n${text.join('\n\n')}\n`,
    html: mail.html ? mail.html.replace('</body>', `${footerHtml}</body>`) : undefined,
    headers: {
      ...mail.headers,
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
