import type { Language } from '@cr/contract/profile.contract';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import type { Db } from '@cr/core/db/db-client';
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
import { queueMails, type MailJob, type MailLog, type MailQueue } from '@cr/core/queues/mail-queue';
import { readChainClock, etaOf } from '../../chain/chain-clock';
import {
  notificationStatus,
  pendingNotificationsOf,
  proposalForMail,
  settleNotification,
  stalePendingNotifications,
  type NotificationKey,
} from './proposal-mail.repo';

/**
 * The proposal e-mails: the owner's status changes and the council's vote reminders. The chain worker records
 * each in proposal_notifications (unique per proposal, kind and recipient: scheduled once) in the transaction
 * that decides it, and queues it after commit; the mail worker writes it in the recipient's language and marks
 * the row sent. Rows left `pending` (a crash or Redis outage between commit and queueing) are queued again by
 * requeuePendingProposalMail.
 */

type ProposalJob = Extract<MailJob, { kind: `proposal.${string}` }>;

/** The status names the proposal pages show (web/src/features/proposals/locales; a unit test compares them). */
export const PROPOSAL_STATUS_NAMES: Record<Language, Record<ProposalStatus, string>> = {
  en: {
    DRAFT: 'Draft',
    PROPOSED: 'Voting',
    NOTIFICATION: 'Community veto period',
    ACTIVE: 'Passed',
    REJECT: 'Rejected',
    FINAL: 'Final',
    INCOMPLETED: 'Incomplete',
    DEFERRED: 'Expired',
    VETOED: 'Vetoed',
    TERMINATED: 'Terminated',
  },
  zh: {
    DRAFT: '草案',
    PROPOSED: '投票中',
    NOTIFICATION: '公示期',
    ACTIVE: '已通过',
    REJECT: '已否决',
    FINAL: '已完成',
    INCOMPLETED: '未完成',
    DEFERRED: '已过期',
    VETOED: '社区否决',
    TERMINATED: '已终止',
  },
};

interface ProposalRef {
  number: number | null;
  title: string;
  link: string;
}

/** The owner's proposal moved to `status`. */
export function statusParts(p: ProposalRef, status: ProposalStatus): Record<Language, MailPart> {
  const n = p.number ?? '?';
  const en = PROPOSAL_STATUS_NAMES.en[status];
  const zh = PROPOSAL_STATUS_NAMES.zh[status];
  const t = escapeHtml(p.title);
  return {
    en: {
      subject: `Proposal #${n} is now: ${en}`,
      text: [`The status of your proposal #${n} "${p.title}" is now: ${en}.`, p.link],
      html: [`The status of your proposal #${n} "${t}" is now: <strong>${en}</strong>.`, htmlLink(p.link)],
    },
    zh: {
      subject: `提案 #${n} 当前状态：${zh}`,
      text: [`您的提案 #${n}「${p.title}」当前状态：${zh}。`, p.link],
      html: [`您的提案 #${n}「${t}」当前状态：<strong>${zh}</strong>。`, htmlLink(p.link)],
    },
  };
}

/** A council member has not voted and the voting window closes at `endHeight` (about `eta`). */
export function reminderParts(
  p: ProposalRef,
  endHeight: number | null,
  eta: Date | null,
): Record<Language, MailPart> {
  const n = p.number ?? '?';
  const at = eta ? eta.toISOString().replace('T', ' ').slice(0, 16) : null;
  const enWhen = at ? ` (about ${at} UTC)` : '';
  const zhWhen = at ? `（约 ${at} UTC）` : '';
  const t = escapeHtml(p.title);
  const en = (title: string) =>
    `Proposal #${n} "${title}" is waiting for your vote. The council voting window closes at block ` +
    `${endHeight}${enWhen}. Vote with a reason and post your vote to the chain:`;
  const zh = (title: string) =>
    `提案 #${n}「${title}」正在等待您的投票。委员投票将于区块 ${endHeight}${zhWhen}截止。请填写理由投票，并将投票提交上链：`;
  return {
    en: {
      subject: `Proposal #${n}: council voting ends at block ${endHeight}${enWhen}`,
      text: [en(p.title), p.link],
      html: [en(t), htmlLink(p.link)],
    },
    zh: {
      subject: `提案 #${n}：委员投票将于区块 ${endHeight}${zhWhen}截止`,
      text: [zh(p.title), p.link],
      html: [zh(t), htmlLink(p.link)],
    },
  };
}

