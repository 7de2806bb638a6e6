import { personName } from '@cr/contract/person-name';
import type {
  Community,
  CommunityPerson,
  CommunityRole,
  CommunityType,
} from '@cr/contract/community.contract';
import type { CommunityListRow, MemberRow, PersonRow } from './community.repo';

export const toPerson = (p: PersonRow): CommunityPerson => ({
  _id: p.id,
  username: p.username,
  name: personName(p),
  avatar: p.avatar || null,
});

/** A community as the api answers it; `organizers` are this community's ORGANIZER rows. */
export function toCommunity(
  row: CommunityListRow,
  extra: {
    organizers: MemberRow[];
    leader: PersonRow | undefined;
    myRole: CommunityRole | undefined;
    canManage: boolean;
  },
): Community {
  const c = row.community;
  return {
    _id: c.id,
    type: c.type as CommunityType,
    name: c.name,
    country: c.country,
    parentId: c.parentId,
    leader: extra.leader ? toPerson(extra.leader) : null,
    organizers: extra.organizers.filter((m) => m.communityId === c.id).map((m) => toPerson(m.user)),
    memberCount: row.memberCount,
    myRole: extra.myRole ?? null,
    canManage: extra.canManage,
    createdAt: c.createdAt.toISOString(),
  };
}
