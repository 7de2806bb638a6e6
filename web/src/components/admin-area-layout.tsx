import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';
import { SectionLayout } from './section-layout';
import { paths } from '../lib/paths';

const ADMIN_LINKS = [
  { to: paths.adminUsers(), key: 'admin.users' },
  { to: paths.adminSuggestions(), key: 'admin.suggestions' },
  { to: paths.adminPermissions(), key: 'admin.permissions' },
  { to: paths.adminAudit(), key: 'admin:audit' },
  { to: paths.adminSettings(), key: 'admin:settings' },
  { to: paths.adminStatus(), key: 'admin:ops.title' },
  { to: paths.adminForms(), key: 'admin.forms' },
  { to: paths.adminTasks(), key: 'admin.tasks' },
  { to: paths.adminProjects(), key: 'admin.projects' },
  { to: paths.adminTeams(), key: 'admin.teams' },
  { to: paths.adminCommunities(), key: 'admin.communities' },
  { to: paths.adminIssues(), key: 'admin.issues' },
];

/** An admin page: header, the admin side navigation, and the page's card. */
export function AdminPage({
  title,
  toolbar,
  children,
}: {
  title: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ title: t('admin.nav'), to: paths.adminUsers() }, { title }]}
      />
      <SectionLayout
        label={t('admin.nav')}
        groups={[{ title: t('admin.nav'), items: ADMIN_LINKS.map((l) => ({ to: l.to, label: t(l.key) })) }]}
      >
        <Card className="cr-card">
          {toolbar && <div className="cr-toolbar">{toolbar}</div>}
          {children}
        </Card>
      </SectionLayout>
    </>
  );
}
