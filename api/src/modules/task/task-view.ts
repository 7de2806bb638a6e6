import { personName } from '@cr/contract/person-name';
import type { TaskCandidate, TaskSummary } from '@cr/contract/task.contract';
import type { TeamPerson } from '@cr/contract/team.contract';
import type { PersonRow, TaskSummaryRow } from './task.repo';
import type * as repo from './task.repo';

export const toPerson = (p: PersonRow): TeamPerson => ({
  _id: p.id,
  username: p.username,
  name: personName(p),
  avatar: p.avatar || null,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** "12.50000000" → "12.5" */
export const amountText = (v: string | null) => (v === null ? null : String(Number(v)));

export function toTaskSummary(row: TaskSummaryRow): TaskSummary {
  const t = row.task;
  return {
    _id: t.id,
    name: t.name,
    category: t.category as TaskSummary['category'],
    type: t.type as TaskSummary['type'],
    status: t.status as TaskSummary['status'],
    description: t.description,
    location: t.location,
    applicationDeadline: iso(t.applicationDeadline),
    completionDeadline: iso(t.completionDeadline),
    eventStart: iso(t.eventStart),
    eventEnd: iso(t.eventEnd),
    eventDateType: t.eventDateType as TaskSummary['eventDateType'],
    currency: t.currency as TaskSummary['currency'],
    budget: amountText(t.budget),
    reward: amountText(t.reward),
    bidding: t.bidding,
    thumbnail: t.thumbnail,
    candidateLimit: t.candidateLimit,
    approvedCount: row.approvedCount,
    candidateCount: row.candidateCount,
    isPrivate: t.isPrivate,
    owner: toPerson(row.owner),
    createdAt: t.createdAt.toISOString(),
  };
}

type CandidateJoin = Awaited<ReturnType<typeof repo.listCandidates>>[number];
export function toCandidate(row: CandidateJoin, showBid: boolean): TaskCandidate {
  const c = row.candidate;
  return {
    _id: c.id,
    type: c.type as TaskCandidate['type'],
    category: c.category === 'RSVP' ? 'RSVP' : null,
    status: c.status as TaskCandidate['status'],
    user: toPerson(row.user),
    team: row.team ? { _id: row.team.id, name: row.team.name } : null,
    bid: showBid ? amountText(c.bid) : null,
    message: c.message,
    createdAt: c.createdAt.toISOString(),
  };
}
