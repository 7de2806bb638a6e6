import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskStatus } from '@cr/contract/task.contract';

const COLORS: Record<TaskStatus, string> = {
  CREATED: 'blue',
  PENDING: 'gold',
  APPROVED: 'cyan',
  ASSIGNED: 'geekblue',
  SUBMITTED: 'purple',
  SUCCESS: 'green',
  DISTRIBUTED: 'green',
  CANCELED: 'default',
  EXPIRED: 'default',
};

/** A task's status, translated and coloured. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Tag color={COLORS[status]} data-testid="task-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}
