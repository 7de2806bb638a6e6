import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { ERROR_NAMESPACES, loadNamespaces } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useListData } from '../../../lib/use-list-data';
import { homeApi } from '../api/home-api';

/** How often the figures are read again while the page is open. */
const REFRESH_MS = 30_000;

/**
 * What the blocks show once their reads are settled (rows, avatars, tags, an error or "nothing yet", with the words
 * of a failed read): not needed for the page to show, so it comes as its own chunk, asked for when the page
 * mounts, alongside the reads.
 */
const loadContent = () =>
  Promise.all([import('./live-dao-content'), loadNamespaces(ERROR_NAMESPACES)]).then(([m]) => m);
const BlockResult = lazy(() => loadContent().then((m) => ({ default: m.BlockResult })));
const ProposalRows = lazy(() => loadContent().then((m) => ({ default: m.ProposalRows })));
const CouncilTerm = lazy(() => loadContent().then((m) => ({ default: m.CouncilTerm })));
const SuggestionRows = lazy(() => loadContent().then((m) => ({ default: m.SuggestionRows })));
const TreasuryFigures = lazy(() => loadContent().then((m) => ({ default: m.TreasuryFigures })));

const blockSkeleton = <Skeleton active paragraph={{ rows: 3 }} />;

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
  return (
    <Panel
      className="cr-live__block"
      data-testid={testId}
      title={<h3 className="cr-live__title">{title}</h3>}
      extra={<Link to={to}>{more}</Link>}
    >
      {state.loading ? (
        blockSkeleton
      ) : (
        <Suspense fallback={blockSkeleton}>
          <BlockResult
            error={state.error}
            reload={state.reload}
            empty={state.empty}
            emptyText={state.emptyText}
          >
            {children}
          </BlockResult>
        </Suspense>
      )}
    </Panel>
  );
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
      <ProposalRows data={data} voting={voting} />
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
      <CouncilTerm data={data} />
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
      <SuggestionRows data={data} />
    </Block>
  );
}

function TreasuryBlock() {
  const { t } = useTranslation('home');
  const { data, loading, error, reload } = useLive((s) => homeApi.treasury(s), 'treasury');
  return (
    <Block
      title={t('treasuryTitle')}
      to={paths.treasury()}
      more={t('treasuryMore')}
      testId="home-treasury"
      state={{ loading, error, reload, empty: !data, emptyText: t('treasuryEmpty') }}
    >
      <TreasuryFigures data={data} />
    </Block>
  );
}

/** The DAO as it is now: council and term, proposals in voting and in veto, signed suggestions, treasury. */
export function LiveDao() {
  const { t } = useTranslation('home');
  // The blocks' content is fetched together with their reads, not after them.
  useEffect(() => void loadContent().catch(() => undefined), []);
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
