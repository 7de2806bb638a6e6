import type { Db } from '@cr/core/db/db-client';
import type { MilestoneRow } from '@cr/core/db/schema';
import { textHash } from '@cr/contracts-abi/statements';
import { listMilestones, patchMilestone } from './reindex-reset.repo';

const sameHash = (text: string | null, hash: string | null) =>
  !!text && !!hash && textHash(text).toLowerCase() === hash.toLowerCase();

/**
 * The rebuilt milestone rows get back what only the site knows: the texts of requests and reviews (kept when the
 * chain's final hash is theirs: the replay nulls a text whose hash an earlier event of the stage carried), the
 * latest signed action, and the times of stages whose status the rebuild left as it was.
 */
export async function keepMilestoneTexts(tx: Db, before: MilestoneRow[]): Promise<void> {
  const old = new Map(before.map((m) => [`${m.proposalId}:${m.stage}`, m]));
  for (const row of await listMilestones(tx)) {
    const was = old.get(`${row.proposalId}:${row.stage}`);
    if (!was) continue;
    await patchMilestone(tx, row.id, {
      actionId: was.actionId,
      ...(sameHash(was.message, row.messageHash) ? { message: was.message } : {}),
      ...(sameHash(was.opinion, row.opinionHash) ? { opinion: was.opinion } : {}),
      ...(was.status === row.status
        ? { requestedAt: was.requestedAt, reviewedAt: was.reviewedAt, withdrawnAt: was.withdrawnAt }
        : {}),
    });
  }
}
