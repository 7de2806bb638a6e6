// The admin pages, each from the feature that owns its records.
export { AdminUsersPage } from './admin-users-page';
export { AdminUserProfilePage } from './admin-user-profile-page';
export { AdminPermissionsPage } from './admin-permissions-page';
export { AdminAuditPage } from './admin-audit-page';
export { AdminSettingsPage } from './admin-settings-page';
export { AdminStatusPage } from './admin-status-page';
export { AdminFormsPage, AdminIssuesPage } from '../../campaigns/routes/admin-submissions-pages';
export { AdminTasksPage, AdminProjectsPage } from '../../tasks/routes/admin-tasks-page';
export { AdminCommunitiesPage } from '../../communities/routes/admin-communities-page';
export { AdminTeamsPage } from '../../teams/routes/admin-teams-page';
