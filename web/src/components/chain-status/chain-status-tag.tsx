import { Button, Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainActionView } from '@cr/contract/chain.contract';
import { useChainHead } from '../block-eta/use-chain-head';
import { CHAIN_NS, chainFailureText } from './chain-status-i18n';
import { explorerTxUrl, shortHash } from './explorer';
import './chain-status.css';
import { useFeedback } from '../../lib/use-feedback';
import { formatCount } from '../../lib/numbers';
import { LazyTooltip } from '../lazy-tooltip';
import { CopyableCode } from './copyable-code';

export type ChainStatus = ChainActionView['status'];

export interface ChainStatusTagProps {
  status: ChainStatus;
  txHash?: string | null;
  blockNumber?: number | null;
  failureType?: string | null;
  /** The worker's readable reason (English, from the chain); shown under the translated failure text. */
  failureReason?: string | null;
  /** Shows the transaction hash (a link on known chains, else copyable). Default true. */
  showHash?: boolean;
  /** Offered on a failed action a person may retry; the tag shows a Retry button calling it. */
  onRetry?: () => Promise<unknown>;
  retrying?: boolean;
  /** Extra words in the tooltip (e.g. "your vote is only on this site until it is on chain"). */
  hint?: string;
  /**
   * The action exists (it was signed and recorded) but the relayer has not sent it yet: `unchain` then reads
   * "signed, posting" instead of "not on chain yet", which would invite the member to post it again.
   */
  queued?: boolean;
}

const COLOR: Record<ChainStatus, string> = {
  unchain: 'default',
  chaining: 'processing',
  chained: 'success',
  failed: 'error',
};

function StatusIcon({ status }: { status: ChainStatus }) {
  if (status === 'chaining') return <SyncOutlined spin />;
  if (status === 'chained') return <CheckCircleOutlined />;
  if (status === 'failed') return <CloseCircleOutlined />;
  return <ClockCircleOutlined />;
}

/**
 * The on-chain state of one action as a coloured tag (spec §4: unchain, chaining, chained, failed) with an
 * explanation on hover/focus, the transaction hash, the block, and a Retry button when a failure may be retried.
 * `data-chain-status` carries the raw status for tests and styling.
 */
export function ChainStatusTag({
  status,
  txHash,
  blockNumber,
  failureType,
  failureReason,
  showHash = true,
  onRetry,
  retrying,
  hint,
  queued = false,
}: ChainStatusTagProps) {
  const { t, i18n } = useTranslation(CHAIN_NS);
  const { message } = useFeedback();
  const chainId = useChainHead().head?.chainId;
  // The shown state: `unchain` of a signed, recorded action is on its way (data-chain-status keeps the raw value).
  const shown = status === 'unchain' && queued ? 'queued' : status;
  const explain = [
    t(`explain.${shown}`),
    status === 'failed' ? chainFailureText(t, failureType) : null,
    status === 'failed' && failureReason ? failureReason : null,
    hint ?? null,
  ]
    .filter(Boolean)
    .join(' ');
  const label =
    status === 'chained' && blockNumber
      ? t('label.chainedAt', { block: formatCount(blockNumber, i18n.language) })
      : t(`label.${shown}`);
  const url = txHash ? explorerTxUrl(chainId, txHash) : null;

  return (
    <span
      className="cr-chain-status"
      data-testid="chain-status"
      data-chain-status={status}
      data-queued={shown === 'queued' ? 'true' : undefined}
    >
      <LazyTooltip title={explain}>
        <Tag
          color={shown === 'queued' ? 'processing' : COLOR[status]}
          icon={<StatusIcon status={shown === 'queued' ? 'chaining' : status} />}
          className="cr-chain-status__tag"
          tabIndex={0}
          aria-label={`${t('aria')}: ${label}. ${explain}`}
        >
          {label}
        </Tag>
      </LazyTooltip>
      {showHash && txHash && (
        <span className="cr-chain-status__hash">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" title={txHash}>
              {shortHash(txHash)}
            </a>
          ) : (
            <CopyableCode text={txHash} copyLabel={t('copyHash')}>
              {shortHash(txHash)}
            </CopyableCode>
          )}
        </span>
      )}
      {status === 'failed' && onRetry && (
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={retrying}
          onClick={() =>
            void onRetry().then(
              () => message.success(t('retried')),
              () => message.error(t('retryFailed')),
            )
          }
          data-testid="chain-retry"
        >
          {t('retry')}
        </Button>
      )}
    </span>
  );
}
