import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Skeleton, Tag } from 'antd';
// The avatar alone: antd's `Avatar` export also carries Avatar.Group, and with it the popover and tooltip.
import Avatar from 'antd/es/avatar/Avatar';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalSummary } from '@cr/api/contract/proposal.contract';
import { EmptyState } from '../../../components/empty-state';
import { Panel } from '../../../components/panel';
import { errorText } from '../../../lib/api-messages';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useListData } from '../../../lib/use-list-data';
import { homeApi } from '../api/home-api';

/** How often the figures are read again while the page is open. */
const REFRESH_MS = 30_000;

/** Loads `load`, and reads it again quietly every REFRESH_MS (the rows stay on screen meanwhile). */
function useLive<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const data = useListData(load, key);
  const { refreshQuietly } = data;
  useEffect(() => {
    const timer = window.setInterval(refreshQuietly, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refreshQuietly]);
  return data;
}

function Block({
  title,
  to,
  more,
  testId,
  state,
  children,
}: {
  title: string;
  to: string;
  more: string;
  testId: string;
  state: { loading: boolean; error: unknown; reload: () => void; empty: boolean; emptyText: string };
  children: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <Panel
      className="cr-live__block"
      data-testid={testId}
      title={<h3 className="cr-live__title">{title}</h3>}
      extra={<Link to={to}>{more}</Link>}
    >
      {state.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : state.error ? (
        <Alert
          type="warning"
          showIcon
          title={errorText(t, state.error)}
          action={<Button onClick={state.reload}>{t('retry')}</Button>}
        />
      ) : state.empty ? (
        <EmptyState description={state.emptyText} />
      ) : (
        children
      )}
    </Panel>
  );
}

function timeLeft(p: ProposalSummary, t: (k: string, o?: Record<string, unknown>) => string) {
  if (p.window.endsAt) return t('endsAt', { date: formatDateTime(p.window.endsAt) });
  if (p.window.blocksLeft !== null) return t('blocksLeft', { count: p.window.blocksLeft });
  return '';
}

function ProposalsBlock({ status }: { status: 'PROPOSED' | 'NOTIFICATION' }) {
  const { t } = useTranslation('home');
  const { data, loading, error, reload } = useLive((s) => homeApi.proposals(status, s), status);
  const voting = status === 'PROPOSED';
  return (
    <Block
      title={t(voting ? 'votingTitle' : 'vetoTitle')}
      to={paths.proposals()}
      more={t('allProposals')}
      testId={voting ? 'home-voting' : 'home-veto'}
      state={{
        loading,
        error,
        reload,
        empty: !data || data.list.length === 0,
        emptyText: t(voting ? 'votingEmpty' : 'vetoEmpty'),
      }}
    >
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
    </Block>
  );
}

function CouncilBlock() {
  const { t } = useTranslation('home');
  const { data, loading, error, reload } = useLive((s) => homeApi.council(s), 'council');
  const term = data?.current;
  return (
    <Block
      title={term ? t('councilTitle', { term: term.term }) : t('councilTitleNone')}
      to={paths.council()}
      more={t('councilMore')}
      testId="home-council"
      state={{ loading, error, reload, empty: !term, emptyText: t('councilEmpty') }}
    >
      {term && (
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
      )}
    </Block>
  );
}

function SuggestionsBlock() {
  const { t } = useTranslation('home');
  const { data, loading, error, reload } = useLive((s) => homeApi.signedSuggestions(s), 'suggestions');
  return (
    <Block
      title={t('suggestionsTitle')}
      to={paths.suggestions()}
      more={t('allSuggestions')}
      testId="home-suggestions"
      state={{
        loading,
        error,
        reload,
        empty: !data || data.list.length === 0,
        emptyText: t('suggestionsEmpty'),
      }}
    >
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
    </Block>
  );
}

function TreasuryBlock() {
  const { t } = useTranslation('home');
  const { data, loading, error, reload } = useLive((s) => homeApi.treasury(s), 'treasury');
  const ela = (v: string) => Number(v).toLocaleString(undefined, { maximumFractionDigits: 2 });
  return (
    <Block
      title={t('treasuryTitle')}
      to={paths.treasury()}
      more={t('treasuryMore')}
      testId="home-treasury"
      state={{ loading, error, reload, empty: !data, emptyText: t('treasuryEmpty') }}
    >
      {data && (
        <div className="cr-live__figures">
          <div>
            <div className="cr-fact__value" data-testid="home-balance">
              {ela(data.balanceEla)} ELA
            </div>
            <div className="cr-fact__label">{t('balance')}</div>
          </div>
          <div>
            <div className="cr-fact__value">{ela(data.availableEla)} ELA</div>
            <div className="cr-fact__label">{t('available')}</div>
          </div>
        </div>
      )}
    </Block>
  );
}

/** The DAO as it is now: council and term, proposals in voting and in veto, signed suggestions, treasury. */
export function LiveDao() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-live" data-testid="home-live">
      <h2 id="home-live" className="cr-section-title">
        {t('liveTitle')}
      </h2>
      <p className="cr-live__muted">{t('liveText')}</p>
      <div className="cr-live">
        <CouncilBlock />
        <TreasuryBlock />
        <ProposalsBlock status="PROPOSED" />
        <ProposalsBlock status="NOTIFICATION" />
        <SuggestionsBlock />
      </div>
    </section>
  );
}
