import type { Language } from '@cr/contract/profile.contract';
import {
  composeMail,
  escapeHtml,
  htmlLink,
  mailLanguageOf,
  pageUrl,
  type MailPart,
} from '../mail/mail-compose';
import { mailableRecipient } from '../mail/mail-recipient.repo';
import type { MailHandler } from '../mail/mail-render';
import type { MailJob } from '@cr/core/queues/mail-queue';
import { refusalNoticeForMail } from '@cr/core/chain/chain-refusal.repo';

export type ChainRefusalJob = Extract<MailJob, { kind: 'chain.refused' }>;

/** "The chain refused <title>": the reason as the chain gave it and the page where the record now is. */
export function refusalParts(p: { title: string; reason: string; link: string }): Record<Language, MailPart> {
  const t = escapeHtml(p.title);
  const r = escapeHtml(p.reason);
  return {
    en: {
      subject: `The chain refused: ${p.title}`,
      text: [
        `The chain refused "${p.title}", which you signed. Nothing of it took effect on chain, and the site shows it as it now is.`,
        `Reason: ${p.reason}`,
        p.link,
      ],
      html: [
        `The chain refused "${t}", which you signed. Nothing of it took effect on chain, and the site shows it as it now is.`,
        `Reason: ${r}`,
        htmlLink(p.link),
      ],
    },
    zh: {
      subject: `链上拒绝了：${p.title}`,
      text: [
        `链上拒绝了您签名的「${p.title}」。它在链上没有生效，网站显示的是它现在的状态。`,
        `原因：${p.reason}`,
        p.link,
      ],
      html: [
        `链上拒绝了您签名的「${t}」。它在链上没有生效，网站显示的是它现在的状态。`,
        `原因：${r}`,
        htmlLink(p.link),
      ],
    },
  };
}

/** Writes the refusal e-mail at send time in the recipient's language (English when they chose none). */
export const chainRefusalMail: MailHandler<ChainRefusalJob> = {
  async render(ctx, job) {
    const r = await mailableRecipient(ctx.db, job.recipientId);
    const n = await refusalNoticeForMail(ctx.db, job.actionId, job.recipientId);
    if (!r || !n) return null;
    return composeMail(
      r.email,
      mailLanguageOf(r, 'en'),
      refusalParts({ title: n.title, reason: n.reason ?? '', link: pageUrl(ctx.publicUrl, n.link) }),
    );
  },
};
