import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SuggestionSummary } from '@cr/contract/suggestion.contract';
import { paths } from '../../../lib/paths';
import { personName } from '@cr/contract/person-name';

const DISPLAY_COLOR: Record<SuggestionSummary['displayStatus'], string> = {
  posted: 'default',
  underConsideration: 'processing',
  moreInfoRequired: 'warning',
  referred: 'success',
  cancelled: 'error',
};

/** Shown status, signature state, and the stored status when it is not ACTIVE (spec §4). */
export function StatusTags({ s }: { s: SuggestionSummary }) {
  const { t } = useTranslation('suggestions');
  return (
    <span className="sg-tags">
      {s.displayStatus === 'referred' && s.proposalNumber ? (
        <Tag color="success">
          <Link to={paths.proposal(s.proposalNumber)}>{t('status.referredTo', { n: s.proposalNumber })}</Link>
        </Tag>
      ) : (
        <Tag color={DISPLAY_COLOR[s.displayStatus]}>{t(`displayStatus.${s.displayStatus}`)}</Tag>
      )}
      {s.status !== 'ACTIVE' && s.status !== 'CANCELLED' && (
        <Tag color={s.status === 'ABUSED' ? 'error' : 'default'} style={{ textTransform: 'capitalize' }}>
          {t(`status.${s.status}`)}
        </Tag>
      )}
      {s.signed ? (
        <Tag color="green" icon={<CheckCircleOutlined />}>
          {t('signature.signed')}
        </Tag>
      ) : (
        <Tag icon={<ClockCircleOutlined />}>{t('signature.unsigned')}</Tag>
      )}
    </span>
  );
}

/** "Ada Chen", "陈嘉怡" or the username. */
export function authorName(a: SuggestionSummary['author']): string {
  return personName(a);
}
