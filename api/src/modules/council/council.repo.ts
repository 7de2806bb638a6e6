import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { users } from '@cr/core/db/schema/users.schema';
import { proposals, proposalVotes } from '@cr/core/db/schema/proposal.schema';
import { cardColumns, mottoOf } from '../user';
import type { Db } from '@cr/core/db/db-client';
import {
  councilMembers,
  councilTerms,
  governanceState,
  type CouncilMemberRow,
  type CouncilTermRow,
  type GovernanceStateRow,
} from '@cr/core/db/schema/council.schema';

/** The latest seated term (the chain's `currentTerm`), or undefined before any council. */
export async function latestTerm(db: Db): Promise<CouncilTermRow | undefined> {
  const [row] = await db.select().from(councilTerms).orderBy(desc(councilTerms.term)).limit(1);
  return row;
}

export async function findTerm(db: Db, term: number): Promise<CouncilTermRow | undefined> {
  const [row] = await db.select().from(councilTerms).where(eq(councilTerms.term, term));
  return row;
}

export async function listTerms(db: Db): Promise<CouncilTermRow[]> {
  return db.select().from(councilTerms).orderBy(desc(councilTerms.term));
}

/** A DID's seat in `term` (seated or removed), as the chain recorded it. */
export async function memberOf(db: Db, term: number, did: string): Promise<CouncilMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(councilMembers)
    .where(and(eq(councilMembers.term, term), eq(councilMembers.did, did)));
  return row;
}

export async function membersOfTerm(db: Db, term: number): Promise<CouncilMemberRow[]> {
  return db
    .select()
    .from(councilMembers)
    .where(eq(councilMembers.term, term))
    .orderBy(councilMembers.seatedHeight, councilMembers.did);
}

/** Every term a DID sat in, newest first. */
export async function seatsOfDid(db: Db, did: string): Promise<CouncilMemberRow[]> {
  return db
    .select()
    .from(councilMembers)
    .where(eq(councilMembers.did, did))
    .orderBy(desc(councilMembers.term));
}

export async function memberById(db: Db, memberId: string): Promise<CouncilMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(councilMembers)
    .where(eq(councilMembers.memberId, memberId.toLowerCase()))
    .orderBy(desc(councilMembers.term))
    .limit(1);
  return row;
}

export async function getGovernanceState(db: Db): Promise<GovernanceStateRow | undefined> {
  const [row] = await db.select().from(governanceState).where(eq(governanceState.id, 1));
  return row;
}

/** Upserts the single governance state row with the given fields. */
export async function patchGovernanceState(
  db: Db,
  patch: Partial<Omit<GovernanceStateRow, 'id' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(governanceState)
    .values({ id: 1, ...patch })
    .onConflictDoUpdate({ target: governanceState.id, set: { ...patch, updatedAt: sql`now()` } });
}

/**
 * The seated member `did` of the council now: the latest term, not ended at `height`, the DID seated in it.
 * Membership comes from the chain index, never from the site role alone.
 */
export async function seatedNow(
  db: Db,
  did: string | null,
  height: number | null,
): Promise<{ term: CouncilTermRow; member: CouncilMemberRow } | null> {
  if (!did) return null;
  // One round trip (every signed-in proposal page asks): the latest term, joined with the DID's seat in it.
  const [row] = await db
    .select({ term: councilTerms, member: councilMembers })
    .from(councilTerms)
    .leftJoin(councilMembers, and(eq(councilMembers.term, councilTerms.term), eq(councilMembers.did, did)))
    .orderBy(desc(councilTerms.term))
    .limit(1);
  if (!row || (height !== null && height >= row.term.endHeight)) return null;
  return row.member?.seated ? { term: row.term, member: row.member } : null;
}

/** Roles the chain's council seats never overwrite: a super admin keeps their account, the secretary theirs. */
const ROLES_KEPT_WHEN_SEATED = ['COUNCIL', 'SUPER_ADMIN', 'SECRETARY'];

/**
 * The site role COUNCIL follows the chain: accounts whose DID holds a seat in the latest term become COUNCIL, and
 * COUNCIL accounts whose DID holds none (a new term without them, a removal, a rebound DID) become MEMBER.
 * Council-only site actions check the role, so a member voted out loses them with the next indexed event.
 * `userId` narrows the sync to one account (after it binds a DID).
 */
export async function syncCouncilRoles(db: Db, userId?: string): Promise<void> {
  const term = await latestTerm(db);
  const seatedDids = db
    .select({ did: councilMembers.did })
    .from(councilMembers)
    .where(and(eq(councilMembers.term, term?.term ?? -1), eq(councilMembers.seated, true)));
  const only = userId ? eq(users.id, userId) : undefined;
  await db
    .update(users)
    .set({ role: 'COUNCIL', updatedAt: sql`now()` })
    .where(and(only, inArray(users.did, seatedDids), notInArray(users.role, ROLES_KEPT_WHEN_SEATED)));
  await db
    .update(users)
    .set({ role: 'MEMBER', updatedAt: sql`now()` })
    .where(and(only, eq(users.role, 'COUNCIL'), or(isNull(users.did), notInArray(users.did, seatedDids))));
}

