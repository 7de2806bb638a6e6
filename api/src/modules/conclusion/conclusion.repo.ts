import { and, desc, eq, ne } from 'drizzle-orm';
import type { ConclusionStatus } from '@cr/contract/conclusion.contract';
import type { Db } from '@cr/core/db/db-client';
import { proposalConclusions, type ConclusionRow } from '@cr/core/db/schema/conclusion.schema';
import { CONCLUSION_TRANSITIONS } from './conclusion-rules';

export type NewConclusion = typeof proposalConclusions.$inferInsert;
type ConclusionFields = Partial<
  Pick<
    ConclusionRow,
    'ownerSig' | 'ownerSignedAt' | 'secretarySig' | 'secretarySignedAt' | 'actionId' | 'updatedAt'
  >
>;

/** The proposal's latest conclusion not cancelled (SIGNING or SIGNED), locked in a transaction. */
export async function currentConclusion(
  db: Db,
  proposalId: string,
  lock = false,
): Promise<ConclusionRow | null> {
  const q = db
    .select()
    .from(proposalConclusions)
    .where(and(eq(proposalConclusions.proposalId, proposalId), ne(proposalConclusions.status, 'CANCELLED')))
    .orderBy(desc(proposalConclusions.createdAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertConclusion(tx: Db, values: NewConclusion): Promise<ConclusionRow> {
  const [row] = await tx.insert(proposalConclusions).values(values).returning();
  return row!;
}

/** Signatures and the chain action link (never the status). */
export async function patchConclusion(tx: Db, id: string, fields: ConclusionFields): Promise<ConclusionRow> {
  const [row] = await tx
    .update(proposalConclusions)
    .set({ updatedAt: new Date(), ...fields })
    .where(eq(proposalConclusions.id, id))
    .returning();
  return row!;
}

/** Moves the status through CONCLUSION_TRANSITIONS, only while the row is still in `from`; null if it was not. */
export async function moveConclusion(
  tx: Db,
  id: string,
  from: ConclusionStatus,
  to: ConclusionStatus,
  fields: ConclusionFields = {},
): Promise<ConclusionRow | null> {
  CONCLUSION_TRANSITIONS.check(from, to);
  const [row] = await tx
    .update(proposalConclusions)
    .set({ updatedAt: new Date(), ...fields, status: to })
    .where(and(eq(proposalConclusions.id, id), eq(proposalConclusions.status, from)))
    .returning();
  return row ?? null;
}
