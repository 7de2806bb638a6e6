import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** Widths of the head card's facts: number, status, proposer, created, suggestion, live. */
const META = [44, 64, 120, 150, 170, 48];

/**
 * The proposal page while its data is on its way: the head card (facts, status note, window timeline) and the
 * votes card (bar, note, rows) drawn where and about as tall as they will be, rather than one block of lines.
 * Its own elements, not the cards' first render: the cards replace it and never move on screen (CLS).
 */
export function ProposalDetailSkeleton() {
  const { t } = useTranslation('proposals');
  return (
    <div role="status" aria-label={t('detail.loading')} aria-busy="true" data-testid="proposal-loading">
      <Card className="cr-card pr-head">
        <div className="pr-head__meta">
          {META.map((w) => (
            <Skeleton.Button key={w} active size="small" style={{ width: w, minWidth: w }} />
          ))}
        </div>
        <Skeleton active title={false} paragraph={{ rows: 3 }} className="pr-status-note" />
        <Skeleton
          active
          title={false}
          paragraph={{ rows: 5, width: ['30%', '20%', '40%', '20%', '40%'] }}
          className="pr-skeleton__timeline"
        />
      </Card>
      <Card className="cr-card" title={<Skeleton.Input active size="small" />}>
        <Skeleton.Input active block className="pr-skeleton__bar" />
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </Card>
    </div>
  );
}
