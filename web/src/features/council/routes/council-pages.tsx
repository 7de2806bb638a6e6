import { useState } from 'react';
import { Avatar, Button, Card, Pagination, Progress, Result, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BlockEta, ChainHeight } from '../../../components/block-eta/block-eta';
import { ChainStatusTag } from '../../../components/chain-status/chain-status-tag';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/dates';
import { councilApi } from '../api/council-api';
import { DidText } from '../components/member-card';
import { PreviousTerms } from '../components/previous-terms';
import { useCouncilErrorText } from '../model/error-text';
import { useLoad } from '../../../lib/use-load';
import '../council.css';
import { paths } from '../../../lib/paths';

function useCouncilCrumb() {
  const { t } = useTranslation('council');
  return { title: t('title'), to: paths.council() };
}

const CHOICE_COLOR: Record<string, string> = { yes: 'success', oppose: 'error', abstain: 'default' };

function Failed({ error, reload }: { error: unknown; reload(): void }) {
  const { t } = useTranslation('council');
  const errorText = useCouncilErrorText();
  return (
    <Card className="cr-card">
      <Result
        status="warning"
        title={errorText(error)}
        extra={<Button onClick={reload}>{t('actions.retry')}</Button>}
      />
    </Card>
  );
}

/** /council/list — every council term with its members. */
export function CouncilListPage() {
  const { t } = useTranslation('council');
  return (
    <>
      <PageHeader
        title={t('list.title')}
        breadcrumbs={[useCouncilCrumb(), { title: t('list.title') }]}
        subtitle={t('list.subtitle')}
        extra={<ChainHeight />}
      />
      <Card className="cr-card">
        <PreviousTerms />
      </Card>
    </>
  );
}

