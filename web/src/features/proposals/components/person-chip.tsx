import { Link } from 'react-router-dom';
import type { CouncilMemberRef } from '@cr/contract/proposal.contract';
import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import { authorName } from '../model/people';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';

/** Avatar and name of a site member, linking to their public page. */
export function PersonChip({ person, size = 20 }: { person: PublicAuthor; size?: number }) {
  return (
    <span className="pr-person">
      <MemberAvatar size={size} src={person.avatar} />
      <Link to={paths.member(person._id)}>{authorName(person)}</Link>
    </span>
  );
}

/** Avatar and name of a council member, linking to their council page (by DID when no account exists). */
export function CouncilChip({ member, size = 20 }: { member: CouncilMemberRef; size?: number }) {
  return (
    <span className="pr-person">
      <MemberAvatar size={size} src={member.avatar} />
      <Link to={paths.councilMember(member.userId ?? member.did)}>{member.name}</Link>
    </span>
  );
}
