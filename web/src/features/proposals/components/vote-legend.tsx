import { useTranslation } from 'react-i18next';
import { VOTE_RESULT_COLOR, VOTE_RESULTS } from '../model/vote-tally';

/** "Yes / Oppose / Abstain / Undecided" with their colours; the line in the bars is the pass threshold. */
export function VoteLegend() {
  const { t } = useTranslation('proposals');
  return (
    <p className="pr-legend-line">
      <span className="pr-muted">{t('votes.legend')}</span>
      {VOTE_RESULTS.map((r) => (
        <span key={r} className="pr-legend">
          <span
            className="pr-legend__swatch"
            style={{ background: VOTE_RESULT_COLOR[r] }}
            aria-hidden="true"
          />
          {t(`votes.result.${r}`)}
        </span>
      ))}
      <span className="pr-legend">
        <span className="pr-legend__line" aria-hidden="true" />
        {t('votes.thresholdShort')}
      </span>
    </p>
  );
}
