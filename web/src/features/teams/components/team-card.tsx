import { Card, Space, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TeamSummary } from '@cr/contract/team.contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';
import '../../../components/profile-card/profile-card-i18n';

/** The link to a team's or CRcle's page. */
export const teamPath = (team: Pick<TeamSummary, '_id' | 'type'>) =>
  team.type === 'CRCLE' ? paths.crcle(team._id) : paths.team(team._id);

/** One team or CRcle in a list: picture, name, category, description, tags, recruiting skills, members. */
export function TeamCard({ team }: { team: TeamSummary }) {
  const { t } = useTranslation('teams');
  return (
    <Card className="cr-card cr-team-card" data-testid="team-card">
      <div className="cr-team-card__head">
        {team.pictures[0] ? (
          <img className="cr-team-card__picture" src={team.pictures[0]} alt="" />
        ) : (
          <div className="cr-team-card__picture cr-team-card__picture--none" aria-hidden="true">
            <TeamOutlined />
          </div>
        )}
        <div className="cr-team-card__title">
          <Typography.Title level={4}>
            <Link to={teamPath(team)}>{team.name}</Link>
          </Typography.Title>
          <Space size={[4, 4]} wrap>
            {team.subcategory && <Tag color="blue">{t(`subcategories.${team.subcategory}`)}</Tag>}
            {team.myMembership && (
              <Tag color={team.myMembership.status === 'NORMAL' ? 'green' : 'gold'}>
                {team.myMembership.role === 'OWNER'
                  ? t('roles.OWNER')
                  : t(`statuses.${team.myMembership.status}`)}
              </Tag>
            )}
          </Space>
        </div>
      </div>
      <Typography.Paragraph ellipsis={{ rows: 3 }} className="cr-team-card__description">
        {team.description}
      </Typography.Paragraph>
      {team.recruiting.length > 0 && (
        <div className="cr-team-card__row">
          <span className="cr-team-card__label">{t('recruiting')}</span>
          <Space size={[4, 4]} wrap>
            {team.recruiting.map((s) => (
              <Tag key={s}>{t(`profileCard:skillsets.${s}`, { defaultValue: s })}</Tag>
            ))}
          </Space>
        </div>
      )}
      {team.tags.length > 0 && (
        <Space size={[4, 4]} wrap className="cr-team-card__row">
          {team.tags.map((tag) => (
            <Tag key={tag} bordered={false}>
              #{tag}
            </Tag>
          ))}
        </Space>
      )}
      <div className="cr-team-card__foot">
        <span>
          <MemberAvatar src={team.owner.avatar} size={20} /> {team.owner.name}
        </span>
        <span>{t('members', { count: team.memberCount })}</span>
      </div>
    </Card>
  );
}
