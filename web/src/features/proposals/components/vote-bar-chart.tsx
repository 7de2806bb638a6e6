import { Tag, Tooltip } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VOTE_RESULT_COLOR, type VoteResult, type VoteTally } from '../model/vote-tally';

export interface VoteBarChartProps {
  tally: VoteTally;
  /** One thin bar for list rows (counts on hover); default shows the legend and the threshold text. */
  compact?: boolean;
}

/** Seat cells: yes from the left, oppose and abstain from the right, undecided between them. */
function cells(t: VoteTally): VoteResult[] {
  return [
    ...Array<VoteResult>(t.support).fill('support'),
    ...Array<VoteResult>(t.undecided).fill('undecided'),
    ...Array<VoteResult>(t.abstention).fill('abstention'),
    ...Array<VoteResult>(t.reject).fill('reject'),
  ];
}

/**
 * The council vote against the pass threshold (8 of 12): one cell per seat, yes filling from the left and
 * non-yes from the right, a line at the threshold, and a "decided" marker once either side has crossed it.
 * Never colour alone: the legend and the accessible name carry the counts.
 */
export function VoteBarChart({ tally, compact }: VoteBarChartProps) {
  const { t } = useTranslation('proposals');
  const summary = t('votes.summary', {
    support: tally.support,
    reject: tally.reject,
    abstention: tally.abstention,
    undecided: tally.undecided,
    threshold: tally.threshold,
    seats: tally.seats,
  });
  const decidedText = tally.decided ? t(`votes.decided.${tally.decided}`) : null;
  const bar = (
    <div
      className={`pr-votebar${compact ? ' pr-votebar--compact' : ''}`}
      role="img"
      aria-label={decidedText ? `${summary} ${decidedText}` : summary}
      data-testid="vote-bar"
      data-support={tally.support}
      data-decided={tally.decided ?? ''}
      style={{ gridTemplateColumns: `repeat(${tally.seats}, 1fr)` }}
    >
      {cells(tally).map((r, i) => (
        <span
          key={i}
          className={`pr-votebar__cell pr-votebar__cell--${r}`}
          style={{ background: VOTE_RESULT_COLOR[r] }}
        />
      ))}
      <span
        className="pr-votebar__threshold"
        style={{ left: `${(tally.threshold / tally.seats) * 100}%` }}
        aria-hidden="true"
      />
    </div>
  );

  if (compact)
    return (
      <Tooltip title={decidedText ? `${summary} ${decidedText}` : summary}>
        <div className="pr-votebar-wrap pr-votebar-wrap--compact" tabIndex={0}>
          {bar}
          <span className="pr-votebar__count">
            {tally.support}/{tally.threshold}
          </span>
        </div>
      </Tooltip>
    );

  return (
    <figure className="pr-votebar-wrap" data-testid="vote-chart">
      <div className="pr-votebar__head">
        <span>{t('votes.threshold', { threshold: tally.threshold, seats: tally.seats })}</span>
        {tally.decided && (
          <Tag
            color={tally.decided === 'passed' ? 'success' : 'error'}
            icon={tally.decided === 'passed' ? <CheckCircleFilled /> : <CloseCircleFilled />}
            data-testid="vote-decided"
            data-decided={tally.decided}
          >
            {decidedText}
          </Tag>
        )}
      </div>
      {bar}
      <figcaption className="pr-votebar__legend">
        {(['support', 'reject', 'abstention', 'undecided'] as const).map((r) => (
          <span key={r} className="pr-legend" data-result={r}>
            <span
              className="pr-legend__swatch"
              style={{ background: VOTE_RESULT_COLOR[r] }}
              aria-hidden="true"
            />
            {t(`votes.result.${r}`)} <strong>{tally[r]}</strong>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
