import { personName } from '@cr/contract/person-name';
import type { Membership, TeamMember, TeamPerson, TeamSummary } from '@cr/contract/team.contract';
import type { TeamMemberStatus, TeamRole } from '@cr/contract/team.contract';
import type { MembershipRow, PersonRow, TeamSummaryRow } from './team.repo';

export const toPerson = (p: PersonRow): TeamPerson => ({
  _id: p.id,
  username: p.username,
  name: personName(p),
  avatar: p.avatar || null,
});

export const toMembership = (m: MembershipRow | undefined): Membership | null =>
  m ? { role: m.role as TeamRole, status: m.status as TeamMemberStatus } : null;

export function toSummary(row: TeamSummaryRow, mine: MembershipRow | undefined): TeamSummary {
  const t = row.team;
  return {
    _id: t.id,
    type: t.type as TeamSummary['type'],
    subcategory: (t.subcategory ?? null) as TeamSummary['subcategory'],
    name: t.name,
    description: t.description,
    tags: t.tags,
    recruiting: t.recruiting,
    pictures: t.pictures,
    owner: toPerson(row.owner),
    memberCount: row.memberCount,
    createdAt: t.createdAt.toISOString(),
    myMembership: toMembership(mine),
  };
}

export function toMember(row: { member: MembershipRow; user: PersonRow }): TeamMember {
  return {
    user: toPerson(row.user),
    role: row.member.role as TeamRole,
    status: row.member.status as TeamMemberStatus,
    message: row.member.message,
    createdAt: row.member.createdAt.toISOString(),
  };
}
