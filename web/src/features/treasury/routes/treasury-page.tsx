import { useRef, useState } from 'react';
import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreasuryOverview } from '@cr/contract/treasury.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageLoading } from '../../../components/page-loading';
import { PageHeader } from '../../../components/page-header';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { useLoad } from '../../../lib/use-load';
import { treasuryApi } from '../api/treasury-api';
import { BalanceChart } from '../components/balance-chart';
import { BudgetBars } from '../components/budget-bars';
import { StatCard } from '../components/stat-card';
import { TransactionsTable, type TxFilter } from '../components/transactions-table';
import { formatEla } from '../../../lib/ela';
import '../treasury.css';

const hashesOf = (data: TreasuryOverview, kinds: string[]) =>
  data.transactions.filter((x) => kinds.includes(x.kind)).map((x) => x.txHash);

/** The transactions behind the reserved total: every event of the budgets still holding a reservation. */
const reservedHashes = (data: TreasuryOverview) =>
  data.budgets.filter((b) => b.reservedEla !== '0').flatMap((b) => b.txHashes);

function Overview({ data }: { data: TreasuryOverview }) {
  const { t } = useTranslation('treasury');
  const [filter, setFilter] = useState<TxFilter | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const show = (label: string, hashes: string[]) => {
    setFilter({ label, hashes: new Set(hashes) });
    listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const balanceTxs = hashesOf(data, ['FUNDED', 'WITHDRAWN']);
  const reservedTxs = reservedHashes(data);
  const paidTxs = hashesOf(data, ['WITHDRAWN']);
  const capPercent = data.capBps / 100;
  const stat = (id: string, label: string, hashes: string[]) => ({
    id,
    label,
    txCount: new Set(hashes).size,
    onShowTxs: () => show(label, hashes),
  });
  return (
    <>
      {!data.historyIndexed && <Alert className="ts-alert" type="info" showIcon message={t('notIndexed')} />}
      {data.unexplainedEla !== '0' && (
        <Alert
          className="ts-alert"
          type="warning"
          showIcon
          message={t('unexplained', { amount: formatEla(data.unexplainedEla) })}
        />
      )}
      <div className="ts-stats">
        <StatCard
          {...stat('balance', t('stats.balance'), balanceTxs)}
          amount={data.balanceEla}
          note={t('stats.balanceNote')}
        />
        <StatCard
          {...stat('reserved', t('stats.reserved'), reservedTxs)}
          amount={data.reservedEla}
          note={t('stats.reservedNote', { active: formatEla(data.reservedActiveEla) })}
        />
        <StatCard
          {...stat('available', t('stats.available'), [...balanceTxs, ...reservedTxs])}
          amount={data.availableEla}
          note={t('stats.availableNote')}
        />
        <StatCard
          {...stat('cap', t('stats.cap'), [...balanceTxs, ...reservedTxs])}
          amount={data.capEla}
          note={t('stats.capNote', { percent: capPercent })}
        />
        <StatCard
          {...stat('paid', t('stats.paid'), paidTxs)}
          amount={data.paidEla}
          note={t('stats.paidNote')}
        />
        <StatCard
          {...stat('runway', t('stats.runway'), data.runway.txHashes)}
          display={
            data.runway.days === null ? t('stats.runwayNone') : t('stats.days', { count: data.runway.days })
          }
          note={
            data.runway.perDayEla
              ? t('stats.runwayNote', {
                  perDay: formatEla(data.runway.perDayEla),
                  days: data.runway.windowDays,
                })
              : t('stats.runwayNoneNote', { days: data.runway.windowDays })
          }
        />
      </div>

      <div className="ts-columns">
        <Card className="cr-card ts-section" title={<h2 className="ts-h2">{t('charts.balance')}</h2>}>
          <BalanceChart data={data} />
        </Card>
        <Card className="cr-card ts-section" title={<h2 className="ts-h2">{t('charts.budgets')}</h2>}>
          <BudgetBars
            budgets={data.budgets}
            onShowTxs={(b) => show(b.proposal?.title ?? b.draftHash.slice(0, 10), b.txHashes)}
          />
        </Card>
      </div>

      <Card className="cr-card ts-section" title={<h2 className="ts-h2">{t('terms.title')}</h2>}>
        {data.paidByTerm.length === 0 ? (
          <p className="ts-muted">{t('terms.empty')}</p>
        ) : (
          <ul className="ts-terms" data-testid="paid-by-term">
            {data.paidByTerm.map((x) => (
              <li key={x.term ?? 'none'}>
                <span>{x.term === null ? t('terms.before') : t('terms.term', { term: x.term })}</span>
                <strong className="ts-num">{formatEla(x.paidEla)} ELA</strong>
                <button
                  type="button"
                  className="ts-linkbtn"
                  onClick={() => show(t('terms.term', { term: x.term ?? '—' }), x.txHashes)}
                >
                  {t('tx.behind', { count: x.txHashes.length })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <div ref={listRef} id="treasury-transactions">
        <Card className="cr-card ts-section" title={<h2 className="ts-h2">{t('tx.title')}</h2>}>
          <TransactionsTable data={data} filter={filter} onClear={() => setFilter(null)} />
        </Card>
      </div>
      <p className="ts-muted ts-source" data-testid="treasury-source" data-block={data.blockNumber}>
        {t('source', { address: data.address, block: data.blockNumber })}
      </p>
    </>
  );
}

/** /treasury: the public treasury, every figure read from the chain and linked to its transactions. */
export function TreasuryPage() {
  const { t, i18n } = useTranslation('treasury');
  const { data, error, loading, reload } = useLoad((signal) => treasuryApi.overview(signal), 'treasury');
  const errorText = (err: unknown) => {
    if (err instanceof NetworkError) return t('errors.network');
    if (err instanceof ApiError && i18n.exists(`errors.${err.type}`, { ns: 'treasury' }))
      return t(`errors.${err.type}`);
    return t('errors.generic');
  };
  // The one loading state of the site (a heading and a card of skeleton lines) until the figures arrive.
  if (loading && !data) return <PageLoading />;
  return (
    <div className="ts-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} breadcrumbs={[{ title: t('title') }]} />
      {error || !data ? (
        <EmptyState description={errorText(error)}>
          <Button onClick={reload}>{t('retry')}</Button>
        </EmptyState>
      ) : (
        <Overview data={data} />
      )}
    </div>
  );
}
