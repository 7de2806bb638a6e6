import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreasuryOverview, TreasuryTx } from '@cr/contract/treasury.contract';
import { ScrollHint } from '../../../components/scroll-hint';
import { formatEla } from '../../../lib/ela';
import { TxLink } from './tx-link';

/** The figure whose transactions the list is narrowed to (null: every transaction). */
export interface TxFilter {
  label: string;
  hashes: ReadonlySet<string>;
}

/** Every treasury transaction, newest first, or those behind one figure. */
export function TransactionsTable({
  data,
  filter,
  onClear,
}: {
  data: TreasuryOverview;
  filter: TxFilter | null;
  onClear(): void;
}) {
  const { t } = useTranslation('treasury');
  const rows = filter ? data.transactions.filter((x) => filter.hashes.has(x.txHash)) : data.transactions;
  const titleOf = (x: TreasuryTx) => {
    const b = x.draftHash ? data.budgets.find((y) => y.draftHash === x.draftHash) : undefined;
    if (!b?.proposal) return '';
    return `${b.proposal.number !== null ? `#${b.proposal.number} ` : ''}${b.proposal.title}`;
  };
  return (
    <div data-testid="treasury-transactions">
      {filter && (
        <p className="ts-filter" data-testid="tx-filter">
          {t('tx.filtered', { label: filter.label, count: rows.length })}{' '}
          <Button size="small" onClick={onClear}>
            {t('tx.showAll')}
          </Button>
        </p>
      )}
      <ScrollHint>
        <Table<TreasuryTx>
          size="small"
          rowKey={(x) => `${x.txHash}-${x.kind}-${x.draftHash ?? ''}`}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('tx.empty') }}
          columns={[
            { title: t('tx.kind'), key: 'kind', render: (_, x) => t(`tx.kinds.${x.kind}`) },
            {
              title: t('tx.amount'),
              key: 'amount',
              align: 'right',
              render: (_, x) => <span className="ts-num">{formatEla(x.amountEla)} ELA</span>,
            },
            { title: t('tx.proposal'), key: 'proposal', render: (_, x) => titleOf(x) },
            { title: t('tx.block'), dataIndex: 'blockNumber', key: 'block' },
            { title: t('tx.term'), key: 'term', render: (_, x) => x.term ?? '—' },
            {
              title: t('tx.hash'),
              key: 'hash',
              render: (_, x) => <TxLink chainId={data.chainId} txHash={x.txHash} />,
            },
          ]}
        />
      </ScrollHint>
    </div>
  );
}