/** The proposal_notifications row a job stands for. */
export function notificationKey(job: ProposalJob): NotificationKey {
  return {
    proposalId: job.proposalId,
    recipientId: job.recipientId,
    kind: job.kind === 'proposal.status' ? `status:${job.status}` : `reminder:${job.lead}`,
  };
}

/** The job a proposal_notifications row stands for. */
export function jobOfNotification(n: NotificationKey): ProposalJob {
  const [type, arg] = n.kind.split(':') as [string, string];
  return type === 'status'
    ? {
        kind: 'proposal.status',
        proposalId: n.proposalId,
        recipientId: n.recipientId,
        status: arg as ProposalStatus,
      }
    : {
        kind: 'proposal.reminder',
        proposalId: n.proposalId,
        recipientId: n.recipientId,
        lead: arg as 'early' | 'late',
      };
}

/** Writes proposal mail at send time in the recipient's language (English when they chose none). */
export const proposalMail: MailHandler<ProposalJob> = {
  async render(ctx, job) {
    // Only what a committed transaction recorded, and only once: a sent (or skipped) row is never mailed again.
    if ((await notificationStatus(ctx.db, notificationKey(job))) !== 'pending') return null;
    const r = await mailableRecipient(ctx.db, job.recipientId);
    const p = await proposalForMail(ctx.db, job.proposalId);
    if (!r || !p) return null;
    const lang = mailLanguageOf(r, 'en');
    const ref = { ...p, link: pageUrl(ctx.publicUrl, `/proposals/${p.number ?? p.id}`) };
    if (job.kind === 'proposal.status') return composeMail(r.email, lang, statusParts(ref, job.status));
    const clock = await readChainClock(ctx.db, ctx.chainId);
    const eta = p.votingEndHeight !== null ? etaOf(p.votingEndHeight, clock) : null;
    return composeMail(r.email, lang, reminderParts(ref, p.votingEndHeight, eta));
  },
  settle: (ctx, job, outcome, error) => settleNotification(ctx.db, notificationKey(job), outcome, error),
};

export interface ProposalMailDeps {
  db: Db;
  mailQueue: MailQueue;
  logger: MailLog;
}

/**
 * After a transaction that recorded notifications committed: queues those of `jobs` whose row is still pending
 * (a rolled-back transaction recorded none, so it mails nothing).
 */
export async function queueRecordedProposalMail(deps: ProposalMailDeps, jobs: MailJob[]): Promise<void> {
  const proposalJobs = jobs.filter((j): j is ProposalJob => j.kind.startsWith('proposal.'));
  if (proposalJobs.length === 0) return;
  const pending = await pendingNotificationsOf(deps.db, [...new Set(proposalJobs.map((j) => j.proposalId))]);
  const recorded = new Set(pending.map((n) => `${n.proposalId}/${n.kind}/${n.recipientId}`));
  const keyText = (n: NotificationKey) => `${n.proposalId}/${n.kind}/${n.recipientId}`;
  await queueMails(
    deps,
    proposalJobs.filter((j) => recorded.has(keyText(notificationKey(j)))),
  );
}

/**
 * The safety net: the mail of the notifications recorded before `olderThanMs` ago and still pending, for the chain
 * worker to queue again (the jobs' ids make this a no-op for those already on the queue or sent).
 */
export async function pendingProposalMail(db: Db, olderThanMs: number): Promise<ProposalJob[]> {
  const rows = await stalePendingNotifications(db, new Date(Date.now() - olderThanMs));
  return rows.map(jobOfNotification);
}
