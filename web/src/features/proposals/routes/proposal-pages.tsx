import { lazy, Suspense } from 'react';
import { Alert, Card, Skeleton, Tag } from 'antd';
import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { ChainHeight } from '../../../components/block-eta/block-eta';
import { BlockTimeline, type TimelineMark } from '../../../components/block-eta/block-timeline';
import { PageHeader } from '../../../components/page-header';
import { isMissing } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth-store';
import { useDateText } from '../../../lib/use-hydrated';
import { proposalApi } from '../api/proposal-api';
import { ChainTransactions } from '../components/chain-transactions';
import { PersonChip } from '../components/person-chip';
import { ProposalDetailSkeleton } from '../components/proposal-detail-skeleton';
import { ProposalContent } from '../components/proposal-content';
import { ProposalPreamble } from '../components/proposal-preamble';
import { ChangedByList, ProposalEffectCard } from '../components/proposal-effects';
import { ProposalStatusTag } from '../components/proposal-status-tag';
import { VoteBarChart } from '../components/vote-bar-chart';
import { VoteResultsTable } from '../components/vote-results-table';
import { WindowLeft } from '../components/window-left';
import { useProposalDetail } from '../hooks/use-proposal-detail';
import { useProposalErrorText } from '../model/error-text';
import { openWindow } from '../model/proposal-status';
import { tallyFromCounts, tallyVotes } from '../model/vote-tally';
import '../proposals.css';
import { paths } from '../../../lib/paths';

// What only some readers see, or only below the first screen, loads when it shows: the council's vote form,
// the veto, the payments and the conclusion (forms and the wallet's QR dialog), and the progress tracking.
const MyVotePanel = lazy(() =>
  import('../components/my-vote-panel').then((m) => ({ default: m.MyVotePanel })),
);
const VetoPanel = lazy(() => import('../components/veto-panel').then((m) => ({ default: m.VetoPanel })));
const PaymentsPanel = lazy(() =>
  import('../components/payments-panel').then((m) => ({ default: m.PaymentsPanel })),
);
const ConclusionPanel = lazy(() =>
  import('../components/conclusion-panel').then((m) => ({ default: m.ConclusionPanel })),
);
const DetailLoadFailure = lazy(() =>
  import('../../../components/detail-load-failure').then((m) => ({ default: m.DetailLoadFailure })),
);
const ProposalTracking = lazy(() =>
  import('../components/proposal-tracking').then((m) => ({ default: m.ProposalTracking })),
);

/** A part of the page whose code is still on its way. */
function PartLoading() {
  return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
}

/** Statuses in which a proposal has a payment schedule to show (passed, and after it ended). */
const PAYING = new Set(['ACTIVE', 'FINAL', 'INCOMPLETED', 'TERMINATED']);
/** The conclusion panel: while it may be concluded, and after (who signed, the chain status). */
const CONCLUDING = new Set(['ACTIVE', 'FINAL', 'INCOMPLETED']);

