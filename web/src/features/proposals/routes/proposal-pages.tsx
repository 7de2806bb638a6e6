import { Alert, Card, Result, Skeleton, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail } from '@cr/api/contract/proposal.contract';
import { ChainHeight } from '../../../components/block-eta/block-eta';
import { BlockTimeline, type TimelineMark } from '../../../components/block-eta/block-timeline';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { formatDate } from '../../../lib/dates';
import { ChainTransactions } from '../components/chain-transactions';
import { MyVotePanel } from '../components/my-vote-panel';
import { PersonChip } from '../components/person-chip';
import { ProposalContent } from '../components/proposal-content';
import { ProposalPreamble } from '../components/proposal-preamble';
import { ProposalStatusTag } from '../components/proposal-status-tag';
import { VetoPanel } from '../components/veto-panel';
import { VoteBarChart } from '../components/vote-bar-chart';
import { VoteResultsTable } from '../components/vote-results-table';
import { WindowLeft } from '../components/window-left';
import { useProposalDetail } from '../hooks/use-proposal-detail';
import { useProposalErrorText } from '../model/error-text';
import { openWindow } from '../model/proposal-status';
import { tallyFromCounts, tallyVotes } from '../model/vote-tally';
import '../proposals.css';

export { ProposalEditPage } from './proposal-edit-page';

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
  return <BlockTimeline marks={marks} stoppedAfter={stoppedAfter} />;
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

/** /proposals/:id and /cvote/:id — by number or id; everything updates live (socket.io), no reload needed. */
export function ProposalDetailPage() {
  const { t } = useTranslation('proposals');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const errorText = useProposalErrorText();
  const { proposal: p, error, live: roomLive, actions, reload, patch, onChainChange } = useProposalDetail(id);

  if (error && !p)
    return (
      <>
        <PageHeader
          title={t('detail.titleFallback', { id })}
          breadcrumbs={[{ title: t('list.title'), to: '/proposals' }, { title: `#${id}` }]}
        />
        <Card className="cr-card">
          <Result
            status="404"
            title={errorText(error)}
            extra={<Link to="/proposals">{t('actions.backToList')}</Link>}
          />
        </Card>
      </>
    );
  if (!p)
    return (
      <>
        <PageHeader
          title={t('detail.loading')}
          breadcrumbs={[{ title: t('list.title'), to: '/proposals' }, { title: `#${id}` }]}
        />
        <Card className="cr-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );

  // Counted as the server counted them, plus any vote whose chain action turned `chained` since (live).
  const counted = p.votes.map((v) =>
    v.choice && v.chainActionId && actions.get(v.chainActionId)?.status === 'chained'
      ? v.choice
      : v.chainedChoice,
  );
  const liveTally = tallyVotes(counted, p.outcome.seats, p.outcome.passThreshold);
  const countedNow = liveTally.support + liveTally.reject + liveTally.abstention;
  const countedByServer = p.outcome.tally.support + p.outcome.tally.reject + p.outcome.tally.abstention;
  const tally =
    countedNow >= countedByServer
      ? liveTally
      : tallyFromCounts(p.outcome.tally, p.outcome.seats, p.outcome.passThreshold);
  const showVotePanel =
    p.my.isCouncilMember && p.status === 'PROPOSED' && (p.my.canVote || !!p.my.vote?.choice);

  return (
    <>
      <PageHeader
        title={p.title}
        breadcrumbs={[
          { title: t('list.title'), to: '/proposals' },
          { title: p.number ? `#${p.number}` : t('status.DRAFT') },
        ]}
        extra={<ChainHeight />}
      />
      <Card className="cr-card pr-head" data-testid="proposal-head" data-status={p.status}>
        <div className="pr-head__meta">
          {p.number && <span className="pr-row__number">#{p.number}</span>}
          <ProposalStatusTag status={p.status} />
          <PersonChip person={p.proposer} />
          <span className="pr-muted">{t('list.created', { date: formatDate(p.createdAt) })}</span>
          {p.suggestion && (
            <Link to={`/suggestion/${p.suggestion.number}`}>
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
            <Link to={`/proposals/${p.number ?? p._id}/edit`}>
              <Tag icon={<EditOutlined />}>{t('actions.edit')}</Tag>
            </Link>
          )}
        </div>
        <StatusNote p={p} />
        {openWindow(p.status) && (
          <div className="pr-head__window">
            <WindowLeft status={p.status} window={p.window} compact={false} />
          </div>
        )}
        <WindowTimeline p={p} />
      </Card>

      <Card
        className="cr-card"
        title={<h2 className="pr-card-title">{t('votes.title')}</h2>}
        data-testid="council-votes"
      >
        <VoteBarChart tally={tally} />
        <p className="pr-muted pr-votes__note">{t('votes.countedNote')}</p>
        {showVotePanel && (
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
            onPosted={() => void reload()}
            onChainChange={onChainChange}
          />
        )}
        {p.my.isCouncilMember && p.status === 'PROPOSED' && !p.my.canVote && !p.my.vote?.choice && (
          <Alert type="info" showIcon title={t('myVote.cannotVote')} className="pr-myvote__alert" />
        )}
        <VoteResultsTable
          votes={p.votes}
          myDid={user?.did?.id}
          actions={actions}
          onChainChange={onChainChange}
        />
      </Card>

      {(p.status === 'NOTIFICATION' || p.veto.stakes > 0) && (
        <Card className="cr-card" title={<h2 className="pr-card-title">{t('veto.title')}</h2>}>
          <VetoPanel proposal={p} onLocked={() => void reload()} />
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
          </Card>
        </aside>
      </div>
      <p className="pr-muted pr-center">
        <Link to="/proposals">{t('actions.backToList')}</Link>
      </p>
    </>
  );
}
