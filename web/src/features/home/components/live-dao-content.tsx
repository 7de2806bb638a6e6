import type { ReactNode } from 'react';
import { Alert, Button, Tag } from 'antd';
// The avatar alone: antd's `Avatar` export also carries Avatar.Group, and with it the popover and tooltip.
import Avatar from 'antd/es/avatar/Avatar';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CouncilOverview } from '@cr/contract/council.contract';
import type { ProposalList, ProposalSummary } from '@cr/contract/proposal.contract';
import type { SuggestionList } from '@cr/contract/suggestion.contract';
import type { TreasuryOverview } from '@cr/contract/treasury.contract';
import { EmptyState } from '../../../components/empty-state';
import { errorText } from '../../../lib/api-messages';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { roundedEla } from '../../../lib/ela';

/**
 * What the blocks of `LiveDao` show once their reads are settled: rows and figures, an error with a retry, or
 * "nothing yet". Fetched alongside the reads, not before the page shows (see live-dao.tsx).
 */
export function BlockResult({
  error,
  reload,
  empty,
  emptyText,
  children,
}: {
  error: unknown;
  reload: () => void;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('home');
  if (error)
    return (
      <Alert
        type="warning"
        showIcon
        title={errorText(t, error)}
        action={<Button onClick={reload}>{t('retry')}</Button>}
      />
    );
  if (empty) return <EmptyState description={emptyText} />;
  return children;
}

function timeLeft(p: ProposalSummary, t: (k: string, o?: Record<string, unknown>) => string) {
  if (p.window.endsAt) return t('endsAt', { date: formatDateTime(p.window.endsAt) });
  if (p.window.blocksLeft !== null) return t('blocksLeft', { count: p.window.blocksLeft });
  return '';
}

export function ProposalRows({ data, voting }: { data: ProposalList | null; voting: boolean }) {
  const { t } = useTranslation('home');
  return (
    <ul className="cr-rows">
      {(data?.list.slice(0, 5) ?? []).map((p) => (
        <li key={p._id}>
          <div className="cr-live__row">
            <Link to={paths.proposal(p.number ?? p._id)}>
              #{p.number} {p.title}
            </Link>
            <span className="cr-live__muted">
              {voting
                ? t('tally', { yes: p.votes.support, needed: p.passThreshold, seats: p.seats })
                : t('vetoPercent', { percent: (p.vetoPercent ?? 0).toFixed(1) })}
              {' · '}
              {timeLeft(p, t)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CouncilTerm({ data }: { data: CouncilOverview | null }) {
  const { t } = useTranslation('home');
  const term = data?.current;
  if (!data || !term) return null;
  return (
    <>
      <p className="cr-live__muted" data-testid="home-term">
        {t('termSeats', { seated: term.seated, seats: term.seats })}
        {' · '}
        {term.end.at
          ? t('termEnds', { date: formatDate(term.end.at) })
          : t('termEndsHeight', { height: term.end.height })}
      </p>
      <div className="cr-live__members">
        {data.members.slice(0, 12).map((m) => (
          <div key={m.did} className="cr-live__member">
            <Avatar src={m.avatar ?? undefined} alt="">
              {m.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <span className="cr-live__member-name">{m.name}</span>
          </div>
        ))}
      </div>
    </>
  );
}

export function SuggestionRows({ data }: { data: SuggestionList | null }) {
  const { t } = useTranslation('home');
  return (
    <ul className="cr-rows">
      {(data?.list.slice(0, 5) ?? []).map((s) => (
        <li key={s._id}>
          <div className="cr-live__row">
            <Link to={paths.suggestion(s.number)}>
              #{s.number} {s.title}
            </Link>
            <span className="cr-live__muted">
              {[s.author.firstName, s.author.lastName].filter(Boolean).join(' ') || s.author.username}
              {' · '}
              {formatDate(s.createdAt)}
              {s.proposalNumber !== null && (
                <Tag className="cr-live__tag" color="green">
                  {t('becameProposal', { number: s.proposalNumber })}
                </Tag>
              )}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function TreasuryFigures({ data }: { data: TreasuryOverview | null }) {
  const { t } = useTranslation('home');
  if (!data) return null;
  return (
    <div className="cr-live__figures">
      <div>
        <div className="cr-fact__value" data-testid="home-balance">
          {roundedEla(data.balanceEla)} ELA
        </div>
        <div className="cr-fact__label">{t('balance')}</div>
      </div>
      <div>
        <div className="cr-fact__value">{roundedEla(data.availableEla)} ELA</div>
        <div className="cr-fact__label">{t('available')}</div>
      </div>
    </div>
  );
}
