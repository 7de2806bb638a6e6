import { Alert, Button, Card, Skeleton, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CouncilOverview } from '@cr/contract/council.contract';
import { ChainHeight } from '../../../components/block-eta/block-eta';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { councilApi } from '../api/council-api';
import { MemberCard } from '../components/member-card';
import { PreviousTerms } from '../components/previous-terms';
import { TermClock } from '../components/term-clock';
import { useCouncilErrorText } from '../model/error-text';
import { useLoad } from '../../../lib/use-load';
import '../council.css';
import { paths } from '../../../lib/paths';
import { compareNames } from '../../../lib/compare-names';

const TABS = ['COUNCIL', 'SECRETARIAT', 'PREVIOUS'] as const;

function Members({ data }: { data: CouncilOverview }) {
  const { t } = useTranslation('council');
  if (data.members.length === 0) return <EmptyState description={t('members.empty')} />;
  return (
    <div className="cs-grid" data-testid="council-members">
      {[...data.members]
        .sort((a, b) => compareNames(a.name, b.name))
        .map((m) => (
          <MemberCard key={m.memberId} member={m} removed={!m.seated} role={t('members.role')}>
            <p className="cs-card__stat">
              {t('members.votes', { chained: m.votesChained, total: m.votesTotal })}
            </p>
            {m.bio && <p className="cs-card__bio">{m.bio}</p>}
          </MemberCard>
        ))}
    </div>
  );
}

export function Secretariat({ data }: { data: Pick<CouncilOverview, 'secretariat'> }) {
  const { t } = useTranslation('council');
  const { secretaryGeneral, staff } = data.secretariat;
  if (!secretaryGeneral && staff.length === 0) return <EmptyState description={t('secretariat.empty')} />;
  return (
    <div className="cs-grid" data-testid="secretariat">
      {secretaryGeneral && (
        <MemberCard
          member={secretaryGeneral}
          role={t('secretariat.general')}
          to={paths.secretariatPosition(secretaryGeneral.userId ?? secretaryGeneral.did)}
        />
      )}
      {staff
        .filter((s) => s.did !== secretaryGeneral?.did)
        .map((s) => (
          <MemberCard
            key={s.memberId}
            member={s}
            role={t('secretariat.staff')}
            to={paths.secretariatPosition(s.userId ?? s.did)}
          />
        ))}
    </div>
  );
}

/** /council: tabs Council (default: the current term and the secretariat), Secretariat, Previous terms. */
export function CouncilPage() {
  const { t } = useTranslation('council');
  const errorText = useCouncilErrorText();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'COUNCIL';
  const { data, error, loading, reload } = useLoad((signal) => councilApi.overview(signal), 'overview');

  const body = (children: (d: CouncilOverview) => React.ReactNode) =>
    loading && !data ? (
      <Skeleton active avatar paragraph={{ rows: 4 }} />
    ) : error || !data ? (
      <EmptyState description={errorText(error)}>
        <Button onClick={reload}>{t('actions.retry')}</Button>
      </EmptyState>
    ) : (
      children(data)
    );

  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ title: t('title') }]}
        subtitle={t('subtitle')}
        extra={<ChainHeight />}
      />
      {data?.electionRunning && (
        <Alert
          className="cs-alert"
          type="warning"
          showIcon
          title={t('election.runningNotice')}
          action={<Link to={paths.candidates()}>{t('election.seeCandidates')}</Link>}
        />
      )}
      <Card className="cr-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'COUNCIL' ? {} : { tab: key }, { replace: true })}
          items={[
            {
              key: 'COUNCIL',
              label: t('tabs.council'),
              children: body((d) => (
                <>
                  {d.current ? (
                    <TermClock term={d.current} electionRunning={d.electionRunning} />
                  ) : (
                    <p className="cs-muted">{t('term.none')}</p>
                  )}
                  <h2 className="cs-section-title">{t('members.title')}</h2>
                  <Members data={d} />
                  <h2 className="cs-section-title cs-section-title--spaced">{t('secretariat.title')}</h2>
                  <Secretariat data={d} />
                </>
              )),
            },
            {
              key: 'SECRETARIAT',
              label: t('tabs.secretariat'),
              children: body((d) => <Secretariat data={d} />),
            },
            {
              key: 'PREVIOUS',
              label: t('tabs.previous'),
              children: tab === 'PREVIOUS' ? <PreviousTerms onlyPrevious /> : null,
            },
          ]}
        />
      </Card>
      <Card className="cr-card" size="small">
        <strong>{t('rules')}</strong> · <Link to={paths.whitepaper()}>{t('rulesLink')}</Link> ·{' '}
        <Link to={paths.councilList()}>{t('allTerms')}</Link>
      </Card>
    </>
  );
}
