import { Alert, Button, Card, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TeamSummary } from '@cr/contract/team.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { teamApi } from '../api/team-api';
import { TeamCard } from '../components/team-card';
import '../teams.css';

function Section({ title, list, testId }: { title: string; list: TeamSummary[]; testId: string }) {
  const { t } = useTranslation('teams');
  return (
    <Card className="cr-card" title={title} data-testid={testId}>
      {list.length === 0 ? (
        <EmptyState description={t('mine.empty')} />
      ) : (
        <div className="cr-team-grid">
          {list.map((team) => (
            <TeamCard key={team._id} team={team} />
          ))}
        </div>
      )}
    </Card>
  );
}

/** /profile/teams: the teams and CRcles I own, belong to and applied to. */
export function MyTeamsPage() {
  const { t } = useTranslation('teams');
  const { data, loading, error, reload } = useLoad((signal) => teamApi.mine(signal), 'mine');
  return (
    <>
      <PageHeader
        title={t('mine.title')}
        breadcrumbs={[
          { title: t('translation:profile.nav'), to: paths.profileInfo() },
          { title: t('mine.title') },
        ]}
        extra={<Link to={paths.developerTeams()}>{t('mine.browse')}</Link>}
      />
      <>
        {loading ? (
          <PageLoading shape="list" />
        ) : error || !data ? (
          <Alert
            type="error"
            showIcon
            title={errorText(t, error)}
            action={<Button onClick={reload}>{t('retry')}</Button>}
          />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Section title={t('mine.owned')} list={data.owned} testId="my-teams-owned" />
            <Section title={t('mine.belongs')} list={data.belongs} testId="my-teams-belongs" />
            <Section title={t('mine.applied')} list={data.applied} testId="my-teams-applied" />
          </Space>
        )}
      </>
    </>
  );
}
