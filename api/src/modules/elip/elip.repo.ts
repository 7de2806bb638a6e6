import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import {
  elipReviews,
  elips,
  elipVotes,
  proposals,
  users,
  type ElipReviewRow,
  type ElipRow,
  type ElipVoteRow,
} from '@cr/core/db/schema';
import type { ElipStatus } from '@cr/contract/elip.contract';
import { escapeLike } from '@cr/core/db/text-search';
import { ELIP_STATUS_TABLE } from './elip-rules';

const person = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};
export interface PersonRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}
export interface ElipWithAuthor {
  elip: ElipRow;
  author: PersonRow;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The condition naming one ELIP by id or by number. */
function byRef(ref: string): SQL | undefined {
  if (UUID.test(ref)) return eq(elips.id, ref);
  if (/^\d{1,9}$/.test(ref)) return eq(elips.number, Number(ref));
  return undefined;
}

export async function insertElip(db: Db, values: typeof elips.$inferInsert): Promise<ElipRow> {
  const [row] = await db.insert(elips).values(values).returning();
  return row!;
}

/** An ELIP by id or number; `lock` holds the row until the transaction ends. */
export async function findElip(db: Db, ref: string, lock = false): Promise<ElipRow | undefined> {
  const cond = byRef(ref);
  if (!cond) return undefined;
  const q = db.select().from(elips).where(cond).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findElipWithAuthor(db: Db, id: string): Promise<ElipWithAuthor | undefined> {
  const [row] = await db
    .select({ elip: elips, author: person })
    .from(elips)
    .innerJoin(users, eq(users.id, elips.authorId))
    .where(eq(elips.id, id))
    .limit(1);
  return row;
}

/** Writes the text; only while the status is still `status` (a concurrent move makes it return false). */
export async function updateElipText(
  db: Db,
  id: string,
  status: ElipStatus,
  values: Partial<typeof elips.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(elips)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(elips.id, id), eq(elips.status, status)))
    .returning({ id: elips.id });
  return rows.length > 0;
}

/** Moves the status as the table allows, only from `from`; false when another request moved it first. */
export async function moveElip(db: Db, id: string, from: ElipStatus, to: ElipStatus): Promise<boolean> {
  const allowed = ELIP_STATUS_TABLE.check(from, to);
  const rows = await db
    .update(elips)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(elips.id, id), inArray(elips.status, allowed)))
    .returning({ id: elips.id });
  return rows.length > 0;
}

export async function deleteElip(db: Db, id: string, statuses: readonly ElipStatus[]): Promise<boolean> {
  const rows = await db
    .delete(elips)
    .where(and(eq(elips.id, id), inArray(elips.status, [...statuses])))
    .returning({ id: elips.id });
  return rows.length > 0;
}

export interface ElipListFilter {
  status?: ElipStatus;
  type?: string;
  q?: string;
  from?: string;
  to?: string;
  sort: 'createdAt' | 'updatedAt';
  /** null: every status (the secretariat); otherwise the public statuses plus the viewer's own ELIPs. */
  visible: { publicStatuses: readonly ElipStatus[]; authorId: string | null } | null;
  limit: number;
  offset: number;
}

/** One page of ELIPs with the total (limit 0: every row, for the CSV export). */
export async function listElips(
  db: Db,
  f: ElipListFilter,
): Promise<{ rows: ElipWithAuthor[]; total: number }> {
  const where: SQL[] = [];
  if (f.visible) {
    const pub = inArray(elips.status, [...f.visible.publicStatuses]);
    where.push(f.visible.authorId ? or(pub, eq(elips.authorId, f.visible.authorId))! : pub);
  }
  if (f.status) where.push(eq(elips.status, f.status));
  if (f.type) where.push(eq(elips.type, f.type));
  if (f.from) where.push(gte(elips.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) where.push(lt(elips.createdAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)));
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    const num = /^#?\d{1,9}$/.test(f.q) ? Number(f.q.replace('#', '')) : null;
    where.push(
      or(
        sql`lower(${elips.title}) like ${like}`,
        sql`lower(${elips.abstract}) like ${like}`,
        sql`lower(${users.username}) like ${like}`,
        ...(num !== null ? [eq(elips.number, num)] : []),
      )!,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const order = f.sort === 'updatedAt' ? desc(elips.updatedAt) : desc(elips.createdAt);
  const q = db
    .select({ elip: elips, author: person })
    .from(elips)
    .innerJoin(users, eq(users.id, elips.authorId))
    .where(cond)
    .orderBy(order, desc(elips.number));
  const rows = f.limit > 0 ? await q.limit(f.limit).offset(f.offset) : await q;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elips)
    .innerJoin(users, eq(users.id, elips.authorId))
    .where(cond);
  return { rows, total: count?.n ?? 0 };
}

export async function insertReview(db: Db, values: typeof elipReviews.$inferInsert): Promise<ElipReviewRow> {
  const [row] = await db.insert(elipReviews).values(values).returning();
  return row!;
}

export async function reviewsOf(db: Db, elipId: string) {
  return db
    .select({ review: elipReviews, reviewer: person })
    .from(elipReviews)
    .innerJoin(users, eq(users.id, elipReviews.reviewerId))
    .where(eq(elipReviews.elipId, elipId))
    .orderBy(asc(elipReviews.createdAt));
}

export async function votesOf(db: Db, elipId: string) {
  return db
    .select({ vote: elipVotes, voter: person })
    .from(elipVotes)
    .leftJoin(users, eq(users.id, elipVotes.voterId))
    .where(eq(elipVotes.elipId, elipId))
    .orderBy(asc(elipVotes.createdAt));
}

/** Stores a member's signed vote, replacing the member's earlier one on this ELIP. */
export async function upsertVote(db: Db, values: typeof elipVotes.$inferInsert): Promise<ElipVoteRow> {
  const [row] = await db
    .insert(elipVotes)
    .values(values)
    .onConflictDoUpdate({
      target: [elipVotes.elipId, elipVotes.voterDid],
      set: {
        value: values.value,
        reason: values.reason,
        statement: values.statement,
        signature: values.signature,
        voterId: values.voterId,
        term: values.term,
        createdAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** The proposal made from an ELIP (draft or published) with the council member who made it, if any. */
export async function proposalOfElip(db: Db, elipId: string) {
  const [row] = await db
    .select({
      id: proposals.id,
      number: proposals.number,
      status: proposals.status,
      title: proposals.title,
      proposer: person,
    })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.proposerId))
    .where(eq(proposals.elipId, elipId))
    .limit(1);
  return row;
}

/** The ELIP a proposal was made from (number and title), for the proposal page's link back. */
export async function elipRefById(db: Db, id: string) {
  const [row] = await db
    .select({ number: elips.number, title: elips.title })
    .from(elips)
    .where(eq(elips.id, id))
    .limit(1);
  return row;
}
