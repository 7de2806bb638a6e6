import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ElipStatus } from '@cr/contract/elip.contract';

const COLORS: Record<ElipStatus, string> = {
  PERSONAL_DRAFT: 'default',
  WAIT_FOR_REVIEW: 'gold',
  REJECTED: 'red',
  DRAFT: 'blue',
  FINAL_REVIEW: 'purple',
  CANCELLED: 'default',
  SUBMITTED_AS_PROPOSAL: 'green',
};

export function ElipStatusTag({ status }: { status: ElipStatus }) {
  const { t } = useTranslation('elips');
  return (
    <Tag color={COLORS[status]} data-testid="elip-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}
