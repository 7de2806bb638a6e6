// The developer area's pages: learn, projects and tasks (web/src/features/tasks); teams and member search live
// in web/src/features/teams.
export { DeveloperLearnPage } from '../../tasks/routes/learn-page';
export { DeveloperProjectsPage, DeveloperTasksPage } from '../../tasks/routes/task-list-pages';
export { ProjectDetailPage, TaskDetailPage } from '../../tasks/routes/task-detail-page';
export { ProjectCreatePage, TaskCreatePage } from '../../tasks/routes/task-form-pages';
