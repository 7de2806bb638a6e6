import { Button, Collapse, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { councilApi } from '../api/council-api';
import { useCouncilErrorText } from '../model/error-text';
import { useLoad } from '../../../lib/use-load';
import { MemberCard } from './member-card';
import { TermClock } from './term-clock';
import { compareNames } from '../../../lib/compare-names';

/** Every council term (or only the previous ones) with its members, newest first; the newest is open. */
export function PreviousTerms({ onlyPrevious }: { onlyPrevious?: boolean }) {
  const { t } = useTranslation('council');
  const errorText = useCouncilErrorText();
  const { data, error, loading, reload } = useLoad((signal) => councilApi.terms(signal), 'terms');
  if (loading && !data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error || !data)
    return (
      <EmptyState description={errorText(error)}>
        <Button onClick={reload}>{t('actions.retry')}</Button>
      </EmptyState>
    );
  const terms = onlyPrevious ? data.terms.filter((x) => !x.current) : data.terms;
  if (terms.length === 0) return <EmptyState description={t('terms.nonePrevious')} />;
  return (
    <Collapse
      data-testid="council-terms"
      defaultActiveKey={[String(terms[0]!.term)]}
      items={terms.map((term) => ({
        key: String(term.term),
        label: (
          <span>
            {t('term.title', { term: term.term })}
            {term.current ? ` · ${t('terms.current')}` : ''}
            <span className="cs-muted"> · {t('terms.members', { count: term.members.length })}</span>
          </span>
        ),
        children: (
          <>
            <TermClock term={term} />
            {term.members.length === 0 ? (
              <EmptyState description={t('members.empty')} />
            ) : (
              <div className="cs-grid">
                {[...term.members]
                  .sort((a, b) => compareNames(a.name, b.name))
                  .map((m) => (
                    <MemberCard key={m.memberId} member={m} removed={!m.seated}>
                      <p className="cs-card__stat">
                        {m.votesTotal
                          ? t('members.votes', { chained: m.votesChained, total: m.votesTotal })
                          : t('members.noVotes')}
                      </p>
                    </MemberCard>
                  ))}
              </div>
            )}
          </>
        ),
      }))}
    />
  );
}
