import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db-client';
import { chainActions, chainEvents, type ChainActionRow } from '../../db/schema/chain.schema';
import { proposalMilestones } from '../../db/schema/milestone.schema';
import { suggestions } from '../../db/schema/suggestion.schema';
import { walletRequests } from '../../db/schema/wallet-requests.schema';

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
