import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import {
  EDITABLE_STATUSES,
  OPEN_STATUSES,
  TASK_PAGE_SIZE,
  type MyTasks,
  type TaskAction,
  type TaskDetail,
  type TaskEditValues,
  type TaskList,
  type TaskValues,
} from '@cr/contract/task.contract';
import type { z } from 'zod';
import type { taskListQuerySchema } from '@cr/contract/task.contract';
import type { TaskRow } from '@cr/core/db/schema';
import type { AuthUser } from '../session';
import { ownsUploads } from '../upload';
import { isAdmin, isCouncil, ownedTask, readableTask } from './task-access';
import { taskError } from './task-errors';
import { commentsClosed, hasMoney } from './task-rules';
import { toCandidate, toPerson, toTaskSummary, amountText } from './task-view';
import * as repo from './task.repo';
import { listTasks as listTaskPage } from './task-list.repo';

type ListQuery = z.output<typeof taskListQuerySchema>;

const toDate = (v: string | null) => (v ? new Date(v) : null);

/** Columns from the form; uploads must be the member's own (or already on the task), a circle must be a CRcle. */
async function columns(db: Db, user: AuthUser, v: TaskEditValues, kept: string[] = []) {
  const files = [...v.attachments, ...(v.thumbnail ? [v.thumbnail] : [])].filter((u) => !kept.includes(u));
  if (!(await ownsUploads(db, files, user.id))) throw taskError(400, 'task.picture_invalid', 'attachments');
  if (v.circleId) {
    const circle = await repo.findTeamBrief(db, v.circleId);
    if (!circle || circle.type !== 'CRCLE') throw taskError(400, 'task.circle_not_found', 'circleId');
  }
  return {
    ...v,
    applicationDeadline: toDate(v.applicationDeadline),
    completionDeadline: toDate(v.completionDeadline),
    eventStart: toDate(v.eventStart),
    eventEnd: toDate(v.eventEnd),
  };
}

/**
 * Any member creates a task, project or event. With money (budget, reward or bids) a member's task waits for an
 * admin (PENDING); an admin's is APPROVED at once; without money it needs no approval and stays CREATED.
 */
export async function createTask(tx: Db, user: AuthUser, input: TaskValues): Promise<CommandOutcome<string>> {
  const { confirmRules: _confirmed, ...values } = input;
  const cols = await columns(tx, user, values);
  const status = !hasMoney(values) ? 'CREATED' : isAdmin(user) ? 'APPROVED' : 'PENDING';
  const task = await repo.insertTask(tx, {
    ...cols,
    status,
    ownerId: user.id,
    approvedBy: status === 'APPROVED' ? user.id : null,
  });
  return { result: task.id };
}

/** The owner (or an admin) edits before anyone is assigned; the type stays. A member's edit adding money
 * to an open task sends it back for approval. */
export async function editTask(
  tx: Db,
  user: AuthUser,
  id: string,
  input: TaskEditValues,
): Promise<CommandOutcome<string>> {
  const task = await ownedTask(tx, user, id, true);
  if (!EDITABLE_STATUSES.includes(task.status as never)) throw taskError(409, 'task.not_editable');
  const cols = await columns(tx, user, { ...input, type: task.type as never }, [
    ...task.attachments,
    ...(task.thumbnail ? [task.thumbnail] : []),
  ]);
  const needsApproval = task.status === 'CREATED' && hasMoney(input) && !isAdmin(user);
  await repo.updateTask(tx, id, {
    ...cols,
    status: needsApproval
      ? 'PENDING'
      : task.status === 'CREATED' && hasMoney(input)
        ? 'APPROVED'
        : task.status,
  });
  return { result: id };
}

/** What the viewer may do on this task (the routes check each again). */
function allowedActions(task: TaskRow, viewer: AuthUser | null): TaskAction[] {
  if (!viewer) return [];
  const s = task.status;
  const owner = viewer.id === task.ownerId;
  const admin = isAdmin(viewer);
  const out: TaskAction[] = [];
  if (admin && s === 'PENDING') out.push('approve');
  if (owner && s === 'ASSIGNED') out.push('complete');
  if (isCouncil(viewer) && s === 'SUBMITTED' && !task.signedOffBy) out.push('signoff');
  if (admin && s === 'SUBMITTED' && task.signedOffBy) out.push('success');
  if (admin && s === 'SUCCESS' && hasMoney(task)) out.push('distribute');
  if (admin && ['CREATED', 'PENDING', 'APPROVED'].includes(s)) out.push('expire');
  if (
    (owner && ['CREATED', 'PENDING', 'APPROVED', 'ASSIGNED'].includes(s)) ||
    (admin && ['CREATED', 'PENDING', 'APPROVED', 'ASSIGNED', 'SUBMITTED'].includes(s))
  )
    out.push('cancel');
  return out;
}

