import { and, count, desc, eq, inArray, isNull, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { communities, submissions, users, type SubmissionRow } from '@cr/core/db/schema';
import type { SubmissionStatus } from '@cr/contract/submission.contract';
import { SUBMISSION_TRANSITIONS } from './submission-rules';

export interface SubmissionWithAuthor {
  submission: SubmissionRow;
  author: { id: string; username: string; firstName: string | null; lastName: string | null };
  communityName: string | null;
}
const columns = {
  submission: submissions,
  author: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName },
  communityName: communities.name,
};

export async function insertSubmission(
  db: Db,
  values: typeof submissions.$inferInsert,
): Promise<SubmissionRow> {
  const [row] = await db.insert(submissions).values(values).returning();
  return row!;
}

export async function findSubmission(db: Db, id: string): Promise<SubmissionWithAuthor | undefined> {
  const [row] = await db
    .select(columns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.authorId))
    .leftJoin(communities, eq(communities.id, submissions.communityId))
    .where(eq(submissions.id, id))
    .limit(1);
  return row;
}

/** Issues have no campaign; forms have one. */
const kindWhere = (kind: 'issues' | 'forms') =>
  kind === 'issues' ? isNull(submissions.campaign) : isNotNull(submissions.campaign);

export async function listSubmissions(
  db: Db,
  f: {
    kind: 'issues' | 'forms';
    authorId?: string;
    status?: string;
    campaign?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: SubmissionWithAuthor[]; total: number }> {
  const where: SQL[] = [kindWhere(f.kind)];
  if (f.authorId) where.push(eq(submissions.authorId, f.authorId));
  if (f.status) where.push(eq(submissions.status, f.status));
  if (f.campaign) where.push(eq(submissions.campaign, f.campaign));
  const cond = and(...where);
  const rows = await db
    .select(columns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.authorId))
    .leftJoin(communities, eq(communities.id, submissions.communityId))
    .where(cond)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(submissions).where(cond);
  return { rows, total: total?.n ?? 0 };
}

/** Moves the status only from a status the table allows (a concurrent answer is refused, not overwritten). */
export async function decide(
  db: Db,
  id: string,
  from: SubmissionStatus[],
  to: SubmissionStatus,
  answer: string,
  decidedBy: string,
): Promise<boolean> {
  const allowed = from.filter((s) => SUBMISSION_TRANSITIONS.can(s, to));
  if (allowed.length === 0) return false;
  const rows = await db
    .update(submissions)
    .set({ status: to, answer, decidedBy, updatedAt: new Date() })
    .where(and(eq(submissions.id, id), inArray(submissions.status, allowed)))
    .returning({ id: submissions.id });
  return rows.length > 0;
}

/** Whether the pending organizer application of this person for this community exists (one at a time). */
export async function hasPendingOrganizerApplication(db: Db, authorId: string, communityId: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.authorId, authorId),
        eq(submissions.communityId, communityId),
        eq(submissions.campaign, 'COMMUNITY_ORGANIZER'),
        eq(submissions.status, 'PENDING'),
      ),
    )
    .limit(1);
  return !!row;
}

/** Locks the submission row for a decision. */
export async function lockSubmission(db: Db, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1).for('update');
  return row;
}
