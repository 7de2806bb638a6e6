import { useState } from 'react';
import { Button, Card, Col, Row, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskDetail } from '@cr/contract/task.contract';
import { PageHeader } from '../../../components/page-header';
import { DetailLoadFailure } from '../../../components/detail-load-failure';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { taskApi } from '../api/task-api';
import { TaskActions } from '../components/task-actions';
import { TaskApply } from '../components/task-apply';
import { TaskCandidates } from '../components/task-candidates';
import { TaskComments } from '../components/task-comments';
import { TaskFacts } from '../components/task-facts';
import { TaskForm, fromTask } from '../components/task-form';
import { TaskStatusTag } from '../components/task-status-tag';
import '../tasks.css';
import { useFeedback } from '../../../lib/use-feedback';

function TaskView({ task, onChange }: { task: TaskDetail; onChange: (t: TaskDetail) => void }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const [editing, setEditing] = useState(false);
  const isProject = task.type === 'PROJECT';
  return (
    <>
      <PageHeader
        title={task.name}
        breadcrumbs={[
          { title: t('developer'), to: paths.developer() },
          isProject
            ? { title: t('projects'), to: paths.developerProjects() }
            : { title: t('tasks'), to: paths.developerTasks() },
          { title: task.name },
        ]}
        subtitle={
          <Space wrap>
            <TaskStatusTag status={task.status} />
            <Tag>{t(`types.${task.type}`)}</Tag>
            <Tag color="blue">{t(`categories.${task.category}`)}</Tag>
            {task.bidding && <Tag color="orange">{t('bidding')}</Tag>}
            {task.isPrivate && <Tag>{t('private')}</Tag>}
            <span>
              {t('owner')}: {task.owner.name}
            </span>
            <span>{t('candidatesCount', { approved: task.approvedCount, limit: task.candidateLimit })}</span>
          </Space>
        }
        extra={
          task.can.edit &&
          !editing && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('detail.edit')}
            </Button>
          )
        }
      />
      {editing ? (
        <Card className="cr-card cr-task-form-card" title={t('detail.editTitle')}>
          <TaskForm
            create={false}
            initial={fromTask(task)}
            fixedType={isProject ? 'PROJECT' : undefined}
            submitText={t('form.save')}
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              onChange(await taskApi.edit(task._id, values));
              void message.success(t('detail.saved'));
              setEditing(false);
            }}
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={15}>
            <Card className="cr-card" data-testid="task-detail">
              <TaskFacts task={task} />
            </Card>
            <Card className="cr-card" style={{ marginTop: 16 }} title={t('comments.title')}>
              <TaskComments task={task} onChange={onChange} />
            </Card>
          </Col>
          <Col xs={24} lg={9}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              {task.can.actions.length > 0 && (
                <Card className="cr-card" title={t('actions.title')}>
                  <TaskActions task={task} onChange={onChange} />
                </Card>
              )}
              <Card className="cr-card" title={t('apply.title')}>
                <TaskApply task={task} onChange={onChange} />
              </Card>
              <Card className="cr-card" title={t('detail.candidates')}>
                <TaskCandidates task={task} onChange={onChange} />
              </Card>
            </Space>
          </Col>
        </Row>
      )}
    </>
  );
}

/** /tasks/:id and /projects/:id: the task, applying, candidates, the lifecycle actions and comments. */
export function TaskDetailPage() {
  const { t } = useTranslation('tasks');
  const { id = '' } = useParams();
  const { data, loading, error, reload } = useLoad((signal) => taskApi.get(id, signal), id);
  const [changed, setChanged] = useState<TaskDetail | null>(null);
  const task = changed && changed._id === id ? changed : data;
  if (loading && !task) return <PageLoading shape="detail" />;
  if (error || !task)
    return (
      <DetailLoadFailure
        error={error}
        reload={reload}
        notFoundTitle={t('notFound')}
        listLabel={t('tasks')}
        listPath={paths.developerTasks()}
        errorTitle={errorText(t, error)}
        retryLabel={t('retry')}
      />
    );
  return <TaskView task={task} onChange={setChanged} />;
}

export const ProjectDetailPage = TaskDetailPage;
