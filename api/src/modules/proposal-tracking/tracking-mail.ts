import type { Language } from '@cr/contract/profile.contract';
import type { TrackingKind } from '@cr/contract/proposal-tracking.contract';
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
import { usersWithRole } from '../suggestion';
import type { Db } from '@cr/core/db/db-client';
import { entryForMail } from './tracking.repo';

/**
 * The tracking e-mails: a submission to the secretariat (every active SECRETARY account, one message each) and a
 * review to the owner. Queued after commit (the command's `mails`); written at send time in the recipient's
 * language. The job id carries the submission round, so a resubmission is mailed again but a replay is not.
 */

export type TrackingJob = Extract<MailJob, { kind: `tracking.${string}` }>;

export async function submittedMails(db: Db, entryId: string, round: number): Promise<TrackingJob[]> {
  const staff = await usersWithRole(db, 'SECRETARY');
  return staff.map((r) => ({ kind: 'tracking.submitted', recipientId: r.id, entryId, round }));
}

export function reviewedMail(
  ownerId: string,
  entryId: string,
  round: number,
  decision: 'approve' | 'reject',
): TrackingJob {
  return { kind: 'tracking.reviewed', recipientId: ownerId, entryId, round, decision };
}

interface Ref {
  number: number | null;
  title: string;
  link: string;
  kind: TrackingKind;
}

const WHAT: Record<Language, Record<TrackingKind, string>> = {
  en: { TRACKING: 'tracking message', SUMMARY: 'summary' },
  zh: { TRACKING: '跟踪信息', SUMMARY: '总结' },
};

const quote = (text: string) => `<blockquote>${escapeHtml(text).replaceAll('\n', '<br>')}</blockquote>`;

export function submittedParts(p: Ref): Record<Language, MailPart> {
  const n = p.number ?? '?';
  const t = escapeHtml(p.title);
  const en = (title: string) =>
    `The owner of proposal #${n} "${title}" submitted a ${WHAT.en[p.kind]} for your review:`;
  const zh = (title: string) => `提案 #${n}「${title}」的负责人提交了${WHAT.zh[p.kind]}，请审核：`;
  return {
    en: {
      subject: `Proposal #${n}: a ${WHAT.en[p.kind]} is waiting for review`,
      text: [en(p.title), p.link],
      html: [en(t), htmlLink(p.link)],
    },
    zh: {
      subject: `提案 #${n}：有${WHAT.zh[p.kind]}待审核`,
      text: [zh(p.title), p.link],
      html: [zh(t), htmlLink(p.link)],
    },
  };
}

export function reviewedParts(
  p: Ref,
  decision: 'approve' | 'reject',
  comment: string | null,
): Record<Language, MailPart> {
  const n = p.number ?? '?';
  const t = escapeHtml(p.title);
  const ok = decision === 'approve';
  const en = (title: string) =>
    ok
      ? `The secretary general approved and published your ${WHAT.en[p.kind]} on proposal #${n} "${title}".`
      : `The secretary general rejected your ${WHAT.en[p.kind]} on proposal #${n} "${title}". Edit it and submit it again.`;
  const zh = (title: string) =>
    ok
      ? `秘书长已批准并发布您在提案 #${n}「${title}」中的${WHAT.zh[p.kind]}。`
      : `秘书长驳回了您在提案 #${n}「${title}」中的${WHAT.zh[p.kind]}，请修改后重新提交。`;
  const c = comment && !ok ? comment : null;
  return {
    en: {
      subject: `Proposal #${n}: your ${WHAT.en[p.kind]} was ${ok ? 'approved' : 'rejected'}`,
      text: [en(p.title), ...(c ? ['Comment:', c] : []), p.link],
      html: [en(t), ...(c ? ['Comment:', quote(c)] : []), htmlLink(p.link)],
    },
    zh: {
      subject: `提案 #${n}：您的${WHAT.zh[p.kind]}${ok ? '已批准' : '被驳回'}`,
      text: [zh(p.title), ...(c ? ['意见：', c] : []), p.link],
      html: [zh(t), ...(c ? ['意见：', quote(c)] : []), htmlLink(p.link)],
    },
  };
}

/** Writes tracking mail at send time in the recipient's language (English when they chose none). */
export const trackingMail: MailHandler<TrackingJob> = {
  async render(ctx, job) {
    const r = await mailableRecipient(ctx.db, job.recipientId);
    const e = await entryForMail(ctx.db, job.entryId);
    if (!r || !e) return null;
    const lang = mailLanguageOf(r, 'en');
    const ref: Ref = {
      number: e.number,
      title: e.title,
      kind: e.kind,
      link: pageUrl(ctx.publicUrl, `/proposals/${e.number ?? e.proposalId}`),
    };
    if (job.kind === 'tracking.submitted') return composeMail(r.email, lang, submittedParts(ref));
    return composeMail(r.email, lang, reviewedParts(ref, job.decision, e.reviewComment));
  },
};
