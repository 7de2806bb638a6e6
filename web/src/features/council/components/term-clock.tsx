import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CouncilTerm } from '@cr/contract/council.contract';
import { useDurationText } from '../../../components/block-eta/block-eta-i18n';
import { BlockTimeline } from '../../../components/block-eta/block-timeline';
import { useChainHead } from '../../../components/block-eta/use-chain-head';
import { formatCount } from '../../../lib/numbers';

/**
 * A council term by block height: its start, the election (electionPeriodBlocks before the end, 21,900 in
 * production) and its end (termLengthBlocks after the start, 262,800 ≈ one year), each with a live ETA.
 */
export function TermClock({ term, electionRunning }: { term: CouncilTerm; electionRunning?: boolean }) {
  const { t, i18n } = useTranslation('council');
  const avg = useChainHead().head?.avgBlockMs ?? null;
  const duration = useDurationText();
  const length = term.end.height - term.start.height;
  const election = term.end.height - term.electionStart.height;
  return (
    <section className="cs-term" aria-labelledby={`cs-term-${term.term}`} data-testid="term-clock">
      <div className="cs-term__head">
        <h2 id={`cs-term-${term.term}`} className="cs-section-title">
          {t('term.title', { term: term.term })}
        </h2>
        <span className="cs-muted">{t('term.seats', { seated: term.seated, seats: term.seats })}</span>
        {electionRunning && <Tag color="gold">{t('term.electionRunning')}</Tag>}
      </div>
      <BlockTimeline
        marks={[
          { key: 'start', label: t('term.start'), height: term.start.height },
          { key: 'election', label: t('term.electionStart'), height: term.electionStart.height },
          { key: 'end', label: t('term.end'), height: term.end.height },
        ]}
      />
      <p className="cs-muted cs-term__rule">
        {t('term.rule', {
          length: formatCount(length, i18n.language),
          election: formatCount(election, i18n.language),
          duration: avg ? duration(length * avg) : '—',
          electionDuration: avg ? duration(election * avg) : '—',
        })}
      </p>
    </section>
  );
}