export async function getTask(deps: AppDeps, viewer: AuthUser | null, id: string): Promise<TaskDetail> {
  const db = deps.database.db;
  await readableTask(db, viewer, id);
  const row = await repo.findTaskSummary(db, id);
  if (!row) throw taskError(404, 'task.not_found');
  const task = row.task;
  const manager = !!viewer && (viewer.id === task.ownerId || isAdmin(viewer));
  const all = await repo.listCandidates(db, id);
  const mineRow = viewer ? all.find((c) => c.candidate.userId === viewer.id) : undefined;
  const circle = task.circleId ? await repo.findTeamBrief(db, task.circleId) : undefined;
  const signer = task.signedOffBy ? await repo.findPerson(db, task.signedOffBy) : undefined;
  const open =
    OPEN_STATUSES.includes(task.status as never) &&
    row.approvedCount < task.candidateLimit &&
    (!task.applicationDeadline || task.applicationDeadline > new Date());
  return {
    ...toTaskSummary(row),
    goals: task.goals,
    infoLink: task.infoLink,
    budgetBreakdown: task.budgetBreakdown,
    referenceBid: amountText(task.referenceBid),
    attachments: task.attachments,
    circle: circle ? { _id: circle.id, name: circle.name } : null,
    domain: task.domain,
    recruiting: task.recruiting,
    problem: task.problem,
    valueProposition: task.valueProposition,
    useCase: task.useCase,
    beneficiaries: task.beneficiaries,
    infrastructure: task.infrastructure,
    signedOffBy: signer ? toPerson(signer) : null,
    paymentNote: manager ? task.paymentNote : null,
    candidates: all
      .filter((c) => manager || c.candidate.status === 'APPROVED')
      .map((c) => toCandidate(c, manager || c.candidate.userId === viewer?.id)),
    myCandidate: mineRow ? toCandidate(mineRow, true) : null,
    commentsClosed: commentsClosed(task),
    comments: (await repo.listComments(db, id)).map((c) => ({
      _id: c.comment.id,
      author: toPerson(c.author),
      content: c.comment.content,
      createdAt: c.comment.createdAt.toISOString(),
    })),
    can: {
      edit: manager && EDITABLE_STATUSES.includes(task.status as never),
      apply: !!viewer && viewer.id !== task.ownerId && !mineRow && open,
      decide: manager && OPEN_STATUSES.includes(task.status as never),
      actions: allowedActions(task, viewer),
    },
  };
}

/** Public tasks (or, for admins, every task), newest first; without a type every type but PROJECT. */
export async function listTasks(deps: AppDeps, query: ListQuery, admin = false): Promise<TaskList> {
  const { rows, total } = await listTaskPage(deps.database.db, {
    type: query.type,
    notType: query.type ? undefined : 'PROJECT',
    category: query.category,
    status: query.status,
    q: query.q || undefined,
    publicOnly: !admin,
    limit: TASK_PAGE_SIZE,
    offset: (query.page - 1) * TASK_PAGE_SIZE,
  });
  return { list: rows.map(toTaskSummary), total, page: query.page, pageSize: TASK_PAGE_SIZE };
}

/** Admin list: all types unless one is asked for (projects included). */
export async function adminListTasks(deps: AppDeps, query: ListQuery): Promise<TaskList> {
  const { rows, total } = await listTaskPage(deps.database.db, {
    type: query.type,
    category: query.category,
    status: query.status,
    q: query.q || undefined,
    publicOnly: false,
    limit: TASK_PAGE_SIZE,
    offset: (query.page - 1) * TASK_PAGE_SIZE,
  });
  return { list: rows.map(toTaskSummary), total, page: query.page, pageSize: TASK_PAGE_SIZE };
}

/** "My tasks" / "my projects": what I created, and what I applied to (with my application's status). */
export async function myTasks(deps: AppDeps, user: AuthUser, projects: boolean): Promise<MyTasks> {
  const db = deps.database.db;
  const created = await repo.tasksOwnedBy(db, user.id, projects);
  const applied = await repo.tasksAppliedBy(db, user.id, projects);
  return {
    created: created.map(toTaskSummary),
    applied: applied.map((r) => ({ ...toTaskSummary(r), myStatus: r.myStatus as 'PENDING' })),
  };
}
