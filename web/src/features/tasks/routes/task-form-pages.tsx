import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { taskApi } from '../api/task-api';
import { taskPath } from '../components/task-card';
import { TaskForm } from '../components/task-form';
import '../tasks.css';
import { useFeedback } from '../../../lib/use-feedback';

function CreatePage({ projects }: { projects: boolean }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const title = t(projects ? 'newProject' : 'newTask');
  const back = projects ? paths.developerProjects() : paths.developerTasks();
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { title: t('developer'), to: paths.developer() },
          { title: t(projects ? 'projects' : 'tasks'), to: back },
          { title },
        ]}
      />
      <Card className="cr-card cr-task-form-card">
        <TaskForm
          create
          fixedType={projects ? 'PROJECT' : undefined}
          submitText={t('form.create')}
          onCancel={() => void navigate(back)}
          onSubmit={async (values) => {
            const task = await taskApi.create(values);
            void message.success(t('form.created'));
            void navigate(taskPath(task));
          }}
        />
      </Card>
    </>
  );
}

/** /tasks/new: a member creates a task or an event (payment rules confirmed). */
export const TaskCreatePage = () => <CreatePage projects={false} />;
/** /projects/new: a member creates a project. */
export const ProjectCreatePage = () => <CreatePage projects />;
