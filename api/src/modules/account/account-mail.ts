import {
  composeMail as compose,
  escapeHtml,
  mailLanguageOf,
  pageUrl,
  type MailLanguage,
} from '../../mail/mail-compose';
import type { OutgoingMail } from '../../mail/mailer';
import { mailableRecipient } from '../../mail/mail-recipient.repo';
import type { MailHandler } from '../../mail/mail-render';
import type { MailJob } from '@cr/core/queues/mail-queue';

/** The account e-mails' texts (English and Chinese) and their handler on the mail queue. */

/** The registration code (no account yet, so both languages). */
export function registrationCodeMail(to: string, code: string, ttlMinutes: number): OutgoingMail {
  const c = escapeHtml(code);
  return compose(to, 'both', {
    en: {
      subject: 'Your Cyber Republic confirmation code',
      text: [
        `Your confirmation code is ${code}. It works for ${ttlMinutes} minutes.`,
        'If you did not ask to register at Cyber Republic, ignore this e-mail.',
      ],
      html: [
        `Your confirmation code is <strong>${c}</strong>. It works for ${ttlMinutes} minutes.`,
        'If you did not ask to register at Cyber Republic, ignore this e-mail.',
      ],
    },
    zh: {
      subject: '您的 Cyber Republic 验证码',
      text: [
        `您的验证码是 ${code}，${ttlMinutes} 分钟内有效。`,
        '如果您没有申请注册 Cyber Republic，请忽略此邮件。',
      ],
      html: [
        `您的验证码是 <strong>${c}</strong>，${ttlMinutes} 分钟内有效。`,
        '如果您没有申请注册 Cyber Republic，请忽略此邮件。',
      ],
    },
  });
}

/** The single-use password reset link. `name` is user-supplied: escaped in the HTML part. */
export function resetLinkMail(
  to: string,
  name: string,
  link: string,
  ttlMinutes: number,
  lang: MailLanguage,
): OutgoingMail {
  const n = escapeHtml(name);
  const l = escapeHtml(link);
  return compose(to, lang, {
    en: {
      subject: 'Reset your Cyber Republic password',
      text: [
        `Hello ${name},`,
        `To choose a new password, open this link within ${ttlMinutes} minutes (it works once):`,
        link,
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
      html: [
        `Hello ${n},`,
        `To choose a new password, open this link within ${ttlMinutes} minutes (it works once):`,
        `<a href="${l}">${l}</a>`,
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
    },
    zh: {
      subject: '重置您的 Cyber Republic 密码',
      text: [
        `${name}，您好：`,
        `请在 ${ttlMinutes} 分钟内打开以下链接设置新密码（链接只能使用一次）：`,
        link,
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      ],
      html: [
        `${n}，您好：`,
        `请在 ${ttlMinutes} 分钟内打开以下链接设置新密码（链接只能使用一次）：`,
        `<a href="${l}">${l}</a>`,
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      ],
    },
  });
}

/** Tells the member their password changed (by reset or by change), so a stranger's change does not go unseen. */
export function passwordChangedMail(
  to: string,
  name: string,
  forgotUrl: string,
  lang: MailLanguage,
): OutgoingMail {
  const n = escapeHtml(name);
  const f = escapeHtml(forgotUrl);
  return compose(to, lang, {
    en: {
      subject: 'Your Cyber Republic password was changed',
      text: [
        `Hello ${name},`,
        'The password of your Cyber Republic account was just changed and your other sessions were signed out.',
        `If this was not you, reset your password at once: ${forgotUrl}`,
      ],
      html: [
        `Hello ${n},`,
        'The password of your Cyber Republic account was just changed and your other sessions were signed out.',
        `If this was not you, reset your password at once: <a href="${f}">${f}</a>`,
      ],
    },
    zh: {
      subject: '您的 Cyber Republic 密码已修改',
      text: [
        `${name}，您好：`,
        '您的 Cyber Republic 账户密码刚刚被修改，其他登录已全部退出。',
        `如果这不是您本人的操作，请立即重置密码：${forgotUrl}`,
      ],
      html: [
        `${n}，您好：`,
        '您的 Cyber Republic 账户密码刚刚被修改，其他登录已全部退出。',
        `如果这不是您本人的操作，请立即重置密码：<a href="${f}">${f}</a>`,
      ],
    },
  });
}

type AccountJob = Extract<MailJob, { kind: `account.${string}` }>;

/** Before a member chose a language, account mail is written in both. */
const langOf = (r: Parameters<typeof mailLanguageOf>[0]) => mailLanguageOf(r, 'both');

/** Writes account mail at send time; a code or link that expired while queued is not sent. */
export const accountMail: MailHandler<AccountJob> = {
  async render(ctx, job) {
    if ('expiresAt' in job && Date.parse(job.expiresAt) <= Date.now()) return null;
    if (job.kind === 'account.registration-code')
      return registrationCodeMail(job.email, job.code, job.ttlMinutes);
    const r = await mailableRecipient(ctx.db, job.userId);
    if (!r) return null;
    if (job.kind === 'account.reset-link') {
      const link = pageUrl(ctx.publicUrl, `/reset-password?token=${job.token}`);
      return resetLinkMail(r.email, r.name, link, job.ttlMinutes, langOf(r));
    }
    return passwordChangedMail(r.email, r.name, pageUrl(ctx.publicUrl, '/forgot-password'), langOf(r));
  },
};
