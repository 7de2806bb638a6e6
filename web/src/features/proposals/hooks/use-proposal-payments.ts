import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProposalPayments } from '@cr/api/contract/milestone.contract';
import { PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/api/contract/proposal.contract';
import { TRACKING_UPDATE_EVENT } from '@cr/api/contract/proposal-tracking.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { CHAIN_ACTION_EVENT } from '../../../components/chain-status/use-chain-action';
import { proposalApi } from '../api/proposal-api';

const RELOAD_DEBOUNCE_MS = 400;

/**
 * A proposal's payments, kept current: any chain action of the proposal (a request, review or withdrawal being
 * relayed) and any `proposal:update` (a Treasury event moved a milestone) reload them once, debounced.
 */
export function useProposalPayments(proposalId: string) {
  const [payments, setPayments] = useState<ProposalPayments | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const p = await proposalApi.payments(proposalId);
      if (mine === seq.current) {
        setPayments(p);
        setError(null);
      }
    } catch (err) {
      if (mine === seq.current) setError(err);
    }
  }, [proposalId]);

  useEffect(() => {
    void reload();
    const later = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void reload(), RELOAD_DEBOUNCE_MS);
    };
    const room = proposalRoom(proposalId);
    const offUpdate = listenRoom(room, PROPOSAL_UPDATE_EVENT, later);
    const offChain = listenRoom(room, CHAIN_ACTION_EVENT, later);
    // A reviewed summary changes what may be done next (the completion payment waits for the approved summary).
    const offTracking = listenRoom(room, TRACKING_UPDATE_EVENT, later);
    return () => {
      offUpdate();
      offChain();
      offTracking();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [proposalId, reload]);

  return { payments, error, reload };
}
