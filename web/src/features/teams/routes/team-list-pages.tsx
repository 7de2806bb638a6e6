import { Alert, Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { useSiteSettingsStore } from '../../../lib/site-settings-store';
import { TeamListView } from '../components/team-list-view';
import '../teams.css';

/** /developer/teams: every team, with search, category filter and paging; members create one. */
export function DeveloperTeamsPage() {
  const { t } = useTranslation('teams');
  const { is_login } = useAuth();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('teams')}
        subtitle={t('teamsSubtitle')}
        breadcrumbs={[{ title: t('developer'), to: paths.developer() }, { title: t('teams') }]}
        extra={
          is_login && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.teamCreate())}>
              {t('newTeam')}
            </Button>
          )
        }
      />
      <Card className="cr-card">
        <TeamListView type="TEAM" />
      </Card>
    </>
  );
}

/** /crcles: CRcles are listed; while suspended the notice says so and applications are refused. */
export function CrclesPage() {
  const { t } = useTranslation('teams');
  const suspended = useSiteSettingsStore((s) => s.settings?.crclesSuspended ?? true);
  return (
    <>
      <PageHeader
        title={t('crcles')}
        subtitle={t('translation:areas.crclesSubtitle')}
        breadcrumbs={[{ title: t('crcles') }]}
      />
      {suspended && (
        <Alert
          type="warning"
          showIcon
          title={t('translation:notices.crcles')}
          style={{ marginBottom: 16 }}
          data-testid="notice-crcles"
        />
      )}
      <Card className="cr-card">
        <TeamListView type="CRCLE" />
      </Card>
    </>
  );
}
