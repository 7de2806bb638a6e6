import { Alert } from 'antd';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';
import type { Crumb } from '../../../components/page-header';

/** A developer-area page (projects, tasks, teams, CRcles) whose records come with a later feature. */
function AreaPage({
  titleKey,
  crumbs = [],
  withId = false,
  subtitleKey,
}: {
  titleKey: string;
  crumbs?: Crumb[];
  withId?: boolean;
  subtitleKey?: string;
}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const title = withId ? `${t(titleKey)} ${id}` : t(titleKey);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[...crumbs, { title }]}
      subtitle={subtitleKey ? t(subtitleKey) : undefined}
      emptyText={t('areas.empty')}
    />
  );
}

function useDevCrumb(): Crumb {
  const { t } = useTranslation();
  return { title: t('areas.developer'), to: '/developer' };
}

export const DeveloperLearnPage = () => (
  <AreaPage titleKey="areas.learn" crumbs={[useDevCrumb()]} subtitleKey="areas.learnSubtitle" />
);
export const DeveloperProjectsPage = () => <AreaPage titleKey="areas.projects" crumbs={[useDevCrumb()]} />;
export const DeveloperTasksPage = () => <AreaPage titleKey="areas.tasks" crumbs={[useDevCrumb()]} />;
export const DeveloperTeamsPage = () => <AreaPage titleKey="areas.teams" crumbs={[useDevCrumb()]} />;
export const MemberSearchPage = () => <AreaPage titleKey="areas.members" crumbs={[useDevCrumb()]} />;
export const TeamDetailPage = () => <AreaPage titleKey="areas.team" crumbs={[useDevCrumb()]} withId />;
export const TeamCreatePage = () => <AreaPage titleKey="areas.createTeam" crumbs={[useDevCrumb()]} />;
export const TeamEditPage = () => <AreaPage titleKey="areas.editTeam" crumbs={[useDevCrumb()]} />;
export const ProjectDetailPage = () => <AreaPage titleKey="areas.project" crumbs={[useDevCrumb()]} withId />;
export const ProjectCreatePage = () => <AreaPage titleKey="areas.createProject" crumbs={[useDevCrumb()]} />;
export const TaskDetailPage = () => <AreaPage titleKey="areas.task" crumbs={[useDevCrumb()]} withId />;
export const TaskCreatePage = () => <AreaPage titleKey="areas.createTask" crumbs={[useDevCrumb()]} />;

/** /crcles: CRcles and Empower35 are suspended; the page says so above the (empty) list. */
export function CrclesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('areas.crcles')}
      breadcrumbs={[{ title: t('areas.crcles') }]}
      subtitle={t('areas.crclesSubtitle')}
      emptyText={t('areas.empty')}
    >
      <Alert type="warning" showIcon title={t('notices.crcles')} style={{ marginBottom: 16 }} />
    </PageFrame>
  );
}

export const CrcleDetailPage = () => {
  const { t } = useTranslation();
  return <AreaPage titleKey="areas.crcle" crumbs={[{ title: t('areas.crcles'), to: '/crcles' }]} withId />;
};