/** Stores a term the chain started (or restarted with new heights). */
export async function saveTerm(db: Db, term: Omit<CouncilTermRow, 'updatedAt'>): Promise<void> {
  await db
    .insert(councilTerms)
    .values(term)
    .onConflictDoUpdate({ target: councilTerms.term, set: { ...term, updatedAt: sql`now()` } });
}

export async function cutTermShort(db: Db, term: number, endHeight: number): Promise<void> {
  await db
    .update(councilTerms)
    .set({ endHeight, updatedAt: sql`now()` })
    .where(eq(councilTerms.term, term));
}

/** Stores a seat the chain filled; a seat already stored stays as it is. */
export async function seatMember(
  db: Db,
  seat: Pick<CouncilMemberRow, 'term' | 'memberId' | 'did' | 'qx' | 'qy' | 'seatedHeight'>,
): Promise<void> {
  await db
    .insert(councilMembers)
    .values({ ...seat, seated: true })
    .onConflictDoNothing();
}

/** A member removed from a term, and the seats that term still has filled. */
export async function unseatMember(
  db: Db,
  removal: { term: number; memberId: string; removedHeight: number; seatedLeft: number },
): Promise<void> {
  await db
    .update(councilMembers)
    .set({ seated: false, removedHeight: removal.removedHeight })
    .where(and(eq(councilMembers.term, removal.term), eq(councilMembers.memberId, removal.memberId)));
  await db
    .update(councilTerms)
    .set({ seated: removal.seatedLeft })
    .where(eq(councilTerms.term, removal.term));
}

/** Votes per member DID in a term: all recorded, and those on chain. */
export async function voteCountsOfTerm(db: Db, term: number) {
  return db
    .select({
      did: proposalVotes.memberDid,
      total: count(proposalVotes.choice),
      chained: count(proposalVotes.chainedChoice),
    })
    .from(proposalVotes)
    .innerJoin(proposals, eq(proposals.id, proposalVotes.proposalId))
    .where(eq(proposals.term, term))
    .groupBy(proposalVotes.memberDid);
}

/** Active accounts with the SECRETARY role, by username. */
export async function secretariatStaff(db: Db, limit: number) {
  return db
    .select({ ...cardColumns, did: users.did })
    .from(users)
    .where(and(eq(users.role, 'SECRETARY'), eq(users.active, true)))
    .orderBy(users.username)
    .limit(limit);
}

/** The public card, role and motto of an account by DID or id (a secretariat position). */
export async function personCard(db: Db, ref: { did: string } | { id: string }) {
  const [row] = await db
    .select({ ...cardColumns, did: users.did, role: users.role, motto: mottoOf })
    .from(users)
    .where('did' in ref ? eq(users.did, ref.did) : eq(users.id, ref.id));
  return row;
}

const voteRecordWhere = (did: string, term: number | undefined) =>
  and(
    eq(proposalVotes.memberDid, did),
    isNotNull(proposalVotes.choice),
    term ? eq(proposals.term, term) : undefined,
  );

/** One page of a member's votes (in `term`, or every term) with their proposals, latest first. */
export async function voteRecordPage(
  db: Db,
  did: string,
  term: number | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: proposals.id,
      number: proposals.number,
      title: proposals.title,
      status: proposals.status,
      choice: proposalVotes.choice,
      reason: proposalVotes.reason,
      votedAt: proposalVotes.votedAt,
      chainStatus: proposalVotes.chainStatus,
      txHash: proposalVotes.txHash,
    })
    .from(proposalVotes)
    .innerJoin(proposals, eq(proposals.id, proposalVotes.proposalId))
    .where(voteRecordWhere(did, term))
    .orderBy(desc(proposalVotes.votedAt))
    .limit(limit)
    .offset(offset);
}

export async function voteRecordCount(db: Db, did: string, term: number | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(proposalVotes)
    .innerJoin(proposals, eq(proposals.id, proposalVotes.proposalId))
    .where(voteRecordWhere(did, term));
  return row?.n ?? 0;
}

/** How many times a member chose each answer, over every term. */
export async function choiceCounts(db: Db, did: string) {
  return db
    .select({ choice: proposalVotes.choice, n: sql<number>`count(*)::int` })
    .from(proposalVotes)
    .where(and(eq(proposalVotes.memberDid, did), isNotNull(proposalVotes.choice)))
    .groupBy(proposalVotes.choice);
}
