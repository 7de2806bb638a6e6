import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { personColumns, type PersonRow } from '@cr/core/db/person-columns';
import { taskCandidates, teamMembers, teamPosts, teams, users, type TeamRow } from '@cr/core/db/schema';
import type { TeamMemberStatus, TeamRole } from '@cr/contract/team.contract';
import { escapeLike } from '@cr/core/db/text-search';
import { TEAM_MEMBER_TRANSITIONS } from './team-rules';

const person = personColumns;
export type { PersonRow };

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} m where m.team_id = ${teams.id} and m.status = 'NORMAL')`;

export const summaryColumns = { team: teams, owner: person, memberCount };
export interface TeamSummaryRow {
  team: TeamRow;
  owner: PersonRow;
  memberCount: number;
}

export async function insertTeam(db: Db, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function updateTeam(
  db: Db,
  id: string,
  values: Partial<typeof teams.$inferInsert>,
): Promise<void> {
  await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teams.id, id));
}

/** A team by id; `lock` holds its row until the transaction ends (owner changes, approvals). */
export async function findTeam(db: Db, id: string, lock = false): Promise<TeamRow | undefined> {
  const q = db.select().from(teams).where(eq(teams.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findTeamSummary(db: Db, id: string): Promise<TeamSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teams.id, id))
    .limit(1);
  return row;
}

/** Teams by id with owner and member count (for "my teams"), newest first. */
export async function teamSummariesByIds(db: Db, ids: string[]): Promise<TeamSummaryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(inArray(teams.id, ids))
    .orderBy(desc(teams.createdAt));
}

export type MembershipRow = typeof teamMembers.$inferSelect;

export async function findMembership(
  db: Db,
  teamId: string,
  userId: string,
  lock = false,
): Promise<MembershipRow | undefined> {
  const q = db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The caller's rows in these teams (for `myMembership` on a list). */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipRow[]> {
  return db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
}

export async function insertMember(
  db: Db,
  row: { teamId: string; userId: string; role: TeamRole; status: TeamMemberStatus; message?: string | null },
): Promise<void> {
  await db.insert(teamMembers).values(row);
}

/** Moves a member's status through TEAM_MEMBER_TRANSITIONS; false when the row was not in `from`. */
export async function moveMemberStatus(
  db: Db,
  teamId: string,
  userId: string,
  from: TeamMemberStatus,
  to: TeamMemberStatus,
  message?: string | null,
): Promise<boolean> {
  const allowed = TEAM_MEMBER_TRANSITIONS.check(from, to);
  const rows = await db
    .update(teamMembers)
    .set({ status: to, updatedAt: new Date(), ...(message !== undefined ? { message } : {}) })
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
        inArray(teamMembers.status, allowed),
      ),
    )
    .returning({ id: teamMembers.id });
  return rows.length === 1;
}

export async function setMemberRole(db: Db, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db
    .update(teamMembers)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** Deletes a non-owner's row (leave, remove); false when there was none. */
export async function deleteMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), ne(teamMembers.role, 'OWNER')))
    .returning({ id: teamMembers.id });
  return rows.length === 1;
}

export async function listMembers(db: Db, teamId: string) {
  return db
    .select({ member: teamMembers, user: person })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(sql`case when ${teamMembers.role} = 'OWNER' then 0 else 1 end`), asc(teamMembers.createdAt));
}

/**
 * Locks the person's users row (so two joins of one person run one after the other) and counts the CRcles they
 * are in or applied to as MEMBER. The trigger team_members_crcle_limit checks the same in the database.
 */
export async function lockAndCountCrcles(db: Db, userId: string): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.userId, userId),
        eq(teams.type, 'CRCLE'),
        eq(teamMembers.role, 'MEMBER'),
        inArray(teamMembers.status, ['NORMAL', 'PENDING']),
      ),
    );
  return row?.n ?? 0;
}

export async function insertPost(db: Db, row: { teamId: string; authorId: string; content: string }) {
  const [inserted] = await db.insert(teamPosts).values(row).returning();
  return inserted!;
}

export async function listPosts(db: Db, teamId: string, limit: number) {
  return db
    .select({ post: teamPosts, author: person })
    .from(teamPosts)
    .innerJoin(users, eq(users.id, teamPosts.authorId))
    .where(eq(teamPosts.teamId, teamId))
    .orderBy(desc(teamPosts.createdAt), desc(teamPosts.id))
    .limit(limit);
}

/** Active members by skill, profession, country and name; newest first, with the total. */
export async function searchDirectory(
  db: Db,
  f: { q?: string; skillset?: string; profession?: string; country?: string; limit: number; offset: number },
) {
  const where: SQL[] = [eq(users.active, true)];
  if (f.skillset) where.push(sql`${users.profile}->'skillsets' @> ${JSON.stringify([f.skillset])}::jsonb`);
  if (f.profession) where.push(sql`${users.profile}->>'profession' = ${f.profession}`);
  if (f.country) where.push(eq(users.country, f.country));
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    where.push(sql`${users.searchName} like ${like}`);
  }
  const cond = and(...where);
  const rows = await db
    .select({
      ...person,
      country: users.country,
      profession: sql<string | null>`${users.profile}->>'profession'`,
      skillsets: sql<unknown>`${users.profile}->'skillsets'`,
    })
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(f.limit)
    .offset(f.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(cond);
  return { rows, total: count?.n ?? 0 };
}

/** The CRcles a person belongs to (status NORMAL, owner included): `circles` of the current user. */
export async function crclesOf(db: Db, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teams.type, 'CRCLE'), eq(teamMembers.status, 'NORMAL')))
    .orderBy(asc(teams.name));
}

/** How many task applications the team holds (they would vanish with it). */
export async function countTaskCandidacies(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskCandidates)
    .where(eq(taskCandidates.teamId, teamId));
  return row?.n ?? 0;
}

/** Removes a team; its members and posts go with it (foreign keys cascade). */
export async function deleteTeam(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  return rows.length > 0;
}
