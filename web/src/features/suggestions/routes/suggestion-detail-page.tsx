import { useCallback, useEffect, useState } from 'react';
import {
  SUGGESTION_EVENTS,
  suggestionRoom,
  type SuggestionEventPayload,
} from '@cr/contract/suggestion.contract';
import { Alert, Card, Result, Steps, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { MakeProposalButton } from '../../../components/make-proposal-button';
import { ProposalDraftButton } from '../../../components/proposal-draft-button';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { formatDate } from '../../../lib/dates';
import { latestOnly } from '../../../lib/latest-only';
import { suggestionApi, type SuggestionDetail } from '../api/suggestion-api';
import { CommentsSection } from '../components/comments-section';
import { SignaturePanel } from '../components/signature-panel';
import { CoSignaturesPanel, NEEDS_COSIGN } from '../components/co-signatures-panel';
import { EngagementBar, RoleActions } from '../components/suggestion-actions';
import { SuggestionContentView } from '../components/suggestion-content-view';
import { authorName, StatusTags } from '../components/status-tags';
import { useErrorText } from '../model/error-text';
import '../suggestions.css';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';

/** Live changes arriving together (a burst of likes) cause one read. */
const LIVE_DEBOUNCE_MS = 400;

/** Posted → Signed → Under consideration → In a proposal (the suggestion lifecycle as steps). */
function Lifecycle({ s }: { s: SuggestionDetail }) {
  const { t } = useTranslation('suggestions');
  const considered = s.tags.some((x) => x.type === 'UNDER_CONSIDERATION');
  // Steps reached are shown done; the next one is the step in progress.
  const current = s.displayStatus === 'referred' ? 4 : considered ? 3 : s.signed ? 2 : 1;
  if (s.status === 'CANCELLED') return <Alert type="error" showIcon title={t('detail.cancelledNotice')} />;
  return (
    <Steps
      size="small"
      className="sg-lifecycle"
      current={current}
      items={[
        { title: t('lifecycle.posted'), content: formatDate(s.createdAt) },
        {
          title: t('lifecycle.signed'),
          content: s.signature ? formatDate(s.signature.signedAt) : t('lifecycle.byAuthor'),
        },
        { title: t('lifecycle.considered'), content: t('lifecycle.byCouncil') },
        {
          title: t('lifecycle.proposal'),
          content: s.proposalNumber ? `#${s.proposalNumber}` : t('lifecycle.byCouncil'),
        },
      ]}
    />
  );
}

/** /suggestion/:id and /suggestions/:id — by number or id. */
export function SuggestionDetailPage() {
  const { t } = useTranslation('suggestions');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const errorText = useErrorText();
  const [s, setS] = useState<SuggestionDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [commentsKey, setCommentsKey] = useState(0);
  const [commentsRefresh, setCommentsRefresh] = useState(0);

  const [reads] = useState(latestOnly);
  const reload = useCallback(
    () =>
      reads.run(
        () => suggestionApi.detail(id),
        (next) => {
          setS(next);
          setError(null);
        },
        setError,
      ),
    [id, reads],
  );

  useEffect(() => {
    setS(null);
    void reload();
  }, [reload]);

  // Live: another member's like, comment, edit, signature or status change shows without a reload. Changes that
  // arrive together cause one read; the comment being typed is kept. Events of other rooms on the shared
  // connection are ignored; after a reconnect (events may have been missed) everything is read again.
  const liveId = s?._id;
  useEffect(() => {
    if (!liveId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let comments = false;
    const schedule = (withComments: boolean) => {
      comments ||= withComments;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        void reload();
        if (comments) setCommentsRefresh((n) => n + 1);
        comments = false;
      }, LIVE_DEBOUNCE_MS);
    };
    const changed = (event: string) => (payload: SuggestionEventPayload | null) => {
      if (payload?.suggestionId === liveId) schedule(event === 'comment');
    };
    let joins = 0;
    const joined = (ok: boolean) => {
      if (ok && joins++ > 0) schedule(true);
    };
    const stops = SUGGESTION_EVENTS.map((event, i) =>
      listenRoom(suggestionRoom(liveId), event, changed(event), i === 0 ? joined : undefined),
    );
    return () => {
      stops.forEach((stop) => stop());
      if (timer) clearTimeout(timer);
    };
  }, [liveId, reload]);

  // One view per visit (the server counts one per member or address per hour).
  useEffect(() => {
    if (!s?._id) return;
    suggestionApi
      .view(s._id)
      .then((v) => setS((cur) => (cur ? { ...cur, viewsNum: v.viewsNum } : cur)))
      .catch(() => undefined); // a view that was not counted changes nothing the reader needs to know
  }, [s?._id]);

  const onCountChange = useCallback(
    (n: number) => setS((cur) => (cur && cur.commentsNum !== n ? { ...cur, commentsNum: n } : cur)),
    [],
  );

  if (error)
    return (
      <>
        <PageHeader
          title={t('detail.title', { number: id })}
          breadcrumbs={[{ title: t('list.title'), to: paths.suggestions() }, { title: `#${id}` }]}
        />
        <Card className="cr-card">
          <Result
            status="404"
            title={errorText(error)}
            extra={<Link to={paths.suggestions()}>{t('actions.backToList')}</Link>}
          />
        </Card>
      </>
    );
  if (!s) return <PageLoading shape="detail" />;

  const infoNeeded = s.tags.filter((x) => x.type === 'INFO_NEEDED');
  const change = (next: Partial<SuggestionDetail>) => {
    setS((cur) => (cur ? { ...cur, ...next } : cur));
    setCommentsKey((k) => k + 1);
  };

  return (
    <>
      <PageHeader
        title={s.title}
        breadcrumbs={[{ title: t('list.title'), to: paths.suggestions() }, { title: `#${s.number}` }]}
      />
      <Card className="cr-card sg-detail-head">
        <div className="sg-meta">
          <span className="sg-number">#{s.number}</span>
          <span className="sg-author">
            <MemberAvatar size={24} src={s.author.avatar} />
            <Link to={paths.member(s.author._id)}>{authorName(s.author)}</Link>
          </span>
          <span className="sg-muted">{t('detail.created', { date: formatDate(s.createdAt) })}</span>
          {s.updatedAt !== s.createdAt && (
            <span className="sg-muted">{t('detail.updated', { date: formatDate(s.updatedAt) })}</span>
          )}
          <span className="sg-muted">{t(`types.${s.type}.label`)}</span>
          <span className="sg-muted">{t('detail.version', { version: s.version })}</span>
        </div>
        <StatusTags s={s} />
        {s.status === 'ABUSED' && (
          <Alert className="sg-page-alert" type="error" showIcon title={t('detail.abusedNotice')} />
        )}
        {infoNeeded.length > 0 && s.status === 'ACTIVE' && (
          <Alert
            className="sg-page-alert"
            type="warning"
            showIcon
            title={t('detail.infoNeeded')}
            description={
              <>
                <p>{t('detail.infoNeededText')}</p>
                {infoNeeded.map((x) => (
                  <blockquote key={x.createdAt} className="sg-statement">
                    {x.description}
                  </blockquote>
                ))}
              </>
            }
          />
        )}
        <Lifecycle s={s} />
        <EngagementBar
          s={s}
          onChange={(next) => setS((cur) => (cur ? { ...cur, ...next } : cur))}
          reload={reload}
        />
        <RoleActions s={s} onChange={change} reload={reload} autoSign={params.get('new') === '1'} />
        <div className="sg-make-proposal">
          <MakeProposalButton suggestion={s} onMade={() => void reload()} />
          {!s.proposalNumber && s.status === 'ACTIVE' && <ProposalDraftButton suggestion={s} />}
        </div>
      </Card>
      <div className="sg-detail">
        <Card className="cr-card sg-detail__main">
          <SuggestionContentView content={s.content} />
        </Card>
        <aside className={`sg-detail__aside${NEEDS_COSIGN.has(s.type) ? ' sg-detail__aside--stack' : ''}`}>
          <Card className="cr-card">
            <SignaturePanel s={s} />
          </Card>
          {NEEDS_COSIGN.has(s.type) && (
            <Card className="cr-card">
              <CoSignaturesPanel s={s} />
            </Card>
          )}
        </aside>
      </div>
      <Card className="cr-card">
        <CommentsSection key={commentsKey} s={s} onCountChange={onCountChange} refresh={commentsRefresh} />
      </Card>
      <Typography.Paragraph className="sg-muted sg-center">
        <Link to={paths.suggestions()}>{t('actions.backToList')}</Link>
      </Typography.Paragraph>
    </>
  );
}
