import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TreasuryBudget } from '@cr/contract/treasury.contract';
import { paths } from '../../../lib/paths';
import { elaValue, formatEla } from '../../../lib/ela';

/**
 * Paid vs reserved per proposal: one bar per budget, its length the budget (against the largest), split into
 * paid, still reserved and released. Plain HTML bars: they reflow at 375 px without a chart library.
 */
export function BudgetBars({
  budgets,
  onShowTxs,
}: {
  budgets: TreasuryBudget[];
  onShowTxs(budget: TreasuryBudget): void;
}) {
  const { t } = useTranslation('treasury');
  const { t: tp } = useTranslation('proposals');
  if (budgets.length === 0) return <p className="ts-muted">{t('budgets.empty')}</p>;
  const max = Math.max(...budgets.map((b) => elaValue(b.budgetEla)), 1);
  const pct = (amount: string) => `${(elaValue(amount) / max) * 100}%`;
  return (
    <div data-testid="budget-bars">
      <ul className="ts-legend" aria-hidden="true">
        <li>
          <span className="ts-swatch ts-swatch--paid" /> {t('budgets.paid')}
        </li>
        <li>
          <span className="ts-swatch ts-swatch--reserved" /> {t('budgets.reserved')}
        </li>
        <li>
          <span className="ts-swatch ts-swatch--released" /> {t('budgets.released')}
        </li>
      </ul>
      <ul className="ts-bars">
        {budgets.map((b) => (
          <li key={b.draftHash} className="ts-bar" data-testid="budget-row">
            <div className="ts-bar__head">
              {b.proposal ? (
                <Link to={paths.proposal(b.proposal.number ?? b.proposal.id)} className="ts-bar__title">
                  {b.proposal.number !== null ? `#${b.proposal.number} ` : ''}
                  {b.proposal.title}
                </Link>
              ) : (
                <span className="ts-bar__title ts-hash" title={b.draftHash}>
                  {t('budgets.unknown', { hash: b.draftHash.slice(0, 10) })}
                </span>
              )}
              {b.status && <span className="ts-tag">{tp(`status.${b.status}`)}</span>}
            </div>
            <div
              className="ts-bar__track"
              role="img"
              aria-label={t('budgets.aria', {
                paid: formatEla(b.paidEla),
                reserved: formatEla(b.reservedEla),
                budget: formatEla(b.budgetEla),
              })}
            >
              <span className="ts-bar__seg ts-swatch--paid" style={{ width: pct(b.paidEla) }} />
              <span className="ts-bar__seg ts-swatch--reserved" style={{ width: pct(b.reservedEla) }} />
              <span className="ts-bar__seg ts-swatch--released" style={{ width: pct(b.releasedEla) }} />
            </div>
            <p className="ts-bar__figures">
              {t('budgets.figures', {
                budget: formatEla(b.budgetEla),
                paid: formatEla(b.paidEla),
                reserved: formatEla(b.reservedEla),
              })}{' '}
              <button type="button" className="ts-linkbtn" onClick={() => onShowTxs(b)}>
                {t('tx.behind', { count: b.txHashes.length })}
              </button>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
