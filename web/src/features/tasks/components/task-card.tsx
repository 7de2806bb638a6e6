import { Card, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '@cr/contract/task.contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { TaskStatusTag } from './task-status-tag';

/** The link to a task's page (projects have their own). */
export const taskPath = (task: Pick<TaskSummary, '_id' | 'type'>) =>
  task.type === 'PROJECT' ? paths.project(task._id) : paths.task(task._id);

/** "10 ELA" / "—" */
export const money = (amount: string | null, currency: string) => (amount ? `${amount} ${currency}` : null);

/** One task, project or event in a list: name, status, type, category, dates, money, places. */
export function TaskCard({ task, extra }: { task: TaskSummary; extra?: React.ReactNode }) {
  const { t } = useTranslation('tasks');
  const deadline =
    task.type === 'EVENT' ? task.eventStart : (task.applicationDeadline ?? task.completionDeadline);
  return (
    <Card className="cr-card cr-task-card" data-testid="task-card">
      <div className="cr-task-card__head">
        {task.thumbnail && <img className="cr-task-card__thumb" src={task.thumbnail} alt="" />}
        <div className="cr-task-card__title">
          <Typography.Title level={4}>
            <Link to={taskPath(task)}>{task.name}</Link>
          </Typography.Title>
          <Space size={[4, 4]} wrap>
            <TaskStatusTag status={task.status} />
            <Tag>{t(`types.${task.type}`)}</Tag>
            <Tag color="blue">{t(`categories.${task.category}`)}</Tag>
            {task.bidding && <Tag color="orange">{t('bidding')}</Tag>}
            {task.isPrivate && <Tag>{t('private')}</Tag>}
            {extra}
          </Space>
        </div>
      </div>
      <Typography.Paragraph ellipsis={{ rows: 2 }} className="cr-task-card__description">
        {task.description}
      </Typography.Paragraph>
      <div className="cr-task-card__facts">
        {task.reward && (
          <span>
            {t('reward')}: {money(task.reward, task.currency)}
          </span>
        )}
        {task.budget && (
          <span>
            {t('budget')}: {money(task.budget, task.currency)}
          </span>
        )}
        {deadline && (
          <span>
            {task.type === 'EVENT' ? t('event') : t('applicationDeadline')}: {formatDate(deadline)}
          </span>
        )}
        {task.location && <span>{task.location}</span>}
      </div>
      <div className="cr-task-card__foot">
        <span>
          <MemberAvatar src={task.owner.avatar} size={20} /> {task.owner.name}
        </span>
        <span>{t('candidatesCount', { approved: task.approvedCount, limit: task.candidateLimit })}</span>
      </div>
    </Card>
  );
}
