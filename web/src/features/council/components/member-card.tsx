import { Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CouncilMemberRef } from '@cr/contract/proposal.contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';

/** did:elastos:iXyz…abcd, copyable in full. */
export function DidText({ did }: { did: string }) {
  const short = did.length > 26 ? `${did.slice(0, 16)}…${did.slice(-4)}` : did;
  return (
    <Typography.Text className="cs-did" copyable={{ text: did }} title={did}>
      {short}
    </Typography.Text>
  );
}

export interface MemberCardProps {
  member: CouncilMemberRef;
  /** Where the card links (a council member's page by default). */
  to?: string;
  role?: string;
  /** Extra lines under the name (vote counts, bio). */
  children?: React.ReactNode;
  removed?: boolean;
}

/** A person of the council or secretariat: avatar (initials when none), name, role, DID, details. */
export function MemberCard({ member, to, role, children, removed }: MemberCardProps) {
  const { t } = useTranslation('council');
  const href = to ?? paths.councilMember(member.userId ?? member.did);
  return (
    <article className="cs-card" data-testid="council-member" data-did={member.did}>
      <MemberAvatar className="cs-card__avatar" size={72} src={member.avatar} />
      <div className="cs-card__body">
        <h3 className="cs-card__name">
          <Link to={href}>{member.name}</Link>
        </h3>
        {role && <p className="cs-card__role">{role}</p>}
        {removed && <Tag color="default">{t('members.removed')}</Tag>}
        <DidText did={member.did} />
        {children}
      </div>
    </article>
  );
}
