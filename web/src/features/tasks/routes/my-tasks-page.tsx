import { Alert, Button, Card, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '@cr/contract/task.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { taskApi } from '../api/task-api';
import { TaskCard } from '../components/task-card';
import '../tasks.css';

type Row = TaskSummary & { myStatus?: 'PENDING' | 'APPROVED' | 'REJECTED' };

function Section({ title, list, testId }: { title: string; list: Row[]; testId: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Card className="cr-card" title={title} data-testid={testId}>
      {list.length === 0 ? (
        <EmptyState description={t('mine.empty')} />
      ) : (
        <div className="cr-task-grid">
          {list.map((task) => (
            <TaskCard
              key={task._id}
              task={task}
              extra={task.myStatus && <Tag color="purple">{t(`candidateStatuses.${task.myStatus}`)}</Tag>}
            />
          ))}
        </div>
      )}
    </Card>
  );
}

function MinePage({ projects }: { projects: boolean }) {
  const { t } = useTranslation('tasks');
  const { data, loading, error, reload } = useLoad((signal) => taskApi.mine(projects, signal), projects);
  const title = t(projects ? 'mine.projects' : 'mine.tasks');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ title: t('translation:profile.nav'), to: paths.profileInfo() }, { title }]}
        extra={
          <Link to={projects ? paths.developerProjects() : paths.developerTasks()}>
            {t(projects ? 'mine.browseProjects' : 'mine.browseTasks')}
          </Link>
        }
      />
      {loading ? (
        <PageLoading shape="list" />
      ) : error || !data ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{t('retry')}</Button>}
        />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Section title={t('mine.created')} list={data.created} testId="my-tasks-created" />
          <Section title={t('mine.applied')} list={data.applied} testId="my-tasks-applied" />
        </Space>
      )}
    </>
  );
}

/** /profile/tasks: tasks and events I created and applied to. */
export const MyTasksPage = () => <MinePage projects={false} />;
/** /profile/projects: projects I created and applied to. */
export const MyProjectsPage = () => <MinePage projects />;
