import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposalNotifications, proposals } from '@cr/core/db/schema/proposal.schema';
import type { MailOutcome } from '../../mail/mail-render';

/** A proposal e-mail as proposal_notifications records it. */
export interface NotificationKey {
  proposalId: string;
  /** `status:<STATUS>`, `reminder:early`, `reminder:late`. */
  kind: string;
  recipientId: string;
}

const keyOf = (n: NotificationKey) =>
  and(
    eq(proposalNotifications.proposalId, n.proposalId),
    eq(proposalNotifications.kind, n.kind),
    eq(proposalNotifications.recipientId, n.recipientId),
  );

export async function notificationStatus(db: Db, n: NotificationKey) {
  const [row] = await db
    .select({ status: proposalNotifications.status })
    .from(proposalNotifications)
    .where(keyOf(n));
  return row?.status;
}

/** Records how a pending notification ended (a settled one stays as it is). */
export async function settleNotification(
  db: Db,
  n: NotificationKey,
  outcome: MailOutcome,
  error?: string,
): Promise<void> {
  await db
    .update(proposalNotifications)
    .set({
      status: outcome,
      attempts: sql`${proposalNotifications.attempts} + 1`,
      sentAt: outcome === 'sent' ? new Date() : null,
      lastError: error ?? (outcome === 'skipped' ? 'no e-mail address' : null),
    })
    .where(and(keyOf(n), eq(proposalNotifications.status, 'pending')));
}

/** Notifications still pending among `ids`' proposals (what a committed transaction recorded). */
export async function pendingNotificationsOf(db: Db, proposalIds: string[]): Promise<NotificationKey[]> {
  if (proposalIds.length === 0) return [];
  return db
    .select({
      proposalId: proposalNotifications.proposalId,
      kind: proposalNotifications.kind,
      recipientId: proposalNotifications.recipientId,
    })
    .from(proposalNotifications)
    .where(
      and(
        inArray(proposalNotifications.proposalId, proposalIds),
        eq(proposalNotifications.status, 'pending'),
      ),
    );
}

/** Pending notifications recorded before `before`, oldest first (the sweep's safety net). */
export async function stalePendingNotifications(
  db: Db,
  before: Date,
  limit = 500,
): Promise<NotificationKey[]> {
  return db
    .select({
      proposalId: proposalNotifications.proposalId,
      kind: proposalNotifications.kind,
      recipientId: proposalNotifications.recipientId,
    })
    .from(proposalNotifications)
    .where(and(eq(proposalNotifications.status, 'pending'), lt(proposalNotifications.createdAt, before)))
    .orderBy(proposalNotifications.createdAt)
    .limit(limit);
}

export async function proposalForMail(db: Db, proposalId: string) {
  const [row] = await db
    .select({
      id: proposals.id,
      number: proposals.number,
      title: proposals.title,
      votingEndHeight: proposals.votingEndHeight,
    })
    .from(proposals)
    .where(eq(proposals.id, proposalId));
  return row;
}
