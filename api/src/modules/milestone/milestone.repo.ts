import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MilestoneStatus } from '@cr/contract/milestone.contract';
import type { Db } from '@cr/core/db/db-client';
import { chainActions, chainEvents, type ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { proposalMilestones, type MilestoneRow } from '@cr/core/db/schema/milestone.schema';
import { proposals, type ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { MILESTONE_TRANSITIONS } from './milestone-rules';

/** The proposal whose budget the Treasury event names (lower-case draft hash). */
export async function proposalOfDraft(db: Db, draftHash: string): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(proposals).where(eq(proposals.draftHash, draftHash));
  return row;
}

/** One row per budget stage, from the registered terms; a no-op once they exist (replays, several events). */
export async function ensureMilestones(tx: Db, p: ProposalRow): Promise<void> {
  const stages = p.terms?.stages ?? [];
  if (p.kind !== 'NORMAL' || stages.length === 0) return;
  await tx
    .insert(proposalMilestones)
    .values(
      stages.map((s, stage) => ({
        proposalId: p.id,
        stage,
        kind: s.kind,
        amountWei: s.amount,
        recipient: p.terms!.recipient.toLowerCase(),
      })),
    )
    .onConflictDoNothing();
}

export async function listMilestones(db: Db, proposalId: string, lock = false): Promise<MilestoneRow[]> {
  const q = db
    .select()
    .from(proposalMilestones)
    .where(eq(proposalMilestones.proposalId, proposalId))
    .orderBy(asc(proposalMilestones.stage));
  return lock ? q.for('update') : q;
}

type MilestoneFields = Partial<
  Omit<typeof proposalMilestones.$inferInsert, 'id' | 'proposalId' | 'stage' | 'status'>
>;

/**
 * The one writer of `proposal_milestones.status`: moves the given stages from any of `from` to `to` if
 * MILESTONE_TRANSITIONS allows it, only where the row is still in `from` (a replayed event changes nothing).
 */
export async function moveMilestones(
  tx: Db,
  proposalId: string,
  stages: number[],
  from: MilestoneStatus[],
  to: MilestoneStatus,
  fields: MilestoneFields = {},
): Promise<MilestoneRow[]> {
  const list = MILESTONE_TRANSITIONS.check(from, to);
  if (stages.length === 0) return [];
  return tx
    .update(proposalMilestones)
    .set({ updatedAt: new Date(), ...fields, status: to })
    .where(
      and(
        eq(proposalMilestones.proposalId, proposalId),
        inArray(proposalMilestones.stage, stages),
        inArray(proposalMilestones.status, list),
      ),
    )
    .returning();
}

/** Texts and action links written by the signed actions (never the status). */
export async function patchMilestones(tx: Db, ids: string[], fields: MilestoneFields): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(proposalMilestones)
    .set({ updatedAt: new Date(), ...fields })
    .where(inArray(proposalMilestones.id, ids));
}

export async function setMilestoneRecipient(tx: Db, proposalId: string, recipient: string): Promise<void> {
  await tx
    .update(proposalMilestones)
    .set({ recipient, updatedAt: new Date() })
    .where(eq(proposalMilestones.proposalId, proposalId));
}

export async function actionsByIds(db: Db, ids: string[]): Promise<ChainActionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(chainActions).where(inArray(chainActions.id, ids));
}

/** The Treasury's Withdrawn events of one proposal, oldest first. */
export async function withdrawnEvents(db: Db, draftHash: string) {
  return db
    .select({ args: chainEvents.args, txHash: chainEvents.txHash, blockNumber: chainEvents.blockNumber })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, 'treasury'),
        eq(chainEvents.name, 'Withdrawn'),
        sql`lower(${chainEvents.args}->>'draftHash') = ${draftHash}`,
      ),
    )
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
}

/**
 * The transactions of the latest PaymentRequested and PaymentReviewed event per stage of the draft hash (the
 * message and opinion a milestone shows are the latest signed ones): what the integrity badges read on chain.
 */
export async function paymentEventTxs(db: Db, draftHash: string) {
  const rows = await db
    .select({ name: chainEvents.name, args: chainEvents.args, txHash: chainEvents.txHash })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, 'treasury'),
        inArray(chainEvents.name, ['PaymentRequested', 'PaymentReviewed']),
        sql`lower(${chainEvents.args}->>'draftHash') = ${draftHash.toLowerCase()}`,
      ),
    )
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
  const request = new Map<number, string>();
  const review = new Map<number, string>();
  for (const r of rows)
    (r.name === 'PaymentRequested' ? request : review).set(Number(r.args.stage), r.txHash);
  return { request, review };
}
