import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/empty-state';
import { Card } from 'antd';
import { ProfileLayout } from '../components/profile-layout';

/** One page of the My Republic area whose records come with a later feature. */
function ProfileAreaPage({
  titleKey,
  emptyKey = 'profile.areaEmpty',
}: {
  titleKey: string;
  emptyKey?: string;
}) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ title: t('profile.nav'), to: '/profile/info' }, { title }]} />
      <ProfileLayout>
        <Card className="cr-card">
          <EmptyState description={t(emptyKey)} />
        </Card>
      </ProfileLayout>
    </>
  );
}

export const MySuggestionsPage = () => (
  <ProfileAreaPage titleKey="profile.mySuggestions" emptyKey="profile.mySuggestionsEmpty" />
);
export const MyTasksPage = () => <ProfileAreaPage titleKey="profile.myTasks" />;
export const MyTeamsPage = () => <ProfileAreaPage titleKey="profile.myTeams" />;
export const MyIssuesPage = () => <ProfileAreaPage titleKey="profile.myIssues" />;
export const MyCommunitiesPage = () => <ProfileAreaPage titleKey="profile.myCommunities" />;
export const MyProjectsPage = () => <ProfileAreaPage titleKey="profile.myProjects" />;
export const MyFormsPage = () => <ProfileAreaPage titleKey="profile.myForms" />;
export const PublicProfilePage = () => <ProfileAreaPage titleKey="profile.publicProfile" />;
