import { useCallback, useEffect, useRef, useState } from 'react';
import { PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import { TRACKING_UPDATE_EVENT } from '@cr/contract/proposal-tracking.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { latestOnly } from '../../../lib/latest-only';
import { CHAIN_ACTION_EVENT } from '../../../components/chain-status/use-chain-action';

const RELOAD_DEBOUNCE_MS = 400;

/**
 * Something of a proposal read with `load`, kept current: any chain action of the proposal (an action being
 * relayed), any `proposal:update` (the chain moved it) and any tracking update (a reviewed summary changes what
 * may be done next) reload it once, debounced; an answer read before the latest change is dropped.
 */
export function useLiveProposalPart<T>(proposalId: string, load: (proposalId: string) => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [reads] = useState(latestOnly);

  const reload = useCallback(
    () =>
      reads.run(
        () => load(proposalId),
        (p) => {
          setData(p);
          setError(null);
        },
        setError,
      ),
    [proposalId, load, reads],
  );

  useEffect(() => {
    void reload();
    const later = () => {
      reads.supersede();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void reload(), RELOAD_DEBOUNCE_MS);
    };
    const room = proposalRoom(proposalId);
    const offUpdate = listenRoom(room, PROPOSAL_UPDATE_EVENT, later);
    const offChain = listenRoom(room, CHAIN_ACTION_EVENT, later);
    const offTracking = listenRoom(room, TRACKING_UPDATE_EVENT, later);
    return () => {
      offUpdate();
      offChain();
      offTracking();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [proposalId, reload, reads]);

  return { data, error, reload };
}
