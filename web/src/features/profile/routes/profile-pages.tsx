// The My Republic pages, each from the feature that owns its records.
export { MyTasksPage, MyProjectsPage } from '../../tasks/routes/my-tasks-page';
export { MyIssuesPage, MyFormsPage } from '../../campaigns/routes/my-submissions-pages';
export { MyCommunitiesPage } from '../../communities/routes/my-communities-page';
export { PublicProfilePage } from './public-profile-page';
