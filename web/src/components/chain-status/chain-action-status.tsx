import { useEffect } from 'react';
import type { ChainActionView } from '@cr/contract/chain.contract';
import { ChainStatusTag, type ChainStatus } from './chain-status-tag';
import { useChainAction } from './use-chain-action';

export interface ChainActionStatusProps {
  /** The chain action to follow live; without one, `status` is shown as it is. */
  actionId?: string | null;
  /** What the page already knows (from its own data), shown until the live view arrives. */
  initial?: ChainActionView | null;
  /** Status to show when there is no action yet (e.g. a vote not posted: `unchain`). */
  status?: ChainStatus;
  showHash?: boolean;
  hint?: string;
  /** Called with each new view (e.g. to refresh the page's own record once it is chained). */
  onChange?(view: ChainActionView): void;
}

/** A chain status tag that follows its action live over socket.io (polling only as a fallback), with retry. */
export function ChainActionStatus({
  actionId,
  initial,
  status = 'unchain',
  showHash,
  hint,
  onChange,
}: ChainActionStatusProps) {
  const { view, retry, retrying } = useChainAction(actionId, initial);
  // An action id means the wallet signature was accepted and the action recorded: it is on its way.
  const queued = !!actionId;
  useEffect(() => {
    if (view) onChange?.(view);
    // onChange is a callback prop; only a new view should call it.
  }, [view]);
  if (!view)
    return (
      <ChainStatusTag status={initial?.status ?? status} showHash={showHash} hint={hint} queued={queued} />
    );
  return (
    <ChainStatusTag
      status={view.status}
      txHash={view.txHash}
      blockNumber={view.blockNumber}
      failureType={view.failureType}
      failureReason={view.failureReason}
      showHash={showHash}
      hint={hint}
      queued={queued}
      onRetry={view.retryable ? retry : undefined}
      retrying={retrying}
    />
  );
}
