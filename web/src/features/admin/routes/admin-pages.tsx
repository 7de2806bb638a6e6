import { Input, Select, Tabs } from 'antd';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { AdminPage } from '../components/admin-layout';

const ROLES = ['MEMBER', 'LEADER', 'ADMIN', 'SECRETARY', 'COUNCIL', 'CUSTOM'] as const;

function SimpleAdminPage({ titleKey, emptyKey = 'admin.empty' }: { titleKey: string; emptyKey?: string }) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t(titleKey)}>
      <EmptyState description={t(emptyKey)} />
    </AdminPage>
  );
}

/** /admin/users: search and role filter over the member list. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t('admin.users')}
      toolbar={
        <>
          <Input.Search
            className="cr-toolbar__grow"
            aria-label={t('common.search')}
            placeholder={t('common.search')}
            allowClear
          />
          <Select
            aria-label={t('profile.role')}
            placeholder={t('profile.role')}
            allowClear
            options={ROLES.map((r) => ({ value: r, label: t(`profile.roles.${r}`) }))}
            style={{ width: 180 }}
          />
        </>
      }
    >
      <EmptyState description={t('admin.usersEmpty')} />
    </AdminPage>
  );
}

export function AdminUserProfilePage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  return (
    <AdminPage title={`${t('admin.userProfile')} ${userId}`}>
      <EmptyState description={t('profile.memberEmpty')} />
    </AdminPage>
  );
}

/** /admin/permission: the permissions of each role, one tab per role. */
export function AdminPermissionsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.permissions')}>
      <Tabs
        items={ROLES.map((r) => ({
          key: r,
          label: t(`profile.roles.${r}`),
          children: <EmptyState description={t('admin.empty')} />,
        }))}
      />
    </AdminPage>
  );
}

export const AdminFormsPage = () => <SimpleAdminPage titleKey="admin.forms" />;
export const AdminSuggestionsPage = () => <SimpleAdminPage titleKey="admin.suggestions" />;
export const AdminTasksPage = () => <SimpleAdminPage titleKey="admin.tasks" />;
export const AdminCommunitiesPage = () => <SimpleAdminPage titleKey="admin.communities" />;
export const AdminTeamsPage = () => <SimpleAdminPage titleKey="admin.teams" />;
export const AdminIssuesPage = () => <SimpleAdminPage titleKey="admin.issues" />;
export const AdminProjectsPage = () => <SimpleAdminPage titleKey="admin.projects" />;
