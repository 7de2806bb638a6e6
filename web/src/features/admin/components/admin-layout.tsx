import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SectionLayout } from '../../../components/section-layout';

const ADMIN_LINKS = [
  { to: '/admin/users', key: 'admin.users' },
  { to: '/admin/suggestion', key: 'admin.suggestions' },
  { to: '/admin/permission', key: 'admin.permissions' },
  { to: '/admin/forms', key: 'admin.forms' },
  { to: '/admin/tasks', key: 'admin.tasks' },
  { to: '/admin/projects', key: 'admin.projects' },
  { to: '/admin/teams', key: 'admin.teams' },
  { to: '/admin/communities', key: 'admin.communities' },
  { to: '/admin/issues', key: 'admin.issues' },
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
      <PageHeader title={title} breadcrumbs={[{ title: t('admin.nav'), to: '/admin/users' }, { title }]} />
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
