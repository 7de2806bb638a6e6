import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEla } from '../../../lib/ela';

/**
 * One figure of the treasury: its label, the exact amount, what it means, and a button that lists the
 * transactions behind it (the page filters its transaction list to them).
 */
export function StatCard({
  id,
  label,
  amount,
  display,
  note,
  txCount,
  onShowTxs,
}: {
  id: string;
  label: string;
  /** An ELA amount, shown exactly; or `display`, a figure that is not an amount (days). */
  amount?: string | null;
  display?: string;
  note: ReactNode;
  txCount: number;
  onShowTxs(): void;
}) {
  const { t } = useTranslation('treasury');
  return (
    <section className="ts-stat" data-testid={`stat-${id}`} aria-labelledby={`stat-${id}-label`}>
      <h2 className="ts-stat__label" id={`stat-${id}-label`}>
        {label}
      </h2>
      <p className="ts-stat__value" data-testid={`stat-${id}-value`}>
        {amount ? formatEla(amount) : (display ?? '—')}
        {amount && <span className="ts-stat__unit"> ELA</span>}
      </p>
      <p className="ts-stat__note">{note}</p>
      <Button type="link" size="small" className="ts-stat__txs" onClick={onShowTxs} disabled={txCount === 0}>
        {t('tx.behind', { count: txCount })}
      </Button>
    </section>
  );
}
