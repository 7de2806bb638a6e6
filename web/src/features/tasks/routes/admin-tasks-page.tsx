import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskAction, TaskSummary } from '@cr/contract/task.contract';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api-messages';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useListData } from '../../../lib/use-list-data';
import { taskApi } from '../api/task-api';
import { taskPath } from '../components/task-card';
import { TaskFilters, TaskPager, useTaskFilters } from '../components/task-list-view';
import { TaskStatusTag } from '../components/task-status-tag';
import '../tasks.css';
import { useFeedback } from '../../../lib/use-feedback';

/** The admin moves a list row offers (the rest, with a payment note or council sign-off, are on the task page). */
const QUICK: Partial<Record<TaskSummary['status'], TaskAction[]>> = {
  PENDING: ['approve', 'cancel'],
  CREATED: ['expire', 'cancel'],
  APPROVED: ['expire', 'cancel'],
  ASSIGNED: ['cancel'],
};

function AdminList({ projects }: { projects: boolean }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const filters = useTaskFilters(projects);
  const [busy, setBusy] = useState<string | null>(null);
  const { data, loading, error, reload, refreshQuietly } = useListData(
    (signal) => taskApi.adminList(filters.query, signal),
    JSON.stringify(filters.query),
  );
  const act = async (task: TaskSummary, action: TaskAction) => {
    setBusy(task._id);
    try {
      await taskApi.action(task._id, action);
      void message.success(t('actions.done'));
      refreshQuietly();
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };
  const title = t(projects ? 'admin.projects' : 'admin.tasks');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ title: t('translation:admin.nav'), to: paths.adminUsers() }, { title }]}
      />
      <Card className="cr-card">
        <TaskFilters filters={filters} projects={projects} />
        {error ? (
          <Alert
            type="error"
            showIcon
            title={errorText(t, error)}
            action={<Button onClick={reload}>{t('retry')}</Button>}
          />
        ) : (
          <>
            <Table<TaskSummary>
              rowKey="_id"
              loading={loading}
              dataSource={data?.list ?? []}
              pagination={false}
              scroll={{ x: 720 }}
              locale={{
                emptyText: filters.filtered ? t('emptySearch') : t(projects ? 'emptyProjects' : 'empty'),
              }}
              data-testid="admin-task-table"
              columns={[
                {
                  title: t('admin.name'),
                  key: 'name',
                  render: (_, task) => <Link to={taskPath(task)}>{task.name}</Link>,
                },
                {
                  title: t('admin.type'),
                  key: 'type',
                  render: (_, task) => <Tag>{t(`types.${task.type}`)}</Tag>,
                },
                {
                  title: t('admin.status'),
                  key: 'status',
                  render: (_, task) => <TaskStatusTag status={task.status} />,
                },
                { title: t('admin.owner'), key: 'owner', render: (_, task) => task.owner.name },
                {
                  title: t('admin.created'),
                  key: 'created',
                  render: (_, task) => formatDate(task.createdAt),
                },
                {
                  title: t('admin.actions'),
                  key: 'actions',
                  render: (_, task) => (
                    <Space wrap size={4}>
                      {(QUICK[task.status] ?? []).map((a) => (
                        <Popconfirm key={a} title={t(`actions.confirm.${a}`)} onConfirm={() => act(task, a)}>
                          <Button size="small" danger={a !== 'approve'} loading={busy === task._id}>
                            {t(`actions.${a}`)}
                          </Button>
                        </Popconfirm>
                      ))}
                      <Link to={taskPath(task)}>{t('admin.open')}</Link>
                    </Space>
                  ),
                },
              ]}
            />
            {data && (
              <TaskPager data={data} page={Number(filters.query.page ?? 1)} onPage={filters.setPage} />
            )}
          </>
        )}
      </Card>
    </>
  );
}

/** /admin/tasks: every task and event, private and pending ones too, with status changes (server: ADMIN). */
export const AdminTasksPage = () => <AdminList projects={false} />;
/** /admin/projects: every project, with status changes. */
export const AdminProjectsPage = () => <AdminList projects />;
