import { and, eq } from 'drizzle-orm';
import type { Language } from '../contract/profile.contract';
import type { Db } from '../db/db-client';
import { chainActions } from '../db/schema/chain.schema';
import { chainRefusalNotices } from '../db/schema/chain-refusal.schema';
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
import type { MailJob } from '../queues/mail-queue';

export type ChainRefusalJob = Extract<MailJob, { kind: 'chain.refused' }>;

/** The notice and its action's failure reason, read at send time. */
async function noticeForMail(db: Db, job: ChainRefusalJob) {
  const [row] = await db
    .select({
      title: chainRefusalNotices.title,
      link: chainRefusalNotices.link,
      reason: chainActions.failureReason,
    })
    .from(chainRefusalNotices)
    .innerJoin(chainActions, eq(chainActions.id, chainRefusalNotices.actionId))
    .where(
      and(eq(chainRefusalNotices.actionId, job.actionId), eq(chainRefusalNotices.recipientId, job.recipientId)),
    );
  return row;
}

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
      text: [`链上拒绝了您签名的「${p.title}」。它在链上没有生效，网站显示的是它现在的状态。`, `原因：${p.reason}`, p.link],
      html: [`链上拒绝了您签名的「${t}」。它在链上没有生效，网站显示的是它现在的状态。`, `原因：${r}`, htmlLink(p.link)],
    },
  };
}

/** Writes the refusal e-mail at send time in the recipient's language (English when they chose none). */
export const chainRefusalMail: MailHandler<ChainRefusalJob> = {
  async render(ctx, job) {
    const r = await mailableRecipient(ctx.db, job.recipientId);
    const n = await noticeForMail(ctx.db, job);
    if (!r || !n) return null;
    return composeMail(
      r.email,
      mailLanguageOf(r, 'en'),
      refusalParts({ title: n.title, reason: n.reason ?? '', link: pageUrl(ctx.publicUrl, n.link) }),
    );
  },
};
