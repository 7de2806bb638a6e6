import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLayout, type SectionNavGroup } from '../../../components/section-layout';
import { useAuth } from '../../../lib/auth-store';

/** My Republic: the member's own areas, plus the admin areas for admins. */
export function ProfileLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const groups: SectionNavGroup[] = [
    {
      title: t('profile.nav'),
      items: [
        { to: '/profile/info', label: t('profile.title') },
        { to: '/profile/suggestion', label: t('profile.mySuggestions') },
        { to: '/profile/projects', label: t('profile.myProjects') },
        { to: '/profile/tasks', label: t('profile.myTasks') },
        { to: '/profile/teams', label: t('profile.myTeams') },
        { to: '/profile/communities', label: t('profile.myCommunities') },
        { to: '/profile/issues', label: t('profile.myIssues') },
        { to: '/profile/forms', label: t('profile.myForms') },
        { to: '/profile/public', label: t('profile.publicProfile') },
      ],
    },
  ];
  if (can('ADMIN')) {
    groups.push({
      title: t('admin.nav'),
      items: [
        { to: '/admin/suggestion', label: t('admin.suggestions') },
        { to: '/admin/users', label: t('admin.users') },
        { to: '/admin/permission', label: t('admin.permissions') },
      ],
    });
  }
  return (
    <SectionLayout label={t('profile.nav')} groups={groups}>
      {children}
    </SectionLayout>
  );
}
