import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { personColumns, type PersonRow } from '@cr/core/db/person-columns';
import { communities, communityMembers, users, type CommunityRow } from '@cr/core/db/schema';
import type { CommunityRole } from '@cr/contract/community.contract';

const person = personColumns;
export type { PersonRow };
export interface MemberRow {
  communityId: string;
  role: string;
  createdAt: Date;
  user: PersonRow;
}

const memberCount = sql<number>`(select count(*)::int from ${communityMembers} m where m.community_id = ${communities.id})`;
export interface CommunityListRow {
  community: CommunityRow;
  memberCount: number;
}

/** Every community of a country (its whole tree), oldest first. */
export async function listByCountry(db: Db, country: string): Promise<CommunityListRow[]> {
  return db
    .select({ community: communities, memberCount })
    .from(communities)
    .where(eq(communities.country, country))
    .orderBy(asc(communities.createdAt));
}

export async function listByIds(db: Db, ids: string[]): Promise<CommunityListRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ community: communities, memberCount })
    .from(communities)
    .where(inArray(communities.id, ids))
    .orderBy(asc(communities.country), asc(communities.createdAt));
}

export async function countries(db: Db): Promise<{ country: string; communities: number }[]> {
  return db
    .select({ country: communities.country, communities: sql<number>`count(*)::int` })
    .from(communities)
    .groupBy(communities.country)
    .orderBy(asc(communities.country));
}

export async function findCommunity(db: Db, id: string, lock = false): Promise<CommunityRow | undefined> {
  const q = db.select().from(communities).where(eq(communities.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The community and its ancestors, nearest first (a tree is a few levels deep). */
export async function lineage(db: Db, id: string): Promise<CommunityRow[]> {
  const out: CommunityRow[] = [];
  let next: string | null = id;
  while (next && out.length < 20) {
    const row = await findCommunity(db, next);
    if (!row) break;
    out.push(row);
    next = row.parentId;
  }
  return out;
}

export async function insertCommunity(
  db: Db,
  values: typeof communities.$inferInsert,
): Promise<CommunityRow> {
  const [row] = await db.insert(communities).values(values).returning();
  return row!;
}

export async function updateCommunity(
  db: Db,
  id: string,
  values: Partial<typeof communities.$inferInsert>,
): Promise<void> {
  await db
    .update(communities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(communities.id, id));
}

export async function deleteCommunity(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(communities).where(eq(communities.id, id)).returning({ id: communities.id });
  return rows.length > 0;
}

export async function hasChildren(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.parentId, id))
    .limit(1);
  return !!row;
}

/** Members of the given communities with their public person fields (organizers first). */
export async function membersOf(db: Db, ids: string[], role?: CommunityRole): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  const where = [inArray(communityMembers.communityId, ids)];
  if (role) where.push(eq(communityMembers.role, role));
  return db
    .select({
      communityId: communityMembers.communityId,
      role: communityMembers.role,
      createdAt: communityMembers.createdAt,
      user: person,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(and(...where))
    .orderBy(sql`${communityMembers.role} = 'ORGANIZER' desc`, asc(communityMembers.createdAt))
    .limit(2000);
}

export async function peopleByIds(db: Db, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db.select(person).from(users).where(inArray(users.id, ids));
}

export async function userExists(db: Db, id: string): Promise<{ id: string; role: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The caller's rows in all communities (the role per community id). */
export async function rolesOf(db: Db, userId: string): Promise<Map<string, CommunityRole>> {
  const rows = await db
    .select({ communityId: communityMembers.communityId, role: communityMembers.role })
    .from(communityMembers)
    .where(eq(communityMembers.userId, userId));
  return new Map(rows.map((r) => [r.communityId, r.role as CommunityRole]));
}

/** Joins as MEMBER; false when a row already exists. */
export async function insertMember(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(communityMembers)
    .values({ communityId, userId, role: 'MEMBER' })
    .onConflictDoNothing()
    .returning({ id: communityMembers.userId });
  return rows.length > 0;
}

/** Makes the person an ORGANIZER here (joining if needed); false when they already were one. */
export async function upsertOrganizer(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(communityMembers)
    .values({ communityId, userId, role: 'ORGANIZER' })
    .onConflictDoUpdate({
      target: [communityMembers.communityId, communityMembers.userId],
      set: { role: 'ORGANIZER' },
      setWhere: sql`${communityMembers.role} <> 'ORGANIZER'`,
    })
    .returning({ id: communityMembers.userId });
  return rows.length > 0;
}

/** An organizer goes back to MEMBER; false when they were not an organizer. */
export async function demoteOrganizer(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(communityMembers)
    .set({ role: 'MEMBER' })
    .where(
      and(
        eq(communityMembers.communityId, communityId),
        eq(communityMembers.userId, userId),
        eq(communityMembers.role, 'ORGANIZER'),
      ),
    )
    .returning({ id: communityMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning({ id: communityMembers.userId });
  return rows.length > 0;
}

/** A MEMBER becomes LEADER (shown as organizer, spec §6); higher roles are kept. */
export async function raiseToLeader(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ role: 'LEADER' })
    .where(and(eq(users.id, userId), eq(users.role, 'MEMBER')));
}
