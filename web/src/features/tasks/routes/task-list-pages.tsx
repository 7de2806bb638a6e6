import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { TaskListView } from '../components/task-list-view';
import '../tasks.css';

function ListPage({ projects }: { projects: boolean }) {
  const { t } = useTranslation('tasks');
  const { is_login } = useAuth();
  const navigate = useNavigate();
  const title = t(projects ? 'projects' : 'tasks');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(projects ? 'projectsSubtitle' : 'tasksSubtitle')}
        breadcrumbs={[{ title: t('developer'), to: paths.developer() }, { title }]}
        extra={
          is_login && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(projects ? paths.projectCreate() : paths.taskCreate())}
            >
              {t(projects ? 'newProject' : 'newTask')}
            </Button>
          )
        }
      />
      <Card className="cr-card">
        <TaskListView projects={projects} />
      </Card>
    </>
  );
}

/** /developer/tasks: tasks, sub-tasks and events, filtered by type, category and status. */
export const DeveloperTasksPage = () => <ListPage projects={false} />;
/** /developer/projects: projects, filtered by category and status. */
export const DeveloperProjectsPage = () => <ListPage projects />;