/** Registration → vote end → veto end, by block height; a rejection stops it after the vote. */
function WindowTimeline({ p }: { p: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const w = p.window;
  if (w.registeredHeight === null || w.votingEndHeight === null || w.vetoEndHeight === null)
    return <p className="pr-muted">{t('window.notRegistered')}</p>;
  const marks: TimelineMark[] = [
    { key: 'registered', label: t('window.registered'), height: w.registeredHeight },
    { key: 'vote', label: t('window.voteEnds'), height: w.votingEndHeight },
    { key: 'veto', label: t('window.vetoEnds'), height: w.vetoEndHeight },
  ];
  const stoppedAfter =
    p.status === 'REJECT' || p.status === 'DEFERRED' ? 'vote' : p.status === 'VETOED' ? 'veto' : undefined;
  return <BlockTimeline marks={marks} stoppedAfter={stoppedAfter} knownHeight={p.currentHeight} />;
}

/** What the status means now, in one sentence. */
function StatusNote({ p }: { p: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  return (
    <p className="pr-status-note" data-testid="status-note">
      {t(`statusNote.${p.status}`)}
    </p>
  );
}

function CreatedOn({ at }: { at: string }) {
  const { t } = useTranslation('proposals');
  return <span className="pr-muted">{t('list.created', { date: useDateText(at) })}</span>;
}

/** /proposals/:id and /cvote/:id — by number or id; everything updates live (socket.io), no reload needed. */
/**
 * A published proposal that was never registered on chain: no registration action, no window heights, no
 * transaction (sample data written by `npm run seed`). A real one has its registration action from the moment the
 * council member signs it.
 */
const neverRegistered = (p: ProposalDetail) =>
  p.status !== 'DRAFT' &&
  p.chainStatus === null &&
  p.window.registeredHeight === null &&
  p.transactions.length === 0;

export function ProposalDetailPage() {
  const { t } = useTranslation('proposals');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const errorText = useProposalErrorText();
  const {
    proposal: p,
    error,
    live: roomLive,
    actions,
    reload,
    patch,
    markPosted,
    onChainChange,
  } = useProposalDetail(id);

  if (error && !p)
    return (
      <>
        {!isMissing(error) && (
          <PageHeader
            title={t('detail.titleFallback', { id })}
            breadcrumbs={[{ title: t('list.title'), to: paths.proposals() }, { title: `#${id}` }]}
          />
        )}
        <Suspense fallback={<PartLoading />}>
          <DetailLoadFailure
            error={error}
            reload={() => void reload()}
            notFoundTitle={errorText(error)}
            listLabel={t('actions.backToList')}
            listPath={paths.proposals()}
            errorTitle={errorText(error)}
            retryLabel={t('actions.retry')}
          />
        </Suspense>
      </>
    );
  if (!p)
    return (
      <>
        <PageHeader
          title={t('detail.loading')}
          titlePending
          breadcrumbs={[{ title: t('list.title'), to: paths.proposals() }, { title: `#${id}` }]}
          extra={<ChainHeight />}
        />
        <ProposalDetailSkeleton />
      </>
    );

  // Counted as the server counted them, plus any vote whose chain action turned `chained` since (live).
  const counted = p.votes.map((v) =>
    v.choice && v.chainActionId && actions.get(v.chainActionId)?.status === 'chained'
      ? v.choice
      : v.chainedChoice,
  );
  const liveTally = tallyVotes(counted, p.outcome.seats);
  const countedNow = liveTally.support + liveTally.reject + liveTally.abstention;
  const countedByServer = p.outcome.tally.support + p.outcome.tally.reject + p.outcome.tally.abstention;
  const tally = countedNow >= countedByServer ? liveTally : tallyFromCounts(p.outcome.tally, p.outcome.seats);
  const showVotePanel =
    p.my.isCouncilMember && p.status === 'PROPOSED' && (p.my.canVote || !!p.my.vote?.choice);

  return (
    <>
      <PageHeader
        title={p.title}
        breadcrumbs={[
          { title: t('list.title'), to: paths.proposals() },
          { title: p.number ? `#${p.number}` : t('status.DRAFT') },
        ]}
        extra={<ChainHeight />}
      />
      <Card className="cr-card pr-head" data-testid="proposal-head" data-status={p.status}>
        <div className="pr-head__meta">
          {p.number && <span className="pr-row__number">#{p.number}</span>}
          <ProposalStatusTag status={p.status} />
          <PersonChip person={p.proposer} />
          <CreatedOn at={p.createdAt} />
          {p.suggestion && (
            <Link to={paths.suggestion(p.suggestion.number)}>
              {t('detail.fromSuggestion', { number: p.suggestion.number })}
            </Link>
          )}
          <span
            className={`pr-live${roomLive ? ' pr-live--on' : ''}`}
            title={roomLive ? t('detail.liveOn') : t('detail.liveOff')}
          >
            <span className="pr-live__dot" aria-hidden="true" />
            {roomLive ? t('detail.liveOn') : t('detail.liveOff')}
          </span>
          {p.my.canEdit && (
            <Link to={paths.proposalEdit(p.number ?? p._id)}>
              <Tag icon={<EditOutlined />}>{t('actions.edit')}</Tag>
            </Link>
          )}
        </div>
        <StatusNote p={p} />
        {neverRegistered(p) && (
          <Alert
            type="warning"
            showIcon
            className="pr-head__sample"
            data-testid="proposal-not-on-chain"
            title={t('detail.notOnChain')}
          />
        )}
        {openWindow(p.status) && (
          <div className="pr-head__window">
            <WindowLeft status={p.status} window={p.window} compact={false} />
          </div>
        )}
        <WindowTimeline p={p} />
      </Card>
      <AfterFirstPaint fallback={<div className="cr-after-paint" />}>
        <Card
          className="cr-card"
          title={<h2 className="pr-card-title">{t('votes.title')}</h2>}
          data-testid="council-votes"
        >
          <VoteBarChart tally={tally} />
          <p className="pr-muted pr-votes__note">{t('votes.countedNote')}</p>
          {showVotePanel && (
            <Suspense fallback={<PartLoading />}>
              <MyVotePanel
                proposal={p}
                myVote={p.my.vote}
                onVoted={(vote) =>
                  patch((cur) => ({
                    ...cur,
                    my: { ...cur.my, vote },
                    votes: cur.votes.map((v) => (v.member.memberId === vote.member.memberId ? vote : v)),
                  }))
                }
                onPosted={(chainActionId) => {
                  const memberId = p.my.vote?.member.memberId;
                  if (memberId && chainActionId) markPosted(memberId, chainActionId);
                  void reload();
                }}
                actions={actions}
                onChainChange={onChainChange}
              />
            </Suspense>
          )}
          {p.my.isCouncilMember && p.status === 'PROPOSED' && !p.my.canVote && !p.my.vote?.choice && (
            <Alert type="info" showIcon title={t('myVote.cannotVote')} className="pr-myvote__alert" />
          )}
          <VoteResultsTable
            votes={p.votes}
            myDid={user?.did?.id}
            actions={actions}
            onChainChange={onChainChange}
            draftHash={p.hash}
          />
        </Card>

        {p.effect && (
          <Card className="cr-card" title={<h2 className="pr-card-title">{t('effect.title')}</h2>}>
            <ProposalEffectCard effect={p.effect} />
          </Card>
        )}
        {p.changedBy.length > 0 && (
          <Card className="cr-card" title={<h2 className="pr-card-title">{t('effect.changedByTitle')}</h2>}>
            <ChangedByList p={p} />
          </Card>
        )}

        {(p.status === 'NOTIFICATION' || p.veto.stakes > 0) && (
          <Card className="cr-card" title={<h2 className="pr-card-title">{t('veto.title')}</h2>}>
            <Suspense fallback={<PartLoading />}>
              <VetoPanel proposal={p} onLocked={() => void reload()} />
            </Suspense>
          </Card>
        )}

        {PAYING.has(p.status) && p.kind === 'NORMAL' && !!p.budgetRequested && (
          <Card
            className="cr-card"
            data-testid="payments-card"
            title={<h2 className="pr-card-title">{t('payments.title')}</h2>}
          >
            <Suspense fallback={<PartLoading />}>
              <PaymentsPanel proposalId={p._id} draftHash={p.hash} />
            </Suspense>
          </Card>
        )}

        {CONCLUDING.has(p.status) && p.kind === 'NORMAL' && !!p.budgetRequested && (
          <Card
            className="cr-card"
            data-testid="conclusion-card"
            title={<h2 className="pr-card-title">{t('conclusion.title')}</h2>}
          >
            <Suspense fallback={<PartLoading />}>
              <ConclusionPanel proposalId={p._id} draftHash={p.hash} />
            </Suspense>
          </Card>
        )}

        <div className="pr-detail">
          <Card className="cr-card pr-detail__main">
            <ProposalContent p={p} />
          </Card>
          <aside className="pr-detail__aside">
            <Card className="cr-card" title={<h2 className="pr-card-title">{t('preamble.title')}</h2>}>
              <ProposalPreamble p={p} />
            </Card>
            <Card className="cr-card" title={<h2 className="pr-card-title">{t('tx.title')}</h2>}>
              <ChainTransactions actions={[...actions.values()]} onChange={onChainChange} />
              {p.archivable && (
                <p className="pr-muted">
                  <a href={proposalApi.archiveUrl(p._id)} download data-testid="proposal-archive">
                    <DownloadOutlined /> {t('tx.archive')}
                  </a>
                  <br />
                  {t('tx.archiveHint')}
                </p>
              )}
            </Card>
          </aside>
        </div>
        {p.status !== 'DRAFT' && (
          <Suspense fallback={<PartLoading />}>
            <ProposalTracking p={p} />
          </Suspense>
        )}
        <p className="pr-muted pr-center">
          <Link to={paths.proposals()}>{t('actions.backToList')}</Link>
        </p>
      </AfterFirstPaint>
    </>
  );
}
