import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLayout, type SectionNavGroup } from './section-layout';
import { useAuth } from '../lib/auth-store';
import { paths } from '../lib/paths';

/** My Republic: the member's own areas, plus the admin areas for admins. */
export function ProfileLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const groups: SectionNavGroup[] = [
    {
      title: t('profile.nav'),
      items: [
        { to: paths.profileInfo(), label: t('profile.title') },
        { to: paths.inbox(), label: t('profile.inbox') },
        { to: paths.mySuggestions(), label: t('profile.mySuggestions') },
        { to: paths.myProjects(), label: t('profile.myProjects') },
        { to: paths.myTasks(), label: t('profile.myTasks') },
        { to: paths.myTeams(), label: t('profile.myTeams') },
        { to: paths.myCommunities(), label: t('profile.myCommunities') },
        { to: paths.myIssues(), label: t('profile.myIssues') },
        { to: paths.myForms(), label: t('profile.myForms') },
        { to: paths.publicProfile(), label: t('profile.publicProfile') },
      ],
    },
  ];
  if (can('ADMIN')) {
    groups.push({
      title: t('admin.nav'),
      items: [
        { to: paths.adminSuggestions(), label: t('admin.suggestions') },
        { to: paths.adminUsers(), label: t('admin.users') },
        { to: paths.adminPermissions(), label: t('admin.permissions') },
      ],
    });
  }
  return (
    <SectionLayout label={t('profile.nav')} groups={groups}>
      {children}
    </SectionLayout>
  );
}
