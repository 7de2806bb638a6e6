import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalSummary } from '@cr/contract/proposal.contract';
import { formatDate } from '../../../lib/dates';
import { tallyFromCounts } from '../model/vote-tally';
import { PersonChip } from './person-chip';
import { ProposalStatusTag } from './proposal-status-tag';
import { VoteBarChart } from './vote-bar-chart';
import { WindowLeft } from './window-left';
import { paths } from '../../../lib/paths';

/** One proposal in the list: number, title, status, votes so far, time left in its window, proposer, date. */
export function ProposalRow({ p }: { p: ProposalSummary }) {
  const { t } = useTranslation('proposals');
  const ref = p.number ?? p._id;
  return (
    <article
      className="pr-row"
      data-testid="proposal-row"
      data-number={p.number ?? ''}
      data-status={p.status}
      aria-labelledby={`pr-${p._id}`}
    >
      <span className="pr-row__number">{p.number ? `#${p.number}` : t('status.DRAFT')}</span>
      <div className="pr-row__main">
        <h2 className="pr-row__title" id={`pr-${p._id}`}>
          <Link to={p.status === 'DRAFT' ? paths.proposalEdit(ref) : paths.proposal(ref)}>{p.title}</Link>
        </h2>
        <div className="pr-row__meta">
          <PersonChip person={p.proposer} />
          <span>{t('list.created', { date: formatDate(p.createdAt) })}</span>
          {p.budgetRequested && <span>{t('list.budget', { amount: p.budgetRequested })}</span>}
          {p.unvotedByMe && <span className="pr-row__unvoted">{t('list.youHaveNotVoted')}</span>}
        </div>
      </div>
      <div className="pr-row__status">
        <ProposalStatusTag status={p.status} />
        {p.status === 'VETOED' && p.vetoPercent !== null && (
          <span className="pr-muted pr-row__veto">
            {t('list.vetoPercent', { percent: p.vetoPercent.toFixed(1) })}
          </span>
        )}
      </div>
      <div className="pr-row__votes">
        <span className="pr-row__label">{t('list.columns.votes')}</span>
        <VoteBarChart compact tally={tallyFromCounts(p.votes, p.seats)} />
      </div>
      <div className="pr-row__left">
        <span className="pr-row__label">{t('list.columns.timeLeft')}</span>
        <WindowLeft status={p.status} window={p.window} />
      </div>
    </article>
  );
}
