import type { Db } from '@cr/core/db/db-client';
import { queueMails, type MailLog, type MailQueue } from '@cr/core/queues/mail-queue';
import { claimDigestMessages } from './social.repo';

/** A message still unread this long after it was sent goes into an e-mail digest. */
export const DIGEST_AFTER_MS = 60 * 60 * 1000;

/**
 * One digest pass: the unread messages older than an hour that no digest has included yet are claimed (marked
 * digested) and one e-mail per recipient is queued, in the same transaction: if the queue does not take them, the
 * claim rolls back and the next pass tries again. Each message is in at most one digest. Returns the mails queued.
 */
export async function runMessageDigest(
  deps: { db: Db; mailQueue: MailQueue; logger: MailLog },
  now = new Date(),
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const batches = await claimDigestMessages(tx, new Date(now.getTime() - DIGEST_AFTER_MS), now);
    await queueMails(
      deps,
      batches.map((b) => ({
        kind: 'social.digest' as const,
        recipientId: b.recipientId,
        count: b.count,
        batchAt: now.toISOString(),
      })),
    );
    return batches.length;
  });
}
