import { ProposalStatus } from '@cr/contracts-abi/governance-enums';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { chainActions, chainEvents, type ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { proposalConclusions } from '@cr/core/db/schema/conclusion.schema';
import { elipVotes, elips } from '@cr/core/db/schema/elip.schema';
import { proposalMilestones } from '@cr/core/db/schema/milestone.schema';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { proposalTracking } from '@cr/core/db/schema/proposal-tracking.schema';
import { suggestions } from '@cr/core/db/schema/suggestion.schema';
import { users } from '@cr/core/db/schema/users.schema';
import { walletRequests } from '@cr/core/db/schema/wallet-requests.schema';

/** Chain actions by id (the relayed calls whose calldata carries the signatures). */
export async function chainActionsByIds(db: Db, ids: string[]): Promise<Map<string, ChainActionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(chainActions).where(inArray(chainActions.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The suggestion as hashed and its owner's signature: statement, signature and the key it was made with. */
export async function suggestionSignature(db: Db, suggestionId: string) {
  const [row] = await db
    .select({
      number: suggestions.number,
      content: suggestions.content,
      did: suggestions.signerDid,
      statement: suggestions.signedStatement,
      signature: suggestions.signature,
      publicKey: suggestions.signerPublicKey,
    })
    .from(suggestions)
    .where(eq(suggestions.id, suggestionId));
  return row;
}

/** Accepted wallet requests of these actions about the proposal, oldest first (payload and result kept). */
export function signedRequestsOf(db: Db, proposalId: string, actions: string[]) {
  return db
    .select({
      action: walletRequests.action,
      signerDid: walletRequests.signerDid,
      statement: walletRequests.statement,
      payload: walletRequests.payload,
      result: walletRequests.result,
    })
    .from(walletRequests)
    .where(
      and(
        eq(walletRequests.subjectType, 'proposal'),
        eq(walletRequests.subjectId, proposalId),
        eq(walletRequests.status, 'signed'),
        inArray(walletRequests.action, actions),
      ),
    )
    .orderBy(asc(walletRequests.completedAt));
}

/** The Treasury's payment address per stage of the proposal. */
export function stageRecipients(db: Db, proposalId: string) {
  return db
    .select({ stage: proposalMilestones.stage, recipient: proposalMilestones.recipient })
    .from(proposalMilestones)
    .where(eq(proposalMilestones.proposalId, proposalId));
}

/** Indexed VetoLocked events of the draft hash: holder, amount and transaction. */
export async function vetoEventsOf(db: Db, draftHash: string) {
  const rows = await db
    .select({ txHash: chainEvents.txHash, args: chainEvents.args })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, 'governance'),
        eq(chainEvents.name, 'VetoLocked'),
        sql`lower(${chainEvents.args}->>'draftHash') = ${draftHash.toLowerCase()}`,
      ),
    )
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
  return rows.map((r) => ({
    txHash: r.txHash,
    holder: String(r.args.holder ?? ''),
    amountWei: String(r.args.amountWei ?? '0'),
  }));
}

/** The proposal's latest conclusion signed by both parties, with the transaction of its relayed call. */
export async function signedConclusionOf(db: Db, proposalId: string) {
  const [row] = await db
    .select({ c: proposalConclusions, txHash: chainActions.txHash })
    .from(proposalConclusions)
    .leftJoin(chainActions, eq(chainActions.id, proposalConclusions.actionId))
    .where(and(eq(proposalConclusions.proposalId, proposalId), eq(proposalConclusions.status, 'SIGNED')))
    .orderBy(desc(proposalConclusions.createdAt))
    .limit(1);
  return row;
}

/** Indexed Concluded events of the draft hash, oldest first (the transaction, when the action row lacks it). */
export async function concludedTxOf(db: Db, draftHash: string): Promise<string | null> {
  const [row] = await db
    .select({ txHash: chainEvents.txHash })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.stream, 'governance'),
        eq(chainEvents.name, 'Concluded'),
        sql`lower(${chainEvents.args}->>'draftHash') = ${draftHash.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.txHash ?? null;
}

/** The published tracking messages and summary, in writing order, with the reviewing secretary's DID. */
export function publishedTrackingOf(db: Db, proposalId: string) {
  return db
    .select({
      id: proposalTracking.id,
      kind: proposalTracking.kind,
      content: proposalTracking.content,
      contentHash: proposalTracking.contentHash,
      reviewComment: proposalTracking.reviewComment,
      reviewHash: proposalTracking.reviewHash,
      reviewedAt: proposalTracking.reviewedAt,
      reviewerDid: users.did,
    })
    .from(proposalTracking)
    .leftJoin(users, eq(users.id, proposalTracking.reviewerId))
    .where(and(eq(proposalTracking.proposalId, proposalId), eq(proposalTracking.status, 'PUBLISHED')))
    .orderBy(asc(proposalTracking.createdAt), asc(proposalTracking.id));
}

/**
 * The CHANGE_OWNER / TERMINATE proposals registered with this draft hash as their target (the expression of
 * proposals_target_idx), each with the transaction of its StatusChanged to ACTIVE (where its effect applied).
 */
export function relatedProposalsOf(db: Db, draftHash: string) {
  return db
    .select({
      number: proposals.number,
      kind: proposals.kind,
      status: proposals.status,
      draftHash: proposals.draftHash,
      termsHash: proposals.termsHash,
      terms: proposals.terms,
      registerTxHash: proposals.registerTxHash,
      effectTxHash: sql<string | null>`(select e.tx_hash from chain_events e where e.stream = 'governance'
        and e.name = 'StatusChanged' and lower(e.args->>'draftHash') = lower(${proposals.draftHash})
        and e.args->>'to' = ${String(ProposalStatus.ACTIVE)} limit 1)`,
      skipped: sql<boolean>`exists (select 1 from chain_events e where e.stream = 'governance'
        and e.name = 'EffectSkipped' and lower(e.args->>'draftHash') = lower(${proposals.draftHash}))`,
    })
    .from(proposals)
    .where(
      and(
        inArray(proposals.kind, ['CHANGE_OWNER', 'TERMINATE']),
        ne(proposals.status, 'DRAFT'),
        sql`lower(${proposals.terms}->>'target') = ${draftHash.toLowerCase()}`,
      ),
    )
    .orderBy(asc(proposals.number));
}

/** The ELIP, its council votes, and the ELIP's last change each vote was signed over (its wallet request). */
export async function elipWithVotes(db: Db, elipId: string) {
  const [elip] = await db
    .select({ id: elips.id, number: elips.number, title: elips.title })
    .from(elips)
    .where(eq(elips.id, elipId));
  if (!elip) return undefined;
  const [votes, requests] = await Promise.all([
    db.select().from(elipVotes).where(eq(elipVotes.elipId, elipId)).orderBy(asc(elipVotes.createdAt)),
    db
      .select({ statement: walletRequests.statement, payload: walletRequests.payload })
      .from(walletRequests)
      .where(
        and(
          eq(walletRequests.subjectType, 'elip'),
          eq(walletRequests.subjectId, elipId),
          eq(walletRequests.action, 'vote-elip'),
          eq(walletRequests.status, 'signed'),
        ),
      ),
  ]);
  const updatedAt = new Map(requests.map((r) => [r.statement ?? '', String(r.payload.updatedAt ?? '')]));
  return { elip, votes: votes.map((v) => ({ ...v, elipUpdatedAt: updatedAt.get(v.statement) ?? '' })) };
}
