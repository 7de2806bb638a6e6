import { useState } from 'react';
import { Alert, Button, Card, Col, Image, Row, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TeamDetail } from '@cr/contract/team.contract';
import { PageHeader, type Crumb } from '../../../components/page-header';
import { DetailLoadFailure } from '../../../components/detail-load-failure';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { teamApi } from '../api/team-api';
import { CrclePosts } from '../components/crcle-posts';
import { TeamJoin } from '../components/team-join';
import { TeamMembers } from '../components/team-members';
import '../../../components/profile-card/profile-card-i18n';
import '../teams.css';

function TeamView({ team, onChange }: { team: TeamDetail; onChange: (t: TeamDetail) => void }) {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const isCrcle = team.type === 'CRCLE';
  const isOwner = team.myMembership?.role === 'OWNER';
  const crumbs: Crumb[] = isCrcle
    ? [{ title: t('crcles'), to: paths.crcles() }, { title: team.name }]
    : [
        { title: t('developer'), to: paths.developer() },
        { title: t('teams'), to: paths.developerTeams() },
        { title: team.name },
      ];
  return (
    <>
      <PageHeader
        title={team.name}
        breadcrumbs={crumbs}
        subtitle={
          <Space wrap>
            {team.subcategory && <Tag color="blue">{t(`subcategories.${team.subcategory}`)}</Tag>}
            <span>
              {t('owner')}: {team.owner.name}
            </span>
            <span>{t('members', { count: team.memberCount })}</span>
          </Space>
        }
        extra={
          isOwner && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(paths.teamEdit(team._id))}>
              {t('actions.edit')}
            </Button>
          )
        }
      />
      {isCrcle && team.crclesSuspended && (
        <Alert type="warning" showIcon title={t('translation:notices.crcles')} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Card className="cr-card" data-testid="team-detail">
            <Typography.Paragraph className="cr-team-description">{team.description}</Typography.Paragraph>
            {team.pictures.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap>
                  {team.pictures.map((url) => (
                    <Image
                      key={url}
                      src={url}
                      width={120}
                      height={90}
                      style={{ objectFit: 'cover' }}
                      alt=""
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
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
            <div className="cr-team-card__row">
              <TeamJoin team={team} onChange={onChange} />
            </div>
          </Card>
          {isCrcle && <CrclePosts key={team.myMembership?.status ?? 'none'} team={team} />}
        </Col>
        <Col xs={24} lg={9}>
          <Card className="cr-card">
            <TeamMembers team={team} isOwner={isOwner} onChange={onChange} />
          </Card>
        </Col>
      </Row>
    </>
  );
}

/** /teams/:id and /crcles/:id: the team, its members, joining, and (CRcles) its posts. */
export function TeamDetailPage() {
  const { t } = useTranslation('teams');
  const { id = '' } = useParams();
  const { data, loading, error, reload } = useLoad((signal) => teamApi.get(id, signal), id);
  const [changed, setChanged] = useState<TeamDetail | null>(null);
  const team = changed && changed._id === id ? changed : data;
  if (loading && !team) return <PageLoading shape="detail" />;
  if (error || !team)
    return (
      <DetailLoadFailure
        error={error}
        reload={reload}
        notFoundTitle={t('notFound')}
        listLabel={t('teams')}
        listPath={paths.developerTeams()}
        errorTitle={errorText(t, error)}
        retryLabel={t('retry')}
      />
    );
  return <TeamView team={team} onChange={setChanged} />;
}

export const CrcleDetailPage = TeamDetailPage;
