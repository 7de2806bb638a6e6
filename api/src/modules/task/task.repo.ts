import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { personColumns, type PersonRow } from '@cr/core/db/person-columns';
import { taskCandidates, taskComments, tasks, teams, users, type TaskRow } from '@cr/core/db/schema';
import type { CandidateStatus, TaskStatus } from '@cr/contract/task.contract';
import { CANDIDATE_TRANSITIONS, TASK_TRANSITIONS } from './task-rules';

const person = personColumns;
export type { PersonRow };

const approvedCount = sql<number>`(select count(*)::int from ${taskCandidates} c where c.task_id = ${tasks.id} and c.status = 'APPROVED')`;
const candidateCount = sql<number>`(select count(*)::int from ${taskCandidates} c where c.task_id = ${tasks.id})`;
export const summaryColumns = { task: tasks, owner: person, approvedCount, candidateCount };
export interface TaskSummaryRow {
  task: TaskRow;
  owner: PersonRow;
  approvedCount: number;
  candidateCount: number;
}

export async function insertTask(db: Db, values: typeof tasks.$inferInsert): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

export async function updateTask(db: Db, id: string, values: Partial<typeof tasks.$inferInsert>) {
  await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tasks.id, id));
}

/** A task by id; `lock` holds its row until the transaction ends (approvals, status moves). */
export async function findTask(db: Db, id: string, lock = false): Promise<TaskRow | undefined> {
  const q = db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findTaskSummary(db: Db, id: string): Promise<TaskSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.ownerId))
    .where(eq(tasks.id, id))
    .limit(1);
  return row;
}

/** Moves the status through TASK_TRANSITIONS; false when the task was no longer in `from`. */
export async function moveTaskStatus(
  db: Db,
  id: string,
  from: TaskStatus,
  to: TaskStatus,
  extra: Partial<typeof tasks.$inferInsert> = {},
): Promise<boolean> {
  const allowed = TASK_TRANSITIONS.check(from, to);
  const rows = await db
    .update(tasks)
    .set({ ...extra, status: to, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), inArray(tasks.status, allowed)))
    .returning({ id: tasks.id });
  return rows.length === 1;
}

const projectCond = (projects: boolean) => (projects ? eq(tasks.type, 'PROJECT') : ne(tasks.type, 'PROJECT'));

export async function tasksOwnedBy(db: Db, userId: string, projects: boolean): Promise<TaskSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.ownerId))
    .where(and(eq(tasks.ownerId, userId), projectCond(projects)))
    .orderBy(desc(tasks.createdAt))
    .limit(200);
}

export async function tasksAppliedBy(db: Db, userId: string, projects: boolean) {
  return db
    .select({ ...summaryColumns, myStatus: taskCandidates.status })
    .from(taskCandidates)
    .innerJoin(tasks, eq(tasks.id, taskCandidates.taskId))
    .innerJoin(users, eq(users.id, tasks.ownerId))
    .where(and(eq(taskCandidates.userId, userId), projectCond(projects)))
    .orderBy(desc(taskCandidates.createdAt))
    .limit(200);
}

export type CandidateRow = typeof taskCandidates.$inferSelect;

export async function listCandidates(db: Db, taskId: string) {
  return db
    .select({ candidate: taskCandidates, user: person, team: { id: teams.id, name: teams.name } })
    .from(taskCandidates)
    .innerJoin(users, eq(users.id, taskCandidates.userId))
    .leftJoin(teams, eq(teams.id, taskCandidates.teamId))
    .where(eq(taskCandidates.taskId, taskId))
    .orderBy(asc(taskCandidates.createdAt));
}

export async function findCandidate(db: Db, taskId: string, where: { id?: string; userId?: string }) {
  const [row] = await db
    .select()
    .from(taskCandidates)
    .where(
      and(
        eq(taskCandidates.taskId, taskId),
        where.id ? eq(taskCandidates.id, where.id) : eq(taskCandidates.userId, where.userId!),
      ),
    )
    .limit(1);
  return row;
}

export async function isCandidate(db: Db, taskId: string, userId: string): Promise<boolean> {
  return !!(await findCandidate(db, taskId, { userId }));
}

export async function insertCandidate(db: Db, values: typeof taskCandidates.$inferInsert): Promise<void> {
  await db.insert(taskCandidates).values(values);
}

/** Counts the APPROVED candidates of a task (call with the task row locked). */
export async function countApproved(db: Db, taskId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskCandidates)
    .where(and(eq(taskCandidates.taskId, taskId), eq(taskCandidates.status, 'APPROVED')));
  return row?.n ?? 0;
}

export async function moveCandidateStatus(
  db: Db,
  id: string,
  from: CandidateStatus,
  to: CandidateStatus,
): Promise<boolean> {
  const allowed = CANDIDATE_TRANSITIONS.check(from, to);
  const rows = await db
    .update(taskCandidates)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(taskCandidates.id, id), inArray(taskCandidates.status, allowed)))
    .returning({ id: taskCandidates.id });
  return rows.length === 1;
}

export async function deleteCandidate(db: Db, id: string): Promise<void> {
  await db.delete(taskCandidates).where(eq(taskCandidates.id, id));
}

export async function insertComment(db: Db, row: { taskId: string; authorId: string; content: string }) {
  await db.insert(taskComments).values(row);
}

export async function listComments(db: Db, taskId: string) {
  return db
    .select({ comment: taskComments, author: person })
    .from(taskComments)
    .innerJoin(users, eq(users.id, taskComments.authorId))
    .where(eq(taskComments.taskId, taskId))
    .orderBy(asc(taskComments.createdAt))
    .limit(500);
}

export async function findPerson(db: Db, id: string): Promise<PersonRow | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findTeamBrief(db: Db, id: string) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, type: teams.type, ownerId: teams.ownerId })
    .from(teams)
    .where(eq(teams.id, id))
    .limit(1);
  return row;
}

/** Tasks the user may read though private: owned or applied to. */
export async function canReadPrivate(db: Db, taskId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .leftJoin(taskCandidates, and(eq(taskCandidates.taskId, tasks.id), eq(taskCandidates.userId, userId)))
    .where(and(eq(tasks.id, taskId), or(eq(tasks.ownerId, userId), eq(taskCandidates.userId, userId))))
    .limit(1);
  return !!row;
}
