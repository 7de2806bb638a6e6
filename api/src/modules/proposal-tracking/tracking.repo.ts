import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { TrackingKind, TrackingStatus } from '@cr/contract/proposal-tracking.contract';
import type { Db } from '@cr/core/db/db-client';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { users } from '@cr/core/db/schema/users.schema';
import {
  proposalNotes,
  proposalTracking,
  type ProposalTrackingRow,
} from '@cr/core/db/schema/proposal-tracking.schema';
import { statusTable } from '@cr/core/db/status-table';

/**
 * Allowed moves of `proposal_tracking.status` (docs/tracking-states.md), enforced by `moveTrackingStatus`: the
 * owner submits a draft or a rejected entry; the secretary general publishes or rejects one under review. A
 * published entry never changes again.
 */
export const TRACKING_TRANSITIONS = statusTable<TrackingStatus>('tracking', {
  DRAFT: ['REVIEWING'],
  REVIEWING: ['PUBLISHED', 'REJECT'],
  REJECT: ['REVIEWING'],
  PUBLISHED: [],
});

type MoveFields = Partial<
  Pick<
    ProposalTrackingRow,
    'reviewComment' | 'reviewerId' | 'reviewedAt' | 'submittedAt' | 'round' | 'contentHash' | 'reviewHash'
  >
>;

/**
 * The one writer of `proposal_tracking.status`: moves the entry from `from` to `to` if TRACKING_TRANSITIONS
 * allows it (else IllegalTransitionError) and only while it is still in `from`, so of two submissions or reviews
 * racing, one moves and the other gets undefined.
 */
export async function moveTrackingStatus(
  db: Db,
  id: string,
  from: TrackingStatus,
  to: TrackingStatus,
  fields: MoveFields = {},
): Promise<ProposalTrackingRow | undefined> {
  TRACKING_TRANSITIONS.check(from, to);
  const [row] = await db
    .update(proposalTracking)
    .set({ ...fields, status: to, updatedAt: new Date() })
    .where(and(eq(proposalTracking.id, id), eq(proposalTracking.status, from)))
    .returning();
  return row;
}

/** Locks the proposal row for the rest of the transaction: concurrent writers of its entries queue up here. */
export async function lockProposal(db: Db, proposalId: string): Promise<void> {
  await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, proposalId)).for('update');
}

export async function countEntries(db: Db, proposalId: string, kind: TrackingKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(proposalTracking)
    .where(and(eq(proposalTracking.proposalId, proposalId), eq(proposalTracking.kind, kind)));
  return row?.n ?? 0;
}

/** A new entry, always as DRAFT (submitting is a status move). */
export async function insertEntry(
  db: Db,
  values: { id: string; proposalId: string; kind: TrackingKind; content: string; authorId: string },
): Promise<ProposalTrackingRow> {
  const [row] = await db
    .insert(proposalTracking)
    .values({ ...values, status: 'DRAFT' })
    .returning();
  return row!;
}

export async function findEntry(db: Db, id: string, lock = false): Promise<ProposalTrackingRow | undefined> {
  const q = db.select().from(proposalTracking).where(eq(proposalTracking.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** New text for an entry still in `status` (DRAFT or REJECT); undefined when it moved meanwhile. */
export async function updateEntryContent(
  db: Db,
  id: string,
  status: TrackingStatus,
  content: string,
): Promise<ProposalTrackingRow | undefined> {
  const [row] = await db
    .update(proposalTracking)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(proposalTracking.id, id), eq(proposalTracking.status, status)))
    .returning();
  return row;
}

/** The proposal's entries in writing order, only `statuses` when given. */
export async function entriesOf(
  db: Db,
  proposalId: string,
  statuses?: TrackingStatus[],
): Promise<ProposalTrackingRow[]> {
  return db
    .select()
    .from(proposalTracking)
    .where(
      and(
        eq(proposalTracking.proposalId, proposalId),
        statuses ? inArray(proposalTracking.status, statuses) : undefined,
      ),
    )
    .orderBy(asc(proposalTracking.createdAt), asc(proposalTracking.id));
}

/** Every edit of the secretariat notes, newest first. */
export async function notesOf(db: Db, proposalId: string) {
  return db
    .select()
    .from(proposalNotes)
    .where(eq(proposalNotes.proposalId, proposalId))
    .orderBy(desc(proposalNotes.createdAt), desc(proposalNotes.id));
}

export async function insertNotes(db: Db, values: { proposalId: string; content: string; authorId: string }) {
  const [row] = await db.insert(proposalNotes).values(values).returning();
  return row!;
}

/** A tracking entry as its e-mail tells it: the proposal, the kind, the review. */
export async function entryForMail(db: Db, id: string) {
  const [row] = await db
    .select({
      kind: proposalTracking.kind,
      status: proposalTracking.status,
      round: proposalTracking.round,
      reviewComment: proposalTracking.reviewComment,
      proposalId: proposals.id,
      number: proposals.number,
      title: proposals.title,
    })
    .from(proposalTracking)
    .innerJoin(proposals, eq(proposals.id, proposalTracking.proposalId))
    .where(eq(proposalTracking.id, id));
  return row;
}

/** True when the proposal's final summary was approved by the secretary general (published). */
export async function summaryApproved(db: Db, proposalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proposalTracking.id })
    .from(proposalTracking)
    .where(
      and(
        eq(proposalTracking.proposalId, proposalId),
        eq(proposalTracking.kind, 'SUMMARY'),
        eq(proposalTracking.status, 'PUBLISHED'),
      ),
    )
    .limit(1);
  return !!row;
}

/** The text of the proposal's approved (published) final summary, or null. */
export async function approvedSummaryText(db: Db, proposalId: string): Promise<string | null> {
  const [row] = await db
    .select({ content: proposalTracking.content })
    .from(proposalTracking)
    .where(
      and(
        eq(proposalTracking.proposalId, proposalId),
        eq(proposalTracking.kind, 'SUMMARY'),
        eq(proposalTracking.status, 'PUBLISHED'),
      ),
    )
    .limit(1);
  return row?.content ?? null;
}

/** Active SECRETARY accounts (whose inbox holds the tracking reviews). */
export async function secretaryIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'SECRETARY'), eq(users.active, true)));
  return rows.map((r) => r.id);
}