/** /council/detail/:id — a council member's profile and voting record with reasons. */
export function CouncilMemberPage() {
  const { t } = useTranslation('council');
  const { id = '' } = useParams();
  const crumb = useCouncilCrumb();
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useLoad(
    (signal) => councilApi.member(id, { page, results: 20 }, signal),
    `${id}:${page}`,
  );

  if (error && !data)
    return (
      <>
        <PageHeader title={t('member.title')} breadcrumbs={[crumb, { title: t('member.title') }]} />
        <Failed error={error} reload={reload} />
      </>
    );
  if (!data)
    return (
      <>
        <PageHeader title={t('member.title')} breadcrumbs={[crumb, { title: t('member.title') }]} />
        <Card className="cr-card">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </>
    );

  const { member, record, stats } = data;
  const total = stats.yes + stats.oppose + stats.abstain;
  return (
    <>
      <PageHeader title={member.name} breadcrumbs={[crumb, { title: member.name }]} />
      <Card className="cr-card cs-profile" data-testid="member-profile">
        <Avatar size={96} src={member.avatar ?? undefined} alt="">
          {member.avatar ? null : member.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div className="cs-profile__body">
          <DidText did={member.did} />
          {data.bio && <p className="cs-profile__bio">{data.bio}</p>}
          <p className="cs-profile__terms">
            {data.terms.map((x) => (
              <Tag key={x.term} color={x.current ? 'processing' : 'default'}>
                {t('term.title', { term: x.term })}
                {x.current ? ` · ${t('terms.current')}` : ''}
                {!x.seated ? ` · ${t('members.removed')}` : ''}
              </Tag>
            ))}
          </p>
          {member.userId && <Link to={paths.member(member.userId)}>{t('member.publicProfile')}</Link>}
        </div>
        <dl className="cs-stats">
          {(['yes', 'oppose', 'abstain'] as const).map((c) => (
            <div key={c}>
              <dt>{t(`choice.${c}`)}</dt>
              <dd>{stats[c]}</dd>
            </div>
          ))}
          <div>
            <dt>{t('member.total')}</dt>
            <dd>{total}</dd>
          </div>
        </dl>
      </Card>
      <Card
        className="cr-card"
        title={<h2 className="cs-card-title">{t('member.record')}</h2>}
        data-testid="voting-record"
      >
        {record.list.length === 0 ? (
          <EmptyState description={t('member.noVotes')} />
        ) : (
          <ol className={`cs-record${loading ? ' cs-record--loading' : ''}`}>
            {record.list.map((v) => (
              <li key={`${v.proposal._id}`} className="cs-record__item" data-testid="record-entry">
                <div className="cs-record__head">
                  <Link to={paths.proposal(v.proposal.number ?? v.proposal._id)} className="cs-record__title">
                    {v.proposal.number ? `#${v.proposal.number} ` : ''}
                    {v.proposal.title}
                  </Link>
                  <Tag>{t(`proposalStatus.${v.proposal.status}`)}</Tag>
                </div>
                <div className="cs-record__vote">
                  <Tag color={CHOICE_COLOR[v.choice]}>{t(`choice.${v.choice}`)}</Tag>
                  <span className="cs-muted">{formatDateTime(v.votedAt)}</span>
                  <ChainStatusTag status={v.chainStatus} txHash={v.txHash} />
                </div>
                <p className="cs-record__reason">{v.reason}</p>
              </li>
            ))}
          </ol>
        )}
        {record.total > record.results && (
          <Pagination
            className="cs-pagination"
            current={record.page}
            pageSize={record.results}
            total={record.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Card>
    </>
  );
}

/** /position/secretariat/:id — the secretary general or a secretariat member. */
export function SecretariatPositionPage() {
  const { t } = useTranslation('council');
  const { id = '' } = useParams();
  const crumb = useCouncilCrumb();
  const { data, error, reload } = useLoad((signal) => councilApi.secretariat(id, signal), id);
  const title = data ? data.person.name : t('position.title');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          crumb,
          { title: t('secretariat.title'), to: paths.council({ tab: 'SECRETARIAT' }) },
          { title },
        ]}
      />
      {error && !data ? (
        <Failed error={error} reload={reload} />
      ) : !data ? (
        <Card className="cr-card">
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      ) : (
        <Card className="cr-card cs-profile" data-testid="secretariat-position">
          <Avatar size={96} src={data.person.avatar ?? undefined} alt="">
            {data.person.avatar ? null : data.person.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div className="cs-profile__body">
            <p className="cs-card__role">
              {data.isSecretaryGeneral ? t('secretariat.general') : t('secretariat.staff')}
            </p>
            <DidText did={data.person.did} />
            {data.bio && <p className="cs-profile__bio">{data.bio}</p>}
            <p className="cs-muted">
              {data.isSecretaryGeneral ? t('position.generalDuties') : t('position.staffDuties')}
            </p>
            {data.person.userId && (
              <Link to={paths.member(data.person.userId)}>{t('member.publicProfile')}</Link>
            )}
          </div>
        </Card>
      )}
    </>
  );
}

const ordinal = (n: number, lang: string) => {
  if (lang === 'zh') return `第 ${n} 名`;
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

/** /candidates — the election's candidates with their votes, or a clear "no election running" state. */
export function CandidatesPage() {
  const { t, i18n } = useTranslation('council');
  const crumb = useCouncilCrumb();
  const { data, error, reload } = useLoad((signal) => councilApi.candidates(signal), 'candidates');
  return (
    <>
      <PageHeader
        title={t('candidates.title')}
        breadcrumbs={[crumb, { title: t('candidates.title') }]}
        subtitle={t('candidates.subtitle')}
        extra={<ChainHeight />}
      />
      {error && !data ? (
        <Failed error={error} reload={reload} />
      ) : !data ? (
        <Card className="cr-card">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : data.state === 'none' ? (
        <Card className="cr-card" data-testid="no-election">
          <Result
            status="info"
            title={t('candidates.noElection')}
            subTitle={
              data.election ? (
                <span className="cs-next-election">
                  <BlockEta
                    endHeight={data.election.start.height}
                    label={t('candidates.nextElection')}
                    endedText={t('candidates.electionDue')}
                  />
                </span>
              ) : (
                t('candidates.noCouncil')
              )
            }
            extra={<Link to={paths.council()}>{t('candidates.toCouncil')}</Link>}
          />
        </Card>
      ) : (
        <Card className="cr-card">
          {data.election && (
            <p>
              <BlockEta endHeight={data.election.end.height} label={t('candidates.electionEnds')} />
            </p>
          )}
          {data.candidates.length === 0 ? (
            <EmptyState description={t('candidates.empty')} />
          ) : (
            <ol className="cs-candidates" data-testid="candidates">
              {data.candidates.map((c) => (
                <li key={c.did} className="cs-candidate">
                  <span className="cs-candidate__rank">{ordinal(c.rank, i18n.language)}</span>
                  <Avatar size={56} src={c.avatar ?? undefined} alt="">
                    {c.avatar ? null : c.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <div className="cs-candidate__body">
                    <strong>{c.name}</strong>
                    <DidText did={c.did} />
                    <Progress
                      percent={Math.round(c.share * 10) / 10}
                      size="small"
                      format={() => (c.share > 0 && c.share < 1 ? '< 1%' : `${c.share.toFixed(1)}%`)}
                      aria-label={t('candidates.share')}
                    />
                  </div>
                  <span className="cs-candidate__votes">{t('candidates.votes', { votes: c.votes })}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      )}
    </>
  );
}
