import { Alert, Button, Card } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
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
  const list =
    team?.type === 'CRCLE'
      ? { title: t('crcles'), to: paths.crcles() }
      : { title: t('teams'), to: paths.developerTeams() };
  const refused =
    error || !team
      ? errorText(t, error)
      : team.myMembership?.role !== 'OWNER'
        ? t('messages.team.not_owner')
        : null;
  if (refused || !team)
    // The page keeps its heading and trail, says why, and leads back (to the team when there is one).
    return (
      <>
        <PageHeader
          title={t('editTeam')}
          breadcrumbs={[
            list,
            ...(team ? [{ title: team.name, to: teamPath(team) }] : []),
            { title: t('editTeam') },
          ]}
        />
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refused}
          action={
            <Link to={team ? teamPath(team) : list.to}>
              <Button>{team ? t('backToTeam') : t('backToList')}</Button>
            </Link>
          }
        />
      </>
    );
  return (
    <>
      <PageHeader
        title={t('editTeam')}
        breadcrumbs={[list, { title: team.name, to: teamPath(team) }, { title: t('editTeam') }]}
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
