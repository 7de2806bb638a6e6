import { Alert, Card } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { teamApi } from '../api/team-api';
import { TeamForm } from '../components/team-form';
import { teamPath } from '../components/team-card';
import '../teams.css';
import { useFeedback } from '../../../lib/use-feedback';

/** /teams/new: any member creates a team and becomes its owner. */
export function TeamCreatePage() {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('newTeam')}
        breadcrumbs={[
          { title: t('developer'), to: paths.developer() },
          { title: t('teams'), to: paths.developerTeams() },
          { title: t('newTeam') },
        ]}
      />
      <Card className="cr-card cr-team-form-card">
        <TeamForm
          type="TEAM"
          submitText={t('form.create')}
          onCancel={() => void navigate(paths.developerTeams())}
          onSubmit={async (values) => {
            const team = await teamApi.create({ ...values, type: 'TEAM' });
            void message.success(t('form.created'));
            void navigate(teamPath(team));
          }}
        />
      </Card>
    </>
  );
}

/** /teams/:id/edit: the owner edits (the server refuses anyone else). */
export function TeamEditPage() {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data: team, loading, error } = useLoad((signal) => teamApi.get(id, signal), id);
  if (loading) return <PageLoading shape="detail" />;
  if (error || !team) return <Alert type="error" showIcon title={errorText(t, error)} />;
  if (team.myMembership?.role !== 'OWNER')
    return <Alert type="error" showIcon title={t('messages.team.not_owner')} />;
  return (
    <>
      <PageHeader
        title={t('editTeam')}
        breadcrumbs={[
          {
            title: team.type === 'CRCLE' ? t('crcles') : t('teams'),
            to: team.type === 'CRCLE' ? paths.crcles() : paths.developerTeams(),
          },
          { title: team.name, to: teamPath(team) },
          { title: t('editTeam') },
        ]}
      />
      <Card className="cr-card cr-team-form-card">
        <TeamForm
          type={team.type}
          initial={{
            name: team.name,
            description: team.description,
            subcategory: team.subcategory,
            tags: team.tags,
            recruiting: team.recruiting as never,
            pictures: team.pictures,
          }}
          submitText={t('form.save')}
          onCancel={() => void navigate(teamPath(team))}
          onSubmit={async (values) => {
            await teamApi.edit(team._id, values);
            void message.success(t('form.saved'));
            void navigate(teamPath(team));
          }}
        />
      </Card>
    </>
  );
}
