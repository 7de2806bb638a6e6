import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, type ProposalStatus } from '../model/proposal-status';

/** A proposal's status as a coloured tag with the spec's label (PROPOSED reads "Voting", ACTIVE "Passed"...). */
export function ProposalStatusTag({ status }: { status: ProposalStatus }) {
  const { t } = useTranslation('proposals');
  return (
    <Tag
      color={STATUS_COLOR[status]}
      data-testid="proposal-status"
      data-status={status}
      className="pr-status"
    >
      {t(`status.${status}`)}
    </Tag>
  );
}
