import { useTranslation } from 'react-i18next';
import type { ChainActionView } from '@cr/contract/chain.contract';
import { ChainActionStatus } from '../../../components/chain-status/chain-action-status';
import { formatDateTime } from '../../../lib/dates';

/** The proposal's on-chain transactions (registration, votes, vetoes, finalize), newest first, each live. */
export function ChainTransactions({
  actions,
  onChange,
}: {
  actions: ChainActionView[];
  onChange?(view: ChainActionView): void;
}) {
  const { t, i18n } = useTranslation('proposals');
  const sorted = [...actions].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  if (sorted.length === 0) return <p className="pr-muted">{t('tx.empty')}</p>;
  return (
    <ul className="pr-tx" data-testid="chain-transactions">
      {sorted.map((a) => (
        <li key={a.id} className="pr-tx__item" data-testid="chain-tx" data-kind={a.kind}>
          <span className="pr-tx__kind">
            {i18n.exists(`tx.kinds.${a.kind}`, { ns: 'proposals' }) ? t(`tx.kinds.${a.kind}`) : a.kind}
            {a.mode === 'track' && <span className="pr-muted"> · {t('tx.sentByWallet')}</span>}
          </span>
          <ChainActionStatus actionId={a.id} initial={a} onChange={onChange} />
          <span className="pr-muted pr-tx__time">{formatDateTime(a.updatedAt)}</span>
        </li>
      ))}
    </ul>
  );
}
