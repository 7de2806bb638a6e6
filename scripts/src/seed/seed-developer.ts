import { taskCandidates, tasks, teamMembers, teams } from '@cr/core/db/schema';
import type { Db } from '@cr/core/db/db-client';
import { SKILLSETS } from '@cr/contract/profile.contract';
import { EN_SUBJECTS, ZH_SUBJECTS, int, pick, type Rand } from './seed-text';

const BATCH = 500;
const SUBCATEGORIES = ['ESSENTIAL', 'ADVANCED', 'SERVICES', 'DEVELOPER'] as const;
const CATEGORIES = ['GENERAL', 'SOCIAL', 'DEVELOPER', 'LEADER', 'CR100'] as const;
const TYPES = ['TASK', 'TASK', 'TASK', 'SUB_TASK', 'PROJECT', 'EVENT'] as const;
// Most tasks are open or done; a few wait for approval, were canceled or expired.
const STATUSES = [
  'CREATED',
  'APPROVED',
  'APPROVED',
  'ASSIGNED',
  'SUBMITTED',
  'SUCCESS',
  'DISTRIBUTED',
  'PENDING',
  'CANCELED',
  'EXPIRED',
] as const;
// A team's tags are free words; what teams and tasks recruit is one of the profile's skills (the api refuses any other).
const TAGS = ['React', 'Solidity', 'Go', 'Design', 'Writing', 'Marketing', 'Video', 'Translation'];
const TEAM_WORDS = ['Builders', 'Labs', 'Guild', 'Collective', 'Studio', 'Works', '工作室', '社区', '实验室'];

type Member = { id: string };

function subject(r: Rand): string {
  return r() < 0.3 ? pick(r, ZH_SUBJECTS) : pick(r, EN_SUBJECTS);
}

/** Teams (a tenth of them CRcles) with their owners and a few members, in batches. */
export async function seedTeams(db: Db, r: Rand, members: Member[], count: number, log: (s: string) => void) {
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: n }, (_, i) => {
        const owner = pick(r, members);
        return {
          type: r() < 0.1 ? 'CRCLE' : 'TEAM',
          subcategory: pick(r, SUBCATEGORIES),
          name: `${subject(r)} ${pick(r, TEAM_WORDS)} ${start + i + 1}`,
          description: `We build ${subject(r).toLowerCase()} for the Elastos community, in the open.`,
          tags: [pick(r, TAGS)],
          recruiting: [...new Set([pick(r, SKILLSETS), pick(r, SKILLSETS)])],
          ownerId: owner.id,
          createdAt: new Date(Date.now() - int(r, 0, 700) * 86_400_000),
        };
      });
      const inserted = await tx
        .insert(teams)
        .values(rows)
        .returning({ id: teams.id, ownerId: teams.ownerId });
      const memberRows = inserted.flatMap((t) => [
        { teamId: t.id, userId: t.ownerId, role: 'OWNER' as const, status: 'NORMAL' as const },
        ...Array.from({ length: int(r, 0, 3) }, () => pick(r, members))
          .filter((m) => m.id !== t.ownerId)
          .map((m) => ({ teamId: t.id, userId: m.id, role: 'MEMBER' as const, status: 'NORMAL' as const })),
      ]);
      // A member is in at most 2 CRcles (the database refuses a third): CRcle members are only their owners here.
      const crcles = new Set(rows.flatMap((row, i) => (row.type === 'CRCLE' ? [inserted[i]!.id] : [])));
      await tx
        .insert(teamMembers)
        .values(memberRows.filter((m) => m.role === 'OWNER' || !crcles.has(m.teamId)))
        .onConflictDoNothing();
    });
  }
  log(`${count} teams and CRcles`);
}

/** Tasks, projects and events across every status, with a few applications each. */
export async function seedTasks(db: Db, r: Rand, members: Member[], count: number, log: (s: string) => void) {
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    await db.transaction(async (tx) => {
      const rows = Array.from({ length: n }, () => {
        const type = pick(r, TYPES);
        const bidding = type !== 'EVENT' && r() < 0.3;
        return {
          name: `${subject(r)}: ${pick(r, ['build', 'write', 'translate', 'design', 'organize', '推广', '开发'])}`,
          category: pick(r, CATEGORIES),
          type,
          status: pick(r, STATUSES),
          description: `Help with ${subject(r).toLowerCase()}. Deliverables and review as described.`,
          currency: r() < 0.5 ? 'ELA' : 'USD',
          reward: bidding ? null : String(int(r, 1, 500)),
          budget: r() < 0.4 ? String(int(r, 10, 5000)) : null,
          bidding,
          eventDateType: type === 'EVENT' ? pick(r, ['TENTATIVE', 'CONFIRMED'] as const) : 'NOT_APPLICABLE',
          candidateLimit: type === 'EVENT' ? int(r, 10, 100) : int(r, 1, 3),
          recruiting: [pick(r, SKILLSETS)],
          isPrivate: r() < 0.05,
          ownerId: pick(r, members).id,
          createdAt: new Date(Date.now() - int(r, 0, 700) * 86_400_000),
        };
      });
      const inserted = await tx
        .insert(tasks)
        .values(rows)
        .returning({ id: tasks.id, ownerId: tasks.ownerId });
      const applications = inserted.flatMap((t) =>
        [...new Set(Array.from({ length: int(r, 0, 3) }, () => pick(r, members).id))]
          .filter((id) => id !== t.ownerId)
          .map((userId) => ({ taskId: t.id, userId, type: 'USER' as const, status: 'PENDING' as const })),
      );
      if (applications.length) await tx.insert(taskCandidates).values(applications).onConflictDoNothing();
    });
  }
  log(`${count} tasks, projects and events`);
}
