import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@cr/core/db/db-client';
import {
  proposals,
  proposalVotes,
  type ProposalRow,
  type ProposalVoteRow,
} from '@cr/core/db/schema/proposal.schema';
import { displayNumberOf, isUuid } from '@cr/core/db/record-ref';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import { PROPOSAL_TRANSITIONS } from './proposal-rules';
import { searchDocument } from '@cr/core/db/text-search';
import type { DraftValues } from '../proposal-record';

/** A proposal by uuid or display number; `lock` takes a row lock for the rest of the transaction. */
export async function findProposal(db: Db, ref: string, lock = false): Promise<ProposalRow | undefined> {
  const number = displayNumberOf(ref);
  const where = isUuid(ref)
    ? eq(proposals.id, ref)
    : number !== null
      ? eq(proposals.number, number)
      : undefined;
  if (!where) return undefined;
  const q = db.select().from(proposals).where(where);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Columns written with a status move (never the status itself). */
export type ProposalMoveFields = Omit<PgUpdateSetSource<typeof proposals>, 'id' | 'status'>;

/**
 * The one writer of `proposals.status` after insert: moves the proposal (by id or by draft hash) from `from` to
 * `to` if PROPOSAL_TRANSITIONS allows it (else IllegalTransitionError, nothing written) and only while it is still
 * in `from`, so replaying an event or a concurrent move changes nothing. Returns the new row, or undefined.
 */
export async function moveProposalStatus(
  db: Db,
  ref: { id: string } | { draftHash: string },
  from: ProposalStatus,
  to: ProposalStatus,
  fields: ProposalMoveFields = {},
): Promise<ProposalRow | undefined> {
  PROPOSAL_TRANSITIONS.check(from, to);
  if ('status' in fields) throw new Error('proposal status changes only through its `to` argument');
  const now = new Date();
  const [row] = await db
    .update(proposals)
    .set({ statusChangedAt: now, updatedAt: now, ...fields, status: to })
    .where(
      and(
        'id' in ref ? eq(proposals.id, ref.id) : eq(proposals.draftHash, ref.draftHash),
        eq(proposals.status, from),
      ),
    )
    .returning();
  return row;
}

/** The member's own DRAFT proposal made from this suggestion, if there is one (one draft per member per suggestion). */
export async function findOwnDraftFor(
  db: Db,
  proposerId: string,
  suggestionId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        eq(proposals.status, 'DRAFT'),
        eq(proposals.proposerId, proposerId),
        eq(proposals.suggestionId, suggestionId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function updateDraftProposal(
  db: Db,
  id: string,
  values: Partial<DraftValues> & { title: string },
): Promise<void> {
  await db
    .update(proposals)
    .set({ ...values, titleSearch: searchDocument(values.title) })
    .where(eq(proposals.id, id));
}

export async function deleteProposal(db: Db, id: string): Promise<void> {
  await db.delete(proposals).where(eq(proposals.id, id));
}

/** Next display number: a sequence, never count()+1. */
export async function nextProposalNumber(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`nextval('proposal_number_seq')` })
    .from(sql`(select 1) as one`);
  return Number(row!.n);
}

export async function votesOf(db: Db, proposalId: string): Promise<ProposalVoteRow[]> {
  return db.select().from(proposalVotes).where(eq(proposalVotes.proposalId, proposalId));
}

export async function voteOf(db: Db, proposalId: string, memberId: string, lock = false) {
  const q = db
    .select()
    .from(proposalVotes)
    .where(and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberId, memberId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Values of a proposal being registered (PROPOSED, pending chain), as the registration action builds them. */
export type RegisteredProposalValues = Omit<PgUpdateSetSource<typeof proposals>, 'id' | 'number' | 'status'>;

/**
 * Publishes a registered proposal (PROPOSED, pending chain) under the next display number (a sequence): the
 * member's DRAFT that presents the suggestion moves DRAFT → PROPOSED through the status table, or a new row is
 * inserted. A second proposal of the same suggestion violates the unique index and throws.
 */
export async function saveRegisteredProposal(
  db: Db,
  draftId: string | null,
  values: RegisteredProposalValues,
): Promise<ProposalRow> {
  const number = sql`nextval('proposal_number_seq')`;
  if (draftId) {
    const moved = await moveProposalStatus(db, { id: draftId }, 'DRAFT', 'PROPOSED', { ...values, number });
    if (!moved) throw new Error(`draft ${draftId} is no longer a DRAFT`);
    return moved;
  }
  // A proposal made straight from a suggestion carries the suggestion's title and text (the caller's values).
  const [saved] = await db
    .insert(proposals)
    .values({ ...values, status: 'PROPOSED', number } as PgInsertValue<typeof proposals>)
    .returning();
  return saved!;
}

/** Links the proposal to its Governance.register outbox row. */
export async function linkRegisterAction(
  db: Db,
  proposalId: string,
  action: { id: string; status: ProposalRow['registerChainStatus'] },
): Promise<void> {
  await db
    .update(proposals)
    .set({ registerActionId: action.id, registerChainStatus: action.status })
    .where(eq(proposals.id, proposalId));
}

/** Links a vote to the outbox row that posts it (the vote's chain status follows the action from now on). */
export async function linkVoteAction(
  db: Db,
  voteId: string,
  action: { id: string; status: ProposalVoteRow['chainStatus'] },
): Promise<void> {
  await db
    .update(proposalVotes)
    .set({ chainActionId: action.id, chainStatus: action.status, txHash: null })
    .where(eq(proposalVotes.id, voteId));
}

/**
 * Stores (or replaces) a member's vote off chain with a new version (the on-chain nonce); a replaced vote is no
 * longer linked to any chain action and must be posted again.
 */
export async function upsertVote(
  db: Db,
  v: Pick<
    ProposalVoteRow,
    'proposalId' | 'memberId' | 'memberDid' | 'userId' | 'choice' | 'reason' | 'opinionHash'
  >,
): Promise<ProposalVoteRow> {
  const values = {
    choice: v.choice,
    reason: v.reason,
    opinionHash: v.opinionHash,
    votedAt: new Date(),
    chainActionId: null,
    chainStatus: 'unchain' as const,
    txHash: null,
  };
  const [vote] = await db
    .insert(proposalVotes)
    .values({ ...v, version: 1, ...values })
    .onConflictDoUpdate({
      target: [proposalVotes.proposalId, proposalVotes.memberId],
      set: { ...values, userId: v.userId, version: sql`${proposalVotes.version} + 1` },
    })
    .returning();
  return vote!;
}
