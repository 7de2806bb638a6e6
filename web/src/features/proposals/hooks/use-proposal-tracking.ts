import { useCallback, useEffect, useRef, useState } from 'react';
import {
  TRACKING_UPDATE_EVENT,
  trackingEventSchema,
  type ProposalNotes,
  type TrackingList,
} from '@cr/api/contract/proposal-tracking.contract';
import { proposalRoom } from '@cr/api/contract/proposal.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { trackingApi } from '../api/tracking-api';

/**
 * A proposal's tracking entries and secretariat notes, kept current: the room `proposal:<id>` announces each
 * committed change (`proposal:tracking`), which reloads what changed; a rejoin reloads both.
 */
export function useProposalTracking(proposalId: string) {
  const [list, setList] = useState<TrackingList | null>(null);
  const [notes, setNotes] = useState<ProposalNotes | null>(null);
  const [error, setError] = useState<unknown>(null);
  const seq = useRef({ list: 0, notes: 0 });

  const reloadList = useCallback(async () => {
    const mine = ++seq.current.list;
    try {
      const l = await trackingApi.list(proposalId);
      if (mine === seq.current.list) setList(l);
    } catch (err) {
      if (mine === seq.current.list) setError(err);
    }
  }, [proposalId]);
  const reloadNotes = useCallback(async () => {
    const mine = ++seq.current.notes;
    try {
      const n = await trackingApi.notes(proposalId);
      if (mine === seq.current.notes) setNotes(n);
    } catch (err) {
      if (mine === seq.current.notes) setError(err);
    }
  }, [proposalId]);

  useEffect(() => {
    setList(null);
    setNotes(null);
    void reloadList();
    void reloadNotes();
  }, [reloadList, reloadNotes]);

  useEffect(() => {
    let first = true;
    return listenRoom<unknown>(
      proposalRoom(proposalId),
      TRACKING_UPDATE_EVENT,
      (payload) => {
        const parsed = trackingEventSchema.safeParse(payload);
        if (!parsed.success || parsed.data.id !== proposalId) return;
        if (parsed.data.what === 'notes') void reloadNotes();
        else void reloadList();
      },
      (ok) => {
        if (ok && !first) {
          void reloadList();
          void reloadNotes();
        }
        if (ok) first = false;
      },
    );
  }, [proposalId, reloadList, reloadNotes]);

  return { list, notes, error, reloadList, reloadNotes, setNotes };
}
