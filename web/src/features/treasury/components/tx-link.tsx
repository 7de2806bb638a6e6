import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { explorerTxUrl, shortHash } from '../../../components/chain-status/explorer';

/** A transaction hash: a link to the chain's explorer when it has one, else the hash to copy. */
export function TxLink({ chainId, txHash }: { chainId: number | null; txHash: string }) {
  const { t } = useTranslation('treasury');
  const url = explorerTxUrl(chainId, txHash);
  if (url)
    return (
      <Typography.Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        title={txHash}
        className="ts-hash"
      >
        {shortHash(txHash)}
      </Typography.Link>
    );
  return (
    <Typography.Text
      className="ts-hash"
      data-testid="tx-hash"
      title={txHash}
      copyable={{ text: txHash, tooltips: [t('tx.copy'), t('tx.copied')] }}
    >
      {shortHash(txHash)}
    </Typography.Text>
  );
}
