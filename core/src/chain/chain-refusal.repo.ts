import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/db-client';
import { chainActions } from '../db/schema/chain.schema';
import { chainRefusalNotices } from '../db/schema/chain-refusal.schema';

/** One notice per recipient (a second recording is a no-op); answers the recipients recorded now. */
export async function insertRefusalNotices(
  tx: Db,
  rows: {
    actionId: string;
    recipientId: string;
    title: string;
    link: string;
    subjectType: string;
    subjectId: string;
  }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const recorded = await tx
    .insert(chainRefusalNotices)
    .values(rows)
    .onConflictDoNothing()
    .returning({ recipientId: chainRefusalNotices.recipientId });
  return recorded.map((r) => r.recipientId);
}

/** A recipient's notice of an action and the action's failure reason, read when the e-mail is written. */
export async function refusalNoticeForMail(db: Db, actionId: string, recipientId: string) {
  const [row] = await db
    .select({
      title: chainRefusalNotices.title,
      link: chainRefusalNotices.link,
      reason: chainActions.failureReason,
    })
    .from(chainRefusalNotices)
    .innerJoin(chainActions, eq(chainActions.id, chainRefusalNotices.actionId))
    .where(and(eq(chainRefusalNotices.actionId, actionId), eq(chainRefusalNotices.recipientId, recipientId)));
  return row;
}

/** Calldata of the outbox's open actions (not chained, not failed) calling the function with `selector`. */
export async function openCallsWithSelector(db: Db, selector: string): Promise<string[]> {
  const rows = await db
    .select({ data: chainActions.data })
    .from(chainActions)
    .where(
      and(
        inArray(chainActions.status, ['unchain', 'chaining']),
        sql`left(${chainActions.data}, 10) = ${selector}`,
      ),
    );
  return rows.map((r) => r.data);
}

/** The refused action gives up its dedupe key, so the same domain action can be signed and recorded anew. */
export async function releaseDedupeKey(tx: Db, actionId: string): Promise<void> {
  await tx.update(chainActions).set({ dedupeKey: null }).where(eq(chainActions.id, actionId));
}
